import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseOption, heldAnswer, jsonAnswer, optionLabels, renderScreen, shownLabel, stubApi, toastLines, vpic } from '@cardirect/web/testing';
import { useWizardStore } from '../lib/wizard-store';
import { VehicleInfoStep } from './vehicle-info-step';

const accordVin = '1HGCM82633A004352';

const decodeResult = (fields: Record<string, string> = {}) =>
  vpic([{ VIN: accordVin, ModelYear: '2003', Make: 'HONDA', Model: 'Accord', Trim: 'EX-V6', TransmissionStyle: 'Automatic', TransmissionSpeeds: '5', DriveType: 'FWD/Front-Wheel Drive', FuelTypePrimary: 'Gasoline', EngineCylinders: '6', DisplacementL: '3.0', ...fields }]);

const catalogue = {
  'GET /api/vehicles/makes': vpic([{ Make_ID: 474, Make_Name: 'Honda' }, { Make_ID: 448, Make_Name: 'Toyota' }, { Make_ID: 449, Make_Name: 'Mercedes-Benz' }]),
  'GET /api/vehicles/models': vpic([{ Model_ID: 1, Model_Name: 'Accord' }, { Model_ID: 2, Model_Name: 'Civic' }]),
  'GET /api/vehicles/models-by-year': vpic([{ Model_ID: 2, Model_Name: 'Civic' }, { Model_ID: 1, Model_Name: 'Accord' }]),
  'GET /api/vehicles/trims': vpic([{ Trim_ID: 1, Trim_Name: 'LX' }, { Trim_ID: 2, Trim_Name: 'EX-V6' }]),
  'GET /api/vehicles/decode': decodeResult(),
};

async function typeVinAndDecode(vin: string): Promise<void> {
  const field = screen.getByLabelText('VIN (Vehicle Identification Number)');
  await userEvent.clear(field);
  if (vin) await userEvent.type(field, vin);
  await userEvent.click(screen.getByRole('button', { name: 'Decode VIN' }));
}

beforeEach(() => useWizardStore.getState().reset());

describe('step 1: vehicle info', () => {
  it('When nothing is chosen, then the model and trim wait for their turn and Continue names each missing field', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);

    expect(screen.getByRole('combobox', { name: 'Model' }).hasAttribute('disabled')).toBe(true);
    expect(shownLabel('Model')).toBe('Select Make First');
    expect(shownLabel('Trim')).toBe('Select Model First');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Details' }));

    expect(await screen.findByText('Year is required')).toBeTruthy();
    expect(screen.getByText('Make is required')).toBeTruthy();
    expect(screen.getByText('Model is required')).toBeTruthy();
  });

  it('When the year has models of its own, then those are offered; a year without any falls back to every model', async () => {
    const api = stubApi({ ...catalogue, 'GET /api/vehicles/models-by-year': () => (api.calls.some((call) => call.includes('year=1999')) ? vpic([]) : vpic([{ Model_ID: 2, Model_Name: 'Civic' }])) });
    renderScreen(<VehicleInfoStep />);

    await chooseOption('Year', '2020');
    await chooseOption('Make', 'Honda');
    await waitFor(() => expect(optionLabels('Model')).toEqual(['Civic']));

    await chooseOption('Year', '1999');
    await waitFor(() => expect(optionLabels('Model')).toEqual(['Accord', 'Civic']));
  });

  it('When a make or year is chosen without a decode, then model and trim are cleared; a new model clears the trim', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    await chooseOption('Year', '2020');
    await chooseOption('Make', 'Honda');
    await chooseOption('Model', 'Accord');
    await chooseOption('Trim', 'LX');

    await chooseOption('Model', 'Civic');
    await waitFor(() => expect(shownLabel('Trim')).toBe('Select Trim'));

    await chooseOption('Trim', 'EX-V6');
    await chooseOption('Year', '2019');
    await waitFor(() => expect(shownLabel('Model')).toBe('Select Model'));
    expect(shownLabel('Trim')).toBe('Select Model First');

    await chooseOption('Model', 'Accord');
    await chooseOption('Make', 'Toyota');
    await waitFor(() => expect(shownLabel('Model')).toBe('Select Model'));
  });

  it('When a VIN is decoded, then year, make, model and trim are set, and a later year or model change keeps what the decode picked', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);

    await typeVinAndDecode(accordVin);

    await waitFor(() => expect(shownLabel('Trim')).toBe('EX-V6'));
    expect([shownLabel('Year'), shownLabel('Make'), shownLabel('Model')]).toEqual(['2003', 'Honda', 'Accord']);
    expect(toastLines({ withVariant: true })).toEqual(['VIN Decoded Successfully / Found: 2003 HONDA Accord EX-V6 [default]']);

    await chooseOption('Year', '2004');
    await chooseOption('Model', 'Civic');
    expect([shownLabel('Model'), shownLabel('Trim')]).toEqual(['Civic', 'EX-V6']);
  });

  it('When another make is chosen after a decode, then the decoded model and trim are cleared and stay forgotten when the decoded make comes back', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(accordVin);
    await waitFor(() => expect(shownLabel('Trim')).toBe('EX-V6'));

    await chooseOption('Make', 'Toyota');

    await waitFor(() => expect(shownLabel('Model')).toBe('Select Model'));
    expect(shownLabel('Trim')).toBe('Select Model First');
    await chooseOption('Model', 'Civic');
    await chooseOption('Make', 'Honda');
    await waitFor(() => expect(shownLabel('Model')).toBe('Select Model'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Details' }));
    expect(await screen.findByText('Model is required')).toBeTruthy();
  });

  it('When the decoded make is chosen again, then the decoded model and trim stay', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(accordVin);
    await waitFor(() => expect(shownLabel('Trim')).toBe('EX-V6'));

    await chooseOption('Make', 'Honda');

    expect([shownLabel('Model'), shownLabel('Trim')]).toEqual(['Accord', 'EX-V6']);
  });

  it('When Enter is pressed in the VIN field, then the VIN is decoded, the step is not checked and the focus stays in the field', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    const vinField = screen.getByLabelText('VIN (Vehicle Identification Number)');

    await userEvent.type(vinField, `${accordVin}{Enter}`);

    await waitFor(() => expect(toastLines()).toEqual(['VIN Decoded Successfully / Found: 2003 HONDA Accord EX-V6']));
    expect(screen.queryByText('Year is required')).toBeNull();
    expect(useWizardStore.getState().step).toBe(1);
    expect(document.activeElement).toBe(vinField);
  });

  it('When a VIN is pasted in lower case with spaces, then it is cleaned to 17 capitals and decodes', async () => {
    const api = stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    const vinField = screen.getByLabelText<HTMLInputElement>('VIN (Vehicle Identification Number)');
    await userEvent.click(vinField);

    await userEvent.paste(' 1hgcm 82633 a004352 ');

    expect(vinField.value).toBe(accordVin);
    await userEvent.click(screen.getByRole('button', { name: 'Decode VIN' }));
    await waitFor(() => expect(shownLabel('Model')).toBe('Accord'));
    expect(api.calls).toContainEqual(expect.stringContaining(`vin=${accordVin}`));
  });

  it('When a small letter is typed in the middle of the VIN, then it is capitalised where it was typed', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    const vinField = screen.getByLabelText<HTMLInputElement>('VIN (Vehicle Identification Number)');
    await userEvent.type(vinField, '1HGCM82633004352');

    await userEvent.type(vinField, 'a', { initialSelectionStart: 10, initialSelectionEnd: 10 });

    expect(vinField.value).toBe(accordVin);
    expect(vinField.selectionStart).toBe(11);
  });

  it('When the VIN is edited after a decode, then choosing a make clears model and trim again', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(accordVin);
    await waitFor(() => expect(shownLabel('Model')).toBe('Accord'));

    await userEvent.type(screen.getByLabelText('VIN (Vehicle Identification Number)'), '{Backspace}2');
    await chooseOption('Make', 'Toyota');

    await waitFor(() => expect(shownLabel('Model')).toBe('Select Model'));
    expect(shownLabel('Trim')).toBe('Select Model First');
  });

  it('When the decode has no trim, then the trim dropdown says the VIN has no trim data and still offers the model\'s trims', async () => {
    stubApi({ ...catalogue, 'GET /api/vehicles/decode': decodeResult({ Trim: '' }) });
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(accordVin);
    await waitFor(() => expect(shownLabel('Trim')).toBe('No trim data available for this VIN'));
    expect(screen.getByText("Pick your car's trim from the list if you know it.")).toBeTruthy();

    await chooseOption('Trim', 'LX');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Details' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(2));
    expect(useWizardStore.getState().draft).toMatchObject({ model: 'accord', trim: 'LX' });
  });

  it('When the model has no trims, then the dropdown says so', async () => {
    stubApi({ ...catalogue, 'GET /api/vehicles/trims': vpic([]) });
    renderScreen(<VehicleInfoStep />);
    await chooseOption('Year', '2020');
    await chooseOption('Make', 'Honda');
    await chooseOption('Model', 'Accord');
    await waitFor(() => expect(shownLabel('Trim')).toBe('No trims available'));
  });

  it.each([
    ['a VIN of 16 characters', '1HGCM82633A00435', {}, 'Invalid VIN / Please enter a valid 17-character VIN. [destructive]'],
    ['a VIN the catalogue does not know', accordVin, { 'GET /api/vehicles/decode': vpic([]) }, 'VIN Decoding Failed / Could not decode VIN. Please enter vehicle details manually. [destructive]'],
    [
      'a failing decode call',
      accordVin,
      { 'GET /api/vehicles/decode': new Response('{"message":"boom"}', { status: 500 }) },
      'VIN Decoding Error / An error occurred while decoding the VIN. Please try again or enter details manually. [destructive]',
    ],
    ['a failing model lookup', accordVin, { 'GET /api/vehicles/models': new Response('{"message":"boom"}', { status: 503 }) }, 'Partial VIN Data / Year and make set. Please select the model manually. [default]'],
  ])('When decoding %s, then the toast says so', async (_case, vin, routes, toast) => {
    stubApi({ ...catalogue, ...routes });
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(vin);
    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual([toast]));
  });

  it('When a model lookup fails after a decode, then year and make are set and the model is left to the seller', async () => {
    stubApi({ ...catalogue, 'GET /api/vehicles/models': new Response('', { status: 503 }) });
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(accordVin);
    await waitFor(() => expect(shownLabel('Make')).toBe('Honda'));
    expect(shownLabel('Year')).toBe('2003');
    expect(screen.getByText('Failed to fetch models')).toBeTruthy();
  });

  it('While decoding, then the button says Decoding... and cannot be pressed twice', async () => {
    const decode = heldAnswer();
    const api = stubApi({ ...catalogue, 'GET /api/vehicles/decode': () => decode.answer });
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(accordVin);

    const busy = await screen.findByRole('button', { name: 'Decoding...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(busy);
    decode.release(jsonAnswer(200, decodeResult()));
    expect(await screen.findByRole('button', { name: 'Decode VIN' })).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('GET /api/vehicles/decode'))).toHaveLength(1);
  });

  it('When step 1 is complete, then the decoded transmission, drive, fuel and engine go along into the draft with the names', async () => {
    stubApi(catalogue);
    renderScreen(<VehicleInfoStep />);
    await typeVinAndDecode(accordVin);
    await waitFor(() => expect(shownLabel('Trim')).toBe('EX-V6'));

    await userEvent.click(screen.getByRole('button', { name: 'Continue to Details' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(2));
    expect(useWizardStore.getState().draft).toEqual({
      vin: accordVin,
      year: '2003',
      make: 'honda',
      model: 'accord',
      trim: 'EX-V6',
      transmission: 'Automatic',
      driveType: 'FWD/Front-Wheel Drive',
      fuelType: 'Gasoline',
      engine: '6 cylinder 3.0L',
      makeName: 'Honda',
      modelName: 'Accord',
    });
  });
});

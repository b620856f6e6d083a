import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubApi, toastLines, vpic } from '@cardirect/web/testing';
import type { CompleteDraft } from '../lib/submission-body';
import { useWizardStore } from '../lib/wizard-store';
import { SubmitVehicleWizard } from './submit-vehicle-wizard';

const completeDraft: CompleteDraft = {
  vin: '1HGCM82633A004352',
  year: '2003',
  make: 'honda',
  model: 'accord',
  makeName: 'Honda',
  modelName: 'Accord',
  trim: 'EX-V6',
  mileage: '120500',
  exteriorColor: 'silver',
  transmission: 'automatic',
  condition: 'needs_work',
  titleStatus: 'clean',
  financingStatus: 'financed',
  zipCode: '78701',
  description: 'Timing belt done in 2022.',
  fullName: 'Pat Lee',
  contactEmail: 'pat@example.com',
  contactPhone: '512-555-0100',
  city: 'Austin',
  state: 'TX',
  photoUrl: 'data:image/jpeg;base64,AAAA',
};

const makes = { 'GET /api/vehicles/makes': vpic([{ Make_ID: 474, Make_Name: 'Honda' }]) };

function valueOf(label: string): string | null | undefined {
  return screen.getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent;
}

beforeEach(() => useWizardStore.getState().reset());

describe('the submit wizard', () => {
  it('When the wizard opens, then step 1 of four is current and no vehicle badge shows yet', () => {
    stubApi(makes);
    renderScreen(<SubmitVehicleWizard />);

    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Step 1: Vehicle Info', '2Step 2: Details', '3Step 3: Contact', '4Step 4: Submit']);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('heading', { level: 2, name: 'Enter your VIN or select vehicle manually' })).toBeTruthy();
    expect(screen.queryByText(/Your vehicle:/)).toBeNull();
  });

  it('When the review shows, then the badge reads VIN | year | make | model and every section lists what was entered', () => {
    useWizardStore.setState({ step: 4, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);

    expect(screen.getByText('1HGCM82633A004352 | 2003 | Honda | Accord')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem')[3]?.getAttribute('aria-current')).toBe('step');
    expect(valueOf('Make')).toBe('Honda');
    expect(valueOf('Mileage')).toBe('120,500 mi');
    expect(valueOf('Exterior Color')).toBe('Silver');
    expect(valueOf('Condition')).toBe('Needs Work');
    expect(valueOf('Financing Status')).toBe('Financed');
    expect(valueOf('Location')).toBe('Austin, Texas');
    expect(screen.getByText('Timing belt done in 2022.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your vehicle photo' }).getAttribute('src')).toBe('data:image/jpeg;base64,AAAA');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByText(/dealers may contact you/)).toBeTruthy();
  });

  it('When the car is submitted, then the body is sent, the success toast and page show, and the draft is gone', async () => {
    const api = stubApi({ ...makes, 'POST /api/vehicles': new Response('{"id":"v1","status":"new","createdAt":"2026-11-24T00:00:00.000Z"}', { status: 201 }) });
    useWizardStore.setState({ step: 4, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);

    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));

    expect(await screen.findByRole('heading', { name: 'Vehicle Submitted Successfully!' })).toBeTruthy();
    expect(toastLines()).toEqual(['Vehicle Submitted Successfully / Dealers in your area will be notified and may contact you with offers']);
    expect(within(screen.getByRole('list', { name: '' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText(/Open it and confirm your listing within 48 hours/).textContent).toContain(String(api.bodies.get('POST /api/vehicles') && (api.bodies.get('POST /api/vehicles') as { contactEmail: string }).contactEmail));
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Submit Another Vehicle' }).getAttribute('href')).toBe('/submit-vehicle');
    expect(api.bodies.get('POST /api/vehicles')).toMatchObject({ year: 2003, mileage: 120500, make: 'honda', model: 'accord', photoUrls: ['data:image/jpeg;base64,AAAA'], sellerId: 1 });
    expect(useWizardStore.getState().draft).toEqual({});
    expect(sessionStorage.getItem('cardirect-vehicle-draft')).not.toContain('Pat Lee');
  });

  it('While the submission is on its way, then the button says Submitting...', async () => {
    stubApi({ ...makes, 'POST /api/vehicles': () => new Promise<Response>(() => undefined) });
    useWizardStore.setState({ step: 4, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));
    expect((await screen.findByRole('button', { name: 'Submitting...' })).hasAttribute('disabled')).toBe(true);
  });

  it('When the server refuses the car, then "Submission Failed" says why and nothing typed is lost', async () => {
    stubApi({ ...makes, 'POST /api/vehicles': new Response('{"message":"Photo 1 is larger than 5 MB"}', { status: 413 }) });
    useWizardStore.setState({ step: 4, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);

    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));

    await waitFor(() => expect(toastLines()).toEqual(['Submission Failed / Error: Photo 1 is larger than 5 MB']));
    expect(screen.getByRole('button', { name: 'Submit Vehicle' })).toBeTruthy();
    expect(useWizardStore.getState().draft).toEqual(completeDraft);
  });

  it('When the network fails, then the message says the site could not be reached', async () => {
    stubApi({ ...makes, 'POST /api/vehicles': () => Promise.reject(new TypeError('Failed to fetch')) });
    useWizardStore.setState({ step: 4, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));
    await waitFor(() => expect(toastLines()).toEqual(['Submission Failed / Error: Could not reach CarDirect. Check your connection and try again.']));
  });

  it('When the server refuses a field, then its step opens with the message under that field', async () => {
    stubApi({
      ...makes,
      'POST /api/vehicles': new Response('{"message":"Validation failed","errors":{"zipCode":"ZIP Code must be a US ZIP code (12345 or 12345-6789)"}}', { status: 400 }),
    });
    useWizardStore.setState({ step: 4, draft: { ...completeDraft, zipCode: 'ABCDE' } });
    renderScreen(<SubmitVehicleWizard />);

    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Enter Vehicle Details' })).toBeTruthy();
    expect(await screen.findByText('ZIP Code must be a US ZIP code (12345 or 12345-6789)')).toBeTruthy();
    expect(screen.getByLabelText('ZIP Code').getAttribute('aria-invalid')).toBe('true');
  });

  it('When a step is completed, then the next step heading takes the focus', async () => {
    useWizardStore.setState({ step: 3, draft: completeDraft });
    stubApi(makes);
    renderScreen(<SubmitVehicleWizard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Review' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Review Your Submission' });
    expect(document.activeElement).toBe(heading);
  });

  it('When the page is opened again in the same tab, then the draft and step are still there', () => {
    useWizardStore.setState({ step: 3, draft: { ...completeDraft, fullName: 'Kept Name' } });
    expect(JSON.parse(sessionStorage.getItem('cardirect-vehicle-draft') ?? '{}')).toMatchObject({ state: { step: 3, draft: { fullName: 'Kept Name' } } });
  });
});

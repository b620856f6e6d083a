import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseOption, renderScreen, shownLabel } from '@cardirect/web/testing';
import { useWizardStore } from '../lib/wizard-store';
import { VehicleDetailsStep } from './vehicle-details-step';

beforeEach(() => {
  useWizardStore.getState().reset();
  useWizardStore.setState({ step: 2 });
});

describe('step 2: vehicle details', () => {
  it('When the required details are missing, then each says so under its field', async () => {
    renderScreen(<VehicleDetailsStep />);
    await userEvent.type(screen.getByLabelText('ZIP Code'), '7870');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    expect(await screen.findByText('Mileage is required')).toBeTruthy();
    expect(screen.getByText('Title status is required')).toBeTruthy();
    expect(screen.getByText('Condition is required')).toBeTruthy();
    expect(screen.getByText('Financing status is required')).toBeTruthy();
    expect(screen.getByText('ZIP Code is required')).toBeTruthy();
    expect(screen.getByLabelText('Mileage').getAttribute('aria-invalid')).toBe('true');
  });

  it('When decoded values arrive in vPIC words, then the dropdowns show them as stored values', () => {
    useWizardStore.setState({ draft: { trim: 'EX-V6', transmission: 'Automatic', driveType: 'FWD/Front-Wheel Drive', fuelType: 'Gasoline', engine: '6 cylinder 3.0L' } });
    renderScreen(<VehicleDetailsStep />);

    expect(shownLabel('Transmission')).toBe('Automatic');
    expect(shownLabel('Drive Type')).toBe('Front-Wheel Drive (FWD)');
    expect(shownLabel('Fuel Type')).toBe('Gasoline');
    expect((screen.getByLabelText('Trim') as HTMLInputElement).value).toBe('EX-V6');
    expect((screen.getByLabelText('Engine') as HTMLInputElement).value).toBe('6 cylinder 3.0L');
  });

  it('When the details are complete, then they join the draft, mileage as typed digits, and Back keeps what was typed', async () => {
    useWizardStore.setState({ draft: { year: '2003', make: 'honda' } });
    renderScreen(<VehicleDetailsStep />);
    await userEvent.type(screen.getByLabelText('Mileage'), '120,500');
    await chooseOption('Condition', 'Good');
    await chooseOption('Title Status', 'Clean');
    await chooseOption('Financing Status', 'Owned (paid off)');
    await userEvent.type(screen.getByLabelText('ZIP Code'), '78701');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(3));
    expect(useWizardStore.getState().draft).toMatchObject({ year: '2003', make: 'honda', mileage: '120500', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701' });
  });

  it('When the description is offered, then its hint says who reads it: CarDirect and the dealer whose offer is accepted', () => {
    renderScreen(<VehicleDetailsStep />);

    const description = screen.getByLabelText('Description');
    const hint = document.getElementById(description.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Features, service history, damage. Seen by CarDirect and by the dealer whose offer you accept. Leave out contact details.');
  });

  it('When the seller goes Back, then an unfinished step is kept for later', async () => {
    renderScreen(<VehicleDetailsStep />);
    await userEvent.type(screen.getByLabelText('Description'), 'New tyres');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(useWizardStore.getState().step).toBe(1);
    expect(useWizardStore.getState().draft.description).toBe('New tyres');
  });
});

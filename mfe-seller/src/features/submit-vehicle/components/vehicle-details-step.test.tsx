import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseOption, renderScreen, shownLabel } from '@cardirect/web/testing';
import { useWizardStore } from '../lib/wizard-store';
import { answeredReport, answerQuestionnaire, completePhotos } from '../testing/draft-fixtures';
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
    await answerQuestionnaire();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(3));
    expect(useWizardStore.getState().draft).toMatchObject({ year: '2003', make: 'honda', mileage: '120500', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701' });
    expect(useWizardStore.getState().draft.conditionReport).toEqual({ ...answeredReport, panelDamage: [] });
  });

  it('When the questionnaire is left unanswered, then each question says what it needs', async () => {
    renderScreen(<VehicleDetailsStep />);
    await userEvent.click(screen.getByRole('button', { name: 'Add a scratch or dent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    expect(await screen.findByText('Tell us about any accidents')).toBeTruthy();
    expect(screen.getByText('Choose the condition of the tires')).toBeTruthy();
    expect(screen.getByText('Choose the panel')).toBeTruthy();
    expect(screen.getByText('Tell us whether the car was smoked in')).toBeTruthy();
    expect(useWizardStore.getState().step).toBe(2);
  });

  it('When every question is answered, then the grade the dealers will see shows and follows the answers', async () => {
    renderScreen(<VehicleDetailsStep />);
    expect(screen.getByText('Answer every question to see the condition grade dealers will see.')).toBeTruthy();

    await answerQuestionnaire();
    expect(screen.getByText('Condition grade from your answers:').textContent).toBe('Condition grade from your answers: Excellent');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Airbag' }));
    expect(screen.getByText('Condition grade from your answers:').textContent).toBe('Condition grade from your answers: Needs Work');
  });

  it('When a declared damage is removed, then its photo goes and the photo of the next one follows it', async () => {
    const twoDamages = { ...answeredReport, panelDamage: [{ panel: 'hood', kind: 'scratch', size: 'small' }, { panel: 'roof', kind: 'dent', size: 'medium' }] } as const;
    const roofPhoto = { id: 'roof', role: { role: 'damage', damageIndex: 1 }, dataUrl: 'data:image/jpeg;base64,ROOF' } as const;
    useWizardStore.setState({ draft: { mileage: '1000', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701', conditionReport: { ...twoDamages, panelDamage: [...twoDamages.panelDamage] }, photos: [...completePhotos(), roofPhoto] } });
    renderScreen(<VehicleDetailsStep />);

    await userEvent.click(screen.getByRole('button', { name: 'Remove damage 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(3));
    const damagePhotos = useWizardStore.getState().draft.photos?.filter((photo) => photo.role.role === 'damage');
    expect(damagePhotos).toEqual([{ ...roofPhoto, role: { role: 'damage', damageIndex: 0 } }]);
  });

  it('When the description is offered, then its hint says who reads it: CarDirect and the dealer whose offer is accepted', () => {
    renderScreen(<VehicleDetailsStep />);

    const description = screen.getByLabelText('Description');
    const hint = document.getElementById(description.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Features, service history, damage. Seen by CarDirect and by the dealer whose offer you accept. Leave out contact details.');
  });

  it('When the seller gives a minimum price, then its hint says dealers never see it, a fraction is refused with its message, and whole dollars join the draft as typed', async () => {
    useWizardStore.setState({ draft: { mileage: '1000', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701', conditionReport: answeredReport } });
    renderScreen(<VehicleDetailsStep />);
    const minimum = screen.getByLabelText('Minimum price (optional, private)');
    const hint = document.getElementById(minimum.getAttribute('aria-describedby')?.split(' ')[0] ?? '');

    await userEvent.type(minimum, '18500.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    expect(hint?.textContent).toBe('Whole dollars. Dealers never see the amount, only that you set one; offers below it are marked for you.');
    expect(await screen.findByText('Minimum price must be whole dollars')).toBeTruthy();
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(useWizardStore.getState().step).toBe(2);

    await userEvent.clear(minimum);
    await userEvent.type(minimum, '$18,500');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(3));
    expect(useWizardStore.getState().draft.reservePrice).toBe('$18,500');
  });

  it('When no minimum price is given, then the step continues without one', async () => {
    useWizardStore.setState({ draft: { mileage: '1000', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701', conditionReport: answeredReport } });
    renderScreen(<VehicleDetailsStep />);

    await userEvent.click(screen.getByRole('button', { name: 'Continue to Contact Info' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(3));
    expect(useWizardStore.getState().draft.reservePrice).toBe('');
  });

  it('When the seller goes Back, then an unfinished step is kept for later', async () => {
    renderScreen(<VehicleDetailsStep />);
    await userEvent.type(screen.getByLabelText('Description'), 'New tyres');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(useWizardStore.getState().step).toBe(1);
    expect(useWizardStore.getState().draft.description).toBe('New tyres');
  });
});

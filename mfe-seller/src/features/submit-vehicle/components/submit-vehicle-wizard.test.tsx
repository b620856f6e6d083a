import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubApi, toastLines, vpic } from '@cardirect/web/testing';
import type { CompleteDraft } from '../lib/submission-body';
import { stepOfHistoryEntry } from '../lib/step-history';
import { useWizardStore } from '../lib/wizard-store';
import { answeredReport, completePhotos } from '../testing/draft-fixtures';
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
  conditionReport: answeredReport,
  photos: completePhotos(),
};

const makes = { 'GET /api/vehicles/makes': vpic([{ Make_ID: 474, Make_Name: 'Honda' }]) };

function valueOf(label: string): string | null | undefined {
  return screen.getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent;
}

beforeEach(() => {
  useWizardStore.getState().reset();
  // A fresh page for each test: an entry that no wizard step has marked yet.
  window.history.replaceState(null, '', '/');
});

/** The wizard step the browser's current history entry stands for, once the browser has moved there. */
async function browserEntryStep(expected: number): Promise<void> {
  await waitFor(() => expect(stepOfHistoryEntry(window.history.state)).toBe(expected));
}

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
    expect(valueOf('Condition grade from your answers')).toBe('Good');
    expect(valueOf('Declared damage')).toBe('Scratch, small (under 1 inch), on the hood');
    expect(screen.getByRole('heading', { name: 'Photos (5)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your photo: front three-quarter' }).getAttribute('src')).toBe('data:image/jpeg;base64,FRONTTHREEQUARTER');
    expect(screen.getByRole('img', { name: 'Damage 1: Scratch, small (under 1 inch), on the hood' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByText(/dealers may contact you/)).toBeTruthy();
    expect(valueOf('Minimum price (private)')).toBe('None');
  });

  it('When the seller set a minimum price, then the review shows it and the body sends it as whole dollars', async () => {
    const api = stubApi({ ...makes, 'POST /api/vehicles': new Response('{"id":"v1","status":"new","createdAt":"2026-11-24T00:00:00.000Z"}', { status: 201 }) });
    useWizardStore.setState({ step: 4, draft: { ...completeDraft, reservePrice: '18,500' } });
    renderScreen(<SubmitVehicleWizard />);

    expect(valueOf('Minimum price (private)')).toBe('$18,500');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));

    await screen.findByRole('heading', { name: 'Vehicle Submitted Successfully!' });
    expect(api.bodies.get('POST /api/vehicles')).toMatchObject({ reservePrice: 18_500 });
  });

  it('When the server refuses the minimum price, then step 2 opens with the message under that field', async () => {
    stubApi({
      ...makes,
      'POST /api/vehicles': new Response('{"message":"Validation failed","errors":{"reservePrice":"Minimum price must be at least $100"}}', { status: 400 }),
    });
    useWizardStore.setState({ step: 4, draft: { ...completeDraft, reservePrice: '50' } });
    renderScreen(<SubmitVehicleWizard />);

    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Enter Vehicle Details' })).toBeTruthy();
    expect(await screen.findByText('Minimum price must be at least $100')).toBeTruthy();
    expect(screen.getByLabelText('Minimum price (optional, private)').getAttribute('aria-invalid')).toBe('true');
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
    expect(api.bodies.get('POST /api/vehicles')).toMatchObject({ year: 2003, mileage: 120500, make: 'honda', model: 'accord', sellerId: 1 });
    expect((api.bodies.get('POST /api/vehicles') as { photoRoles: unknown[] }).photoRoles).toEqual([
      { role: 'view', view: 'front-three-quarter' },
      { role: 'view', view: 'rear-three-quarter' },
      { role: 'view', view: 'interior-front' },
      { role: 'view', view: 'odometer' },
      { role: 'damage', damageIndex: 0 },
    ]);
    expect(useWizardStore.getState().draft).toEqual({});
    await waitFor(async () => expect(JSON.stringify(await get('cardirect-vehicle-draft'))).not.toContain('Pat Lee'));
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

  it("When the phone's Back button is pressed on a step, then the step before shows, what was typed is kept, and Back on step 2 reaches step 1", async () => {
    stubApi(makes);
    useWizardStore.setState({ step: 3, draft: { ...completeDraft, fullName: '' } });
    renderScreen(<SubmitVehicleWizard />);
    await userEvent.type(await screen.findByLabelText('Full Name'), 'Typed Before Back');

    window.history.back();

    expect(await screen.findByRole('heading', { level: 2, name: 'Enter Vehicle Details' })).toBeTruthy();
    expect(useWizardStore.getState().draft.fullName).toBe('Typed Before Back');
    window.history.back();
    expect(await screen.findByRole('heading', { level: 2, name: 'Enter your VIN or select vehicle manually' })).toBeTruthy();
    await browserEntryStep(1);
  });

  it("When a step is completed, then the phone's Back button returns to it", async () => {
    stubApi(makes);
    useWizardStore.setState({ step: 3, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Review' }));
    await screen.findByRole('heading', { level: 2, name: 'Review Your Submission' });
    await browserEntryStep(4);

    window.history.back();

    expect(await screen.findByRole('heading', { level: 2, name: 'Your Contact Information' })).toBeTruthy();
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Pat Lee');
  });

  it("When the page's own Back button is used, then the browser goes back too, so its Back button next reaches the step before, not the step left", async () => {
    stubApi(makes);
    useWizardStore.setState({ step: 3, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);

    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Enter Vehicle Details' });
    await browserEntryStep(2);
    window.history.back();

    expect(await screen.findByRole('heading', { level: 2, name: 'Enter your VIN or select vehicle manually' })).toBeTruthy();
  });

  it("When the browser's Forward button is pressed after a Back, then the step stays until its own Continue checks it", async () => {
    stubApi(makes);
    useWizardStore.setState({ step: 3, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);
    await screen.findByRole('heading', { level: 2, name: 'Your Contact Information' });
    window.history.back();
    await screen.findByRole('heading', { level: 2, name: 'Enter Vehicle Details' });
    await browserEntryStep(2);

    const landedOn = new Promise((resolve) => window.addEventListener('popstate', (event) => resolve(stepOfHistoryEntry(event.state)), { once: true }));

    window.history.forward();

    // Forward lands on step 3's entry and is sent back to step 2's.
    expect(await landedOn).toBe(3);
    await browserEntryStep(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Enter Vehicle Details' })).toBeTruthy();
    expect(useWizardStore.getState().step).toBe(2);
  });

  it("When the car is submitted, then the browser is back on the wizard's first entry, so Back leaves the success page", async () => {
    stubApi({ ...makes, 'POST /api/vehicles': new Response('{"id":"v1","status":"new","createdAt":"2026-11-24T00:00:00.000Z"}', { status: 201 }) });
    useWizardStore.setState({ step: 4, draft: completeDraft });
    renderScreen(<SubmitVehicleWizard />);
    await browserEntryStep(4);

    await userEvent.click(screen.getByRole('button', { name: 'Submit Vehicle' }));

    await screen.findByRole('heading', { name: 'Vehicle Submitted Successfully!' });
    await browserEntryStep(1);
    expect(screen.getByRole('heading', { name: 'Vehicle Submitted Successfully!' })).toBeTruthy();
  });

  it('When the draft changes, then it is kept in IndexedDB with its photos and step, for a reload to read back', async () => {
    useWizardStore.setState({ step: 3, draft: { ...completeDraft, fullName: 'Kept Name' } });

    await waitFor(async () =>
      expect(await get('cardirect-vehicle-draft')).toMatchObject({ value: { state: { step: 3, draft: { fullName: 'Kept Name', photos: completePhotos() } } } }),
    );
  });

  it('When the page is opened again, then the saved draft, its photos and the step are read back', async () => {
    await set('cardirect-vehicle-draft', { value: { state: { step: 3, draft: completeDraft }, version: 0 }, savedAt: Date.now() });

    await useWizardStore.persist.rehydrate();

    expect(useWizardStore.getState().step).toBe(3);
    expect(useWizardStore.getState().draft).toEqual(completeDraft);
  });

  it('When a draft was left more than a week ago, then the wizard starts empty and the old draft is deleted', async () => {
    await set('cardirect-vehicle-draft', { value: { state: { step: 3, draft: completeDraft }, version: 0 }, savedAt: Date.now() - 8 * 24 * 60 * 60 * 1000 });

    await useWizardStore.persist.rehydrate();

    expect(useWizardStore.getState().draft).toEqual({});
    expect(await get('cardirect-vehicle-draft')).toBeUndefined();
  });
});

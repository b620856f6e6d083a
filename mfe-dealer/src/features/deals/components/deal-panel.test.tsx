import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { ConditionReport, DealView, HandOverFault } from '@cardirect/contracts';
import { resizePhoto } from '@cardirect/web';
import { chooseOption, jsonAnswer, offerFixture, renderScreen, stubApi, toastLines, vehicleFixture, type ApiStub } from '@cardirect/web/testing';
import VehicleDetailScreen from '../../../exposes/vehicle-detail-screen';
import { dealFixture } from '../../../testing/deal-fixtures';

vi.mock('@cardirect/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cardirect/web')>()),
  resizePhoto: vi.fn(async () => 'data:image/jpeg;base64,RESIZED'),
}));

// 10:00 in Chicago (CDT, UTC-5) on Monday July 15, 2030: the dealer's clock and time zone.
const NOW = new Date('2030-07-15T15:00:00.000Z');
const initialZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  process.env.TZ = initialZone;
});

const acceptedDeal = () =>
  dealFixture({
    acceptedAt: '2030-07-15T13:00:00.000Z',
    proposalDueAt: '2030-07-16T13:00:00.000Z',
    nextStep: { action: 'propose-slots', actor: 'dealer', dueAt: '2030-07-16T13:00:00.000Z' },
    timeline: [{ at: '2030-07-15T13:00:00.000Z', kind: 'accepted', by: 'seller', text: 'Accepted the offer of $15,000' }],
  });

const bookedDeal = (overrides: Partial<DealView> = {}) =>
  dealFixture({
    state: 'appointment-booked',
    place: 'dealership',
    placeAddress: '1 Main Street, Dallas, TX 75201',
    slots: [{ id: 'slot-1', startsAt: '2030-07-17T14:00:00.000Z', endsAt: '2030-07-17T16:00:00.000Z' }],
    booked: { id: 'slot-1', startsAt: '2030-07-17T14:00:00.000Z', endsAt: '2030-07-17T16:00:00.000Z' },
    nextStep: { action: 'record-hand-over', actor: 'dealer' },
    allowed: ['propose-slots', 'record-hand-over', 'cancel'],
    ...overrides,
  });

/** The winning dealer's car page, with the deal the service answers (a function: it may change after a step). */
function openCarWithDeal(deal: () => DealView | Response, routes: Record<string, unknown> = {}): ApiStub {
  const api = stubApi({
    'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
    'GET /api/vehicles/car-1': vehicleFixture({ saleAgreed: true, fullName: 'Pat Lee', contactEmail: 'pat@example.com', contactPhone: '512-555-0100' }),
    'GET /api/vehicles/car-1/offers': [offerFixture({ status: 'accepted' })],
    'GET /api/vehicles/car-1/deal': deal,
    ...routes,
  });
  renderScreen(<Route path="/vehicles/:id" component={VehicleDetailScreen} />, { path: '/vehicles/car-1' });
  return api;
}

async function dealPanel(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Your Deal' });
}

/** Drops files on the fault photos' area as a browser's drag and drop would. */
function dropPhotos(files: File[]): void {
  const dropArea = screen.getByRole('group', { name: 'Fault photos drop area' });
  fireEvent.drop(dropArea, { dataTransfer: { files, items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })), types: ['Files'] } });
}

describe("the deal panel on the winning dealer's car page", () => {
  it('When the seller has just accepted, then the panel shows the state, the step due with its clock, the timeline, and only the allowed actions', async () => {
    openCarWithDeal(acceptedDeal);

    const panel = await dealPanel();
    expect(within(panel).getByText('Waiting for appointment times')).toBeTruthy();
    expect(within(panel).getByText('Propose 1 to 3 appointment times.')).toBeTruthy();
    expect(within(panel).getByText('22 hours left')).toBeTruthy();
    expect(within(panel).getByRole('list', { name: 'Deal timeline' }).textContent).toContain('Accepted the offer of $15,000');
    expect(within(panel).getByRole('heading', { name: 'Propose Appointment Times' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Cancel Deal' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Record Hand-Over' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });

  it("When the dealer proposes two times in its own time zone (Chicago), then the API gets them as UTC instants with their windows, the place and the message", async () => {
    let deal: DealView = acceptedDeal();
    const api = openCarWithDeal(() => deal, {
      'POST /api/deals/deal-1/slots': () => {
        deal = dealFixture({ state: 'appointment-proposed', allowed: ['cancel'], nextStep: { action: 'book-slot', actor: 'seller' } });
        return deal;
      },
    });
    const panel = await dealPanel();
    expect(within(panel).getByText('America/Chicago')).toBeTruthy();

    const first = within(panel).getByRole('group', { name: 'Time 1' });
    await userEvent.type(within(first).getByLabelText('Date'), '2030-07-16');
    await userEvent.type(within(first).getByLabelText('Start time'), '09:30');
    await chooseOption('Window', '2 hours');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Another Time' }));
    const second = within(panel).getByRole('group', { name: 'Time 2' });
    await userEvent.type(within(second).getByLabelText('Date'), '2030-07-17');
    await userEvent.type(within(second).getByLabelText('Start time'), '17:00');
    await userEvent.click(within(panel).getByLabelText('At your dealership'));
    await userEvent.type(within(panel).getByLabelText('Message to the Seller (optional)'), 'Ask for Sam');
    await userEvent.click(within(panel).getByRole('button', { name: 'Propose Times' }));

    await waitFor(() => expect(toastLines()).toEqual(['Times Sent / The seller is e-mailed the 2 times to book one.']));
    expect(api.bodies.get('POST /api/deals/deal-1/slots')).toEqual({
      slots: [
        { startsAt: '2030-07-16T14:30:00.000Z', hours: 2 },
        { startsAt: '2030-07-17T22:00:00.000Z', hours: 1 },
      ],
      place: 'dealership',
      message: 'Ask for Sam',
    });
    expect(await within(panel).findByText('Appointment times proposed')).toBeTruthy();
    expect(within(panel).queryByRole('heading', { name: 'Propose Appointment Times' })).toBeNull();
  });

  it('When the times are missing, too soon or no place is chosen, then each field says so and nothing is sent', async () => {
    const api = openCarWithDeal(acceptedDeal);
    const panel = await dealPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Propose Times' }));
    expect(await within(panel).findByText('Choose a date')).toBeTruthy();
    expect(within(panel).getByText('Choose a start time')).toBeTruthy();

    await userEvent.type(within(panel).getByLabelText('Date'), '2030-07-15');
    await userEvent.type(within(panel).getByLabelText('Start time'), '11:00');
    await userEvent.click(within(panel).getByRole('button', { name: 'Propose Times' }));
    expect(await within(panel).findByText('Choose a start at least 2 hours from now')).toBeTruthy();
    expect(within(panel).getByText("Choose where: the seller's address or the dealership")).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it("When the service refuses a time with a field message, then it shows under that row's start time", async () => {
    openCarWithDeal(acceptedDeal, {
      'POST /api/deals/deal-1/slots': jsonAnswer(400, { message: 'Please fix the highlighted fields', errors: { 'slots.0.startsAt': 'The dealership is closed at that time' } }),
    });
    const panel = await dealPanel();

    await userEvent.type(within(panel).getByLabelText('Date'), '2030-07-16');
    await userEvent.type(within(panel).getByLabelText('Start time'), '09:00');
    await userEvent.click(within(panel).getByLabelText("At the seller's address (the seller gives it when booking)"));
    await userEvent.click(within(panel).getByRole('button', { name: 'Propose Times' }));

    const message = await within(panel).findByText('The dealership is closed at that time');
    expect(within(panel).getByLabelText('Start time').getAttribute('aria-describedby')).toContain(message.id);
    expect(toastLines({ withVariant: true })).toEqual(['Times Not Sent / Please fix the highlighted fields [destructive]']);
  });

  it('When the seller booked meanwhile (409), then the message shows and the deal is asked again', async () => {
    let deal: DealView = acceptedDeal();
    const api = openCarWithDeal(() => deal, {
      'POST /api/deals/deal-1/slots': () => {
        deal = bookedDeal();
        return jsonAnswer(409, { message: 'The deal has moved on: times were already proposed' });
      },
    });
    const panel = await dealPanel();

    await userEvent.type(within(panel).getByLabelText('Date'), '2030-07-16');
    await userEvent.type(within(panel).getByLabelText('Start time'), '09:00');
    await userEvent.click(within(panel).getByLabelText('At your dealership'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Propose Times' }));

    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Times Not Sent / The deal has moved on: times were already proposed [destructive]']));
    expect(await within(panel).findByRole('button', { name: 'Record Hand-Over' })).toBeTruthy();
    expect(api.calls.filter((call) => call === 'GET /api/vehicles/car-1/deal').length).toBeGreaterThanOrEqual(2);
  });

  it('When the appointment is booked, then the dealer may reschedule once with the same form', async () => {
    const api = openCarWithDeal(() => bookedDeal(), { 'POST /api/deals/deal-1/slots': bookedDeal({ allowed: ['record-hand-over', 'cancel'] }) });
    const panel = await dealPanel();
    expect(within(panel).getByText('1 Main Street, Dallas, TX 75201')).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Reschedule' }));
    await userEvent.type(within(panel).getByLabelText('Date'), '2030-07-18');
    await userEvent.type(within(panel).getByLabelText('Start time'), '08:00');
    await userEvent.click(within(panel).getByRole('button', { name: 'Propose New Times' }));

    await waitFor(() => expect(toastLines()).toEqual(['New Times Sent / The seller is e-mailed the time to book one.']));
    expect(api.bodies.get('POST /api/deals/deal-1/slots')).toEqual({ slots: [{ startsAt: '2030-07-18T13:00:00.000Z', hours: 1 }], place: 'dealership' });
  });

  it('When the dealer records a lower price with the faults and a photo of them, then the price in whole dollars, the faults, the reason and the resized photo are sent', async () => {
    let deal = bookedDeal();
    const faults: HandOverFault[] = [{ kind: 'panel-damage', panel: 'rear-bumper', damage: 'dent', size: 'large' }, { kind: 'keys' }];
    const api = openCarWithDeal(() => deal, {
      'POST /api/deals/deal-1/hand-over': () => {
        deal = bookedDeal({
          state: 'price-change-proposed',
          allowed: ['cancel'],
          nextStep: { action: 'decide-price-change', actor: 'seller' },
          priceChange: { price: 12500, faults, reason: 'Rear bumper cracked, not in the listing', photos: [{ id: 'p1', url: '/api/deals/deal-1/photos/p1' }], at: NOW.toISOString() },
        });
        return deal;
      },
    });
    const panel = await dealPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Record Hand-Over' }));
    await userEvent.click(within(panel).getByLabelText('A lower price, for faults not in the listing'));
    await userEvent.type(within(panel).getByLabelText('New Price ($)'), '12,500.00');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Hand-Over' }));
    expect(await within(panel).findByText('Prices are in whole dollars: leave out the cents (12,500, not 12,500.50)')).toBeTruthy();
    expect(within(panel).getByText('Choose what the fault is')).toBeTruthy();
    expect(within(panel).getByText('Describe each fault that was not in the listing')).toBeTruthy();
    expect(within(panel).getByText('Add at least one photo of each fault not in the listing')).toBeTruthy();

    await userEvent.clear(within(panel).getByLabelText('New Price ($)'));
    await userEvent.type(within(panel).getByLabelText('New Price ($)'), '12,500');
    expect(within(panel).getByText('The seller is asked to accept $12,500')).toBeTruthy();
    const first = within(panel).getByRole('group', { name: 'Fault 1' });
    await userEvent.selectOptions(within(first).getByLabelText('What Is Wrong'), 'A scratch or dent');
    await userEvent.selectOptions(within(first).getByLabelText('Panel'), 'Rear bumper');
    await userEvent.selectOptions(within(first).getByLabelText('Damage'), 'Dent');
    await userEvent.selectOptions(within(first).getByLabelText('Size'), 'Large (over 4 inches)');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Another Fault' }));
    await userEvent.selectOptions(within(within(panel).getByRole('group', { name: 'Fault 2' })).getByLabelText('What Is Wrong'), 'Only one key');
    await userEvent.type(within(panel).getByLabelText('Reason'), 'Rear bumper cracked, not in the listing');
    dropPhotos([new File(['jpeg'], 'bumper.jpg', { type: 'image/jpeg' })]);
    expect((await within(panel).findByRole('img', { name: 'Fault photo 1' })).getAttribute('src')).toBe('data:image/jpeg;base64,RESIZED');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Hand-Over' }));

    await waitFor(() => expect(toastLines()).toEqual(['Lower Price Sent / The seller is asked to accept $12,500 or refuse it.']));
    expect(vi.mocked(resizePhoto)).toHaveBeenCalled();
    expect(api.bodies.get('POST /api/deals/deal-1/hand-over')).toEqual({
      outcome: 'lower-price',
      price: 12500,
      faults,
      reason: 'Rear bumper cracked, not in the listing',
      photoUrls: ['data:image/jpeg;base64,RESIZED'],
    });
    expect(await within(panel).findByRole('heading', { name: 'Lower Price You Proposed' })).toBeTruthy();
    expect(within(within(panel).getByRole('list', { name: 'Faults you named' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dent, large (over 4 inches), on the rear bumper',
      'Only one key',
    ]);
  });

  it('When the listing declared faults, then the form lists them first, and naming one is refused on the spot before anything is sent', async () => {
    const conditionReport: ConditionReport = {
      accidentHistory: 'none', warningLights: ['abs'], tires: 'good', panelDamage: [{ panel: 'hood', kind: 'scratch', size: 'medium' }],
      windshield: 'clear', keys: 'two-or-more', serviceHistory: 'full', smokedIn: false,
    };
    const api = openCarWithDeal(() => bookedDeal(), { 'GET /api/vehicles/car-1': vehicleFixture({ saleAgreed: true, conditionReport, conditionGrade: 'fair' }) });
    const panel = await dealPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Record Hand-Over' }));
    const declared = within(panel).getByRole('region', { name: 'Declared in the listing (cannot lower the price)' });
    expect(within(declared).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Scratch, medium (1 to 4 inches), on the hood', 'Warning light on: ABS']);
    await userEvent.click(within(panel).getByLabelText('A lower price, for faults not in the listing'));
    await userEvent.type(within(panel).getByLabelText('New Price ($)'), '14000');
    const fault = within(panel).getByRole('group', { name: 'Fault 1' });
    await userEvent.selectOptions(within(fault).getByLabelText('What Is Wrong'), 'A warning light on');
    await userEvent.selectOptions(within(fault).getByLabelText('Light'), 'ABS');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Hand-Over' }));

    expect(await within(fault).findByText('The ABS light was declared in the listing: a declared fault cannot lower the price')).toBeTruthy();
    expect(within(fault).getByLabelText('What Is Wrong').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('When the service refuses a fault as declared, then its message shows with the faults and in a toast', async () => {
    const refusal = 'The scratch on the hood was declared in the listing: a declared fault cannot lower the price';
    openCarWithDeal(() => bookedDeal(), { 'POST /api/deals/deal-1/hand-over': () => jsonAnswer(400, { message: refusal, errors: { faults: refusal } }) });
    const panel = await dealPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Record Hand-Over' }));
    await userEvent.click(within(panel).getByLabelText('A lower price, for faults not in the listing'));
    await userEvent.type(within(panel).getByLabelText('New Price ($)'), '14000');
    await userEvent.selectOptions(within(panel).getByLabelText('What Is Wrong'), 'The car was smoked in');
    await userEvent.type(within(panel).getByLabelText('Reason'), 'Strong smell of smoke inside');
    dropPhotos([new File(['jpeg'], 'seat.jpg', { type: 'image/jpeg' })]);
    await within(panel).findByRole('img', { name: 'Fault photo 1' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Hand-Over' }));

    await waitFor(() => expect(toastLines()).toEqual([`Hand-Over Not Recorded / ${refusal}`]));
    const faults = within(panel).getByRole('group', { name: 'Faults Not in the Listing' });
    expect(within(faults).getByText(refusal)).toBeTruthy();
  });

  it('When a fault photo is removed again, then it is not sent and the form asks for one', async () => {
    const api = openCarWithDeal(() => bookedDeal());
    const panel = await dealPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Record Hand-Over' }));
    await userEvent.click(within(panel).getByLabelText('A lower price, for faults not in the listing'));
    await userEvent.type(within(panel).getByLabelText('New Price ($)'), '14000');
    await userEvent.type(within(panel).getByLabelText('Reason'), 'Rear bumper cracked, not in the listing');
    dropPhotos([new File(['jpeg'], 'bumper.jpg', { type: 'image/jpeg' })]);
    await userEvent.click(await within(panel).findByRole('button', { name: 'Remove photo 1' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Hand-Over' }));

    expect(await within(panel).findByText('Add at least one photo of each fault not in the listing')).toBeTruthy();
    expect(within(panel).queryByRole('img', { name: 'Fault photo 1' })).toBeNull();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('When the dealer records the sale at the agreed price, after being asked to choose the outcome, then only the outcome is sent', async () => {
    const api = openCarWithDeal(() => bookedDeal(), { 'POST /api/deals/deal-1/hand-over': bookedDeal({ state: 'sale-recorded', allowed: [] }) });
    const panel = await dealPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Record Hand-Over' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Hand-Over' }));
    expect(await within(panel).findByText('Choose the outcome: the agreed price or a lower price')).toBeTruthy();
    await userEvent.click(within(panel).getByLabelText('Sold at the agreed price of $15,000'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Hand-Over' }));

    await waitFor(() => expect(toastLines()).toEqual(['Sale Recorded / The seller is asked to confirm the sale at $15,000.']));
    expect(api.bodies.get('POST /api/deals/deal-1/hand-over')).toEqual({ outcome: 'agreed-price' });
  });

  it('When the dealer cancels with a reason and a note in the dialog, then they are sent and the panel says the contact is no longer shared', async () => {
    let deal: DealView = acceptedDeal();
    const api = openCarWithDeal(() => deal, {
      'POST /api/deals/deal-1/cancel': () => {
        deal = dealFixture({ state: 'cancelled', allowed: [], nextStep: undefined, cancellation: { by: 'dealer', reason: 'schedule', note: 'No time fits', at: NOW.toISOString(), dealerLapse: false } });
        return deal;
      },
    });
    const panel = await dealPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel Deal' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this deal?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Deal' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeTruthy();
    await chooseOption('Reason', 'We could not agree on a time');
    await userEvent.type(within(dialog).getByLabelText('Note for the Seller (optional)'), 'No time fits');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Deal' }));

    await waitFor(() => expect(toastLines()).toEqual(["Deal Cancelled / The seller is told, and the car goes back on the dealers' list."]));
    expect(api.bodies.get('POST /api/deals/deal-1/cancel')).toEqual({ reason: 'schedule', note: 'No time fits' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(panel).findByText("The seller's contact details are no longer shared with you.")).toBeTruthy();
    expect(within(panel).getByText('You cancelled the deal: We could not agree on a time.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel Deal' })).toBeNull();
  });

  it('When the car has no deal for this dealer (404), then no deal panel shows', async () => {
    openCarWithDeal(() => jsonAnswer(404, { message: 'No deal' }));

    expect(await screen.findByRole('region', { name: 'Your Offer' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your Deal' })).toBeNull();
  });
});

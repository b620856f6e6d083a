import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealView, SellerVehicleView } from '@cardirect/contracts';
import { jsonAnswer, offerFixture, renderScreen, sellerVehicleFixture, stubApi, toastLines, type StubRequest } from '@cardirect/web/testing';
import { SellerDashboard } from './seller-dashboard';

/** The seller's 2021 Mazda CX-5 after accepting Best Motors' $16,500. */
function acceptedCar(overrides: Partial<SellerVehicleView> = {}): SellerVehicleView {
  return sellerVehicleFixture({
    id: 'v1', make: 'mazda', model: 'cx-5', makeName: 'Mazda', modelName: 'CX-5', year: 2021, trim: 'Touring', status: 'pending', listingState: 'offer-accepted',
    offers: [offerFixture({ id: 'o1', vehicleId: 'v1', dealershipName: 'Best Motors', amount: 16500, status: 'accepted', expiresAt: new Date(Date.now() + 86_400_000).toISOString() })],
    acceptedDealer: { dealershipName: 'Best Motors', email: 'sales@bestmotors.example' },
    ...overrides,
  });
}

/** Best Motors' deal on that car, as the seller reads it. */
type PriceChange = NonNullable<DealView['priceChange']>;

function deal(overrides: Partial<DealView> = {}): DealView {
  return {
    id: 'd1', vehicleId: 'v1', offerId: 'o1', dealerId: 'dealer-1', dealershipName: 'Best Motors', state: 'accepted', agreedPrice: 16500,
    acceptedAt: '2024-01-09T15:00:00.000Z', overdue: false, slots: [], rescheduled: { seller: false, dealer: false }, allowed: ['cancel'],
    timeline: [{ at: '2024-01-09T15:00:00.000Z', kind: 'accepted', by: 'seller', text: 'Accepted the offer of $16,500' }],
    ...overrides,
  };
}

const slots = [
  { id: 's1', startsAt: '2024-01-12T16:00:00.000Z', endsAt: '2024-01-12T18:00:00.000Z' },
  { id: 's2', startsAt: '2024-01-13T20:30:00.000Z', endsAt: '2024-01-13T21:30:00.000Z' },
];

/** Times proposed at the seller's address: book one, or ask for others. */
const proposed = deal({
  state: 'appointment-proposed', place: 'seller-address', slots, dealerMessage: 'Either works for us', allowed: ['book-slot', 'request-other-times', 'cancel'],
  nextStep: { action: 'book-slot', actor: 'seller' },
});

const seller = { 'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' }, 'GET /api/seller/vehicles': [acceptedCar()] };

// The seller's browser is in Chicago: every time on the panel is in its zone.
const initialZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
});
afterEach(() => {
  process.env.TZ = initialZone;
});

const panel = () => screen.findByRole('region', { name: 'Sale to Best Motors' });

describe('The seller\'s deal panel', () => {
  it("When the dealer proposed times at the seller's address, then the seller books one in their time zone with the street address, and the booking shows", async () => {
    // Arrange
    let current = proposed;
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': () => current,
      'POST /api/deals/d1/booking': () => {
        current = deal({ state: 'appointment-booked', place: 'seller-address', placeAddress: '12 Elm Street, Springfield', booked: slots[1], allowed: ['request-other-times', 'cancel'], nextStep: { action: 'record-hand-over', actor: 'dealer' } });
        return current;
      },
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();
    const times = within(sale).getByRole('group', { name: 'Choose one of the proposed times' });
    expect(within(times).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Fri, Jan 12, 2024, 10:00 AM – 12:00 PM CST',
      'Sat, Jan 13, 2024, 2:30 PM – 3:30 PM CST',
    ]);
    expect(within(sale).getByText(/Either works for us/)).toBeTruthy();

    // Act
    await userEvent.click(within(times).getByRole('radio', { name: 'Sat, Jan 13, 2024, 2:30 PM – 3:30 PM CST' }));
    await userEvent.click(within(sale).getByRole('button', { name: 'Book This Time' }));
    const address = within(sale).getByLabelText('Street address for the appointment');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(within(sale).getByText('Street address is required for an appointment at your address')).toBeTruthy();
    await userEvent.type(address, '12 Elm Street, Springfield');
    await userEvent.click(within(sale).getByRole('button', { name: 'Book This Time' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(['Appointment Booked / Best Motors expects you Sat, Jan 13, 2024, 2:30 PM – 3:30 PM CST. The invitation is in your e-mail.']));
    expect(api.sent).toEqual([['POST /api/deals/d1/booking', { slotId: 's2', streetAddress: '12 Elm Street, Springfield' }]]);
    expect(within(sale).getByText('Appointment booked')).toBeTruthy();
    expect(within(sale).getByText('12 Elm Street, Springfield')).toBeTruthy();
    expect(within(sale).queryByRole('button', { name: 'Book This Time' })).toBeNull();
    expect(document.activeElement).toBe(within(sale).getByRole('heading', { name: 'Sale to Best Motors' }));
  });

  it('When another tab booked first, then the 409 message shows and the deal is asked again', async () => {
    // Arrange
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': deal({ ...proposed, place: 'dealership', placeAddress: '1 Main St, Springfield' }),
      'POST /api/deals/d1/booking': jsonAnswer(409, { message: 'This deal already has a booked appointment' }),
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();

    // Act
    await userEvent.click(within(sale).getByRole('radio', { name: /Fri, Jan 12/ }));
    await userEvent.click(within(sale).getByRole('button', { name: 'Book This Time' }));

    // Assert
    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Could Not Book This Time / This deal already has a booked appointment [destructive]']));
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/vehicles/v1/deal')).toHaveLength(2));
    expect(api.sent).toEqual([['POST /api/deals/d1/booking', { slotId: 's1' }]]);
  });

  it('When no time is chosen, then the form says so and nothing is sent', async () => {
    // Arrange
    const api = stubApi({ ...seller, 'GET /api/vehicles/v1/deal': proposed });
    renderScreen(<SellerDashboard />);
    const sale = await panel();

    // Act
    await userEvent.click(within(sale).getByRole('button', { name: 'Book This Time' }));

    // Assert
    expect(await within(sale).findByText('Choose one of the proposed times', { selector: 'p' })).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('When none of the times suits, then the seller sends which would, and the dealer is told', async () => {
    // Arrange
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': proposed,
      'POST /api/deals/d1/other-times': deal({ state: 'other-times-requested', otherTimesMessage: 'Weekday evenings after 6', allowed: ['cancel'] }),
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();

    // Act
    await userEvent.click(within(sale).getByRole('button', { name: 'Ask for Other Times' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Best Motors for other times' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(within(dialog).getByText('Tell the dealer which times suit you')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Which days and times suit you?'), 'Weekday evenings after 6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(['Request Sent / Best Motors will propose new times.']));
    expect(api.sent).toEqual([['POST /api/deals/d1/other-times', { message: 'Weekday evenings after 6' }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('When the dealer asks for a lower price, then the seller sees the price, the faults it names, the reason and each photo, and accepting completes the sale at it', async () => {
    // Arrange
    const priceChange: PriceChange = {
      price: 15000, reason: 'Rear bumper cracked and not in the listing', at: '2024-01-13T21:00:00.000Z',
      faults: [{ kind: 'panel-damage', panel: 'rear-bumper', damage: 'dent', size: 'large' }, { kind: 'warning-light', light: 'abs' }],
      photos: [{ id: 'p1', url: '/api/deals/d1/photos/p1' }, { id: 'p2', url: '/api/deals/d1/photos/p2' }],
    };
    let current = deal({ state: 'price-change-proposed', priceChange, allowed: ['accept-price-change', 'refuse-price-change', 'cancel'], nextStep: { action: 'decide-price-change', actor: 'seller' } });
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': () => current,
      'POST /api/deals/d1/price-change/accept': () => {
        current = deal({ state: 'completed', priceChange, finalPrice: 15000, completedAt: '2024-01-13T21:10:00.000Z', allowed: [] });
        return current;
      },
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();
    expect(within(sale).getByText('Lower price proposed', { selector: 'dt' })).toBeTruthy();
    const faults = within(sale).getByRole('list', { name: 'Faults the dealer found that are not in your listing' });
    expect(within(faults).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dent, large (over 4 inches), on the rear bumper', 'Warning light on: ABS']);
    expect(within(sale).getByText('“Rear bumper cracked and not in the listing”')).toBeTruthy();
    const photos = within(within(sale).getByRole('list', { name: 'Photos of the faults' })).getAllByRole('img');
    expect(photos.map((photo) => [photo.getAttribute('alt'), photo.getAttribute('src')])).toEqual([
      ['Fault photo 1 of 2 from Best Motors (opens full size)', '/api/deals/d1/photos/p1'],
      ['Fault photo 2 of 2 from Best Motors (opens full size)', '/api/deals/d1/photos/p2'],
    ]);

    // Act
    await userEvent.click(within(sale).getByRole('button', { name: 'Accept $15,000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept $15,000 from Best Motors?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Lower Price' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(['Lower Price Accepted / The sale is complete at $15,000. The bill of sale is on its way by e-mail.']));
    expect(api.calls).toContain('POST /api/deals/d1/price-change/accept');
    expect(within(sale).getByText('Sale completed')).toBeTruthy();
    expect(within(sale).getByText('$15,000')).toBeTruthy();
    expect(within(sale).queryByRole('button')).toBeNull();
  });

  it('When the seller refuses the lower price, then the refusal is sent after a warning that it cancels the deal', async () => {
    // Arrange
    const priceChange: PriceChange = { price: 15000, faults: [{ kind: 'keys' }], reason: 'Rear bumper cracked', at: '2024-01-13T21:00:00.000Z', photos: [{ id: 'p1', url: '/api/deals/d1/photos/p1' }] };
    let current = deal({ state: 'price-change-proposed', priceChange, allowed: ['accept-price-change', 'refuse-price-change'] });
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': () => current,
      'POST /api/deals/d1/price-change/refuse': () => {
        current = deal({ state: 'cancelled', cancellation: { by: 'seller', reason: 'price-dispute', at: '2024-01-13T21:05:00.000Z', dealerLapse: false }, allowed: [] });
        return current;
      },
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();

    // Act
    await userEvent.click(within(sale).getByRole('button', { name: 'Refuse $15,000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the lower price?' });
    expect(within(dialog).getByText(/cancelled as a price dispute/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse and Cancel Deal' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(["Lower Price Refused / The deal is cancelled and your car is back on the dealers' list."]));
    expect(api.calls).toContain('POST /api/deals/d1/price-change/refuse');
    expect(within(sale).getByText('You cancelled the deal: The seller refused the lower price.')).toBeTruthy();
  });

  it('When the dealer recorded the sale, then the seller sees when it completes by itself and confirms it', async () => {
    // Arrange
    const dueAt = new Date(Date.now() + 47 * 3_600_000 + 30 * 60_000).toISOString();
    let current = deal({ state: 'sale-recorded', completionDueAt: dueAt, allowed: ['confirm-sale', 'cancel'], nextStep: { action: 'confirm-sale', actor: 'seller', dueAt } });
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': () => current,
      'POST /api/deals/d1/confirm': () => {
        current = deal({ state: 'completed', finalPrice: 16500, allowed: [] });
        return current;
      },
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();
    expect(within(sale).getByText('Confirm the sale to Best Motors, or cancel it if it did not happen.')).toBeTruthy();
    expect(within(sale).getByText('1 day 23 hours left')).toBeTruthy();

    // Act
    await userEvent.click(within(sale).getByRole('button', { name: 'Confirm the Sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the sale of your 2021 Mazda CX-5 to Best Motors for $16,500?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(['Sale Confirmed / The sale is complete. The bill of sale is on its way by e-mail.']));
    expect(api.calls).toContain('POST /api/deals/d1/confirm');
    await waitFor(() => expect(document.activeElement).toBe(within(sale).getByRole('heading', { name: 'Sale to Best Motors' })));
  });

  it('When the seller cancels, then a reason from the short list is required and goes with the note', async () => {
    // Arrange
    let current = proposed;
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': () => current,
      'POST /api/deals/d1/cancel': ({ body }: StubRequest) => {
        current = deal({ state: 'cancelled', cancellation: { by: 'seller', ...(body as { reason: 'sold-elsewhere'; note: string }), at: '2024-01-10T10:00:00.000Z', dealerLapse: false }, allowed: [] });
        return current;
      },
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();

    // Act
    await userEvent.click(within(sale).getByRole('button', { name: 'Cancel Deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the deal with Best Motors?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Deal' }));
    expect(within(dialog).getByText('Choose a reason')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'The car was sold elsewhere' }));
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'A neighbour bought it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Deal' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(["Deal Cancelled / Your car is back on the dealers' list."]));
    expect(api.sent).toEqual([['POST /api/deals/d1/cancel', { reason: 'sold-elsewhere', note: 'A neighbour bought it' }]]);
    expect(within(sale).getByText('You cancelled the deal: The car was sold elsewhere.')).toBeTruthy();
    expect(within(sale).getByText('“A neighbour bought it”')).toBeTruthy();
  });

  it('When the dealer let the deadline pass, then one click cancels the deal, after saying the car goes back to all dealers', async () => {
    // Arrange
    const dueAt = '2024-01-10T15:00:00.000Z';
    let current = deal({ overdue: true, proposalDueAt: dueAt, allowed: ['cancel'], nextStep: { action: 'propose-slots', actor: 'dealer', dueAt } });
    const api = stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': () => current,
      'POST /api/deals/d1/cancel': () => {
        current = deal({ state: 'cancelled', cancellation: { by: 'seller', reason: 'dealer-missed-deadline', at: '2024-01-10T16:00:00.000Z', dealerLapse: true }, allowed: [] });
        return current;
      },
    });
    renderScreen(<SellerDashboard />);
    const sale = await panel();
    expect(within(sale).getByText(/^Overdue since/).textContent).toBe('Overdue since Wed, Jan 10, 2024, 9:00 AM CST');
    expect(within(sale).getByText(/your car goes back to all dealers/)).toBeTruthy();
    expect(within(sale).queryByRole('button', { name: 'Cancel Deal' })).toBeNull();

    // Act
    await userEvent.click(within(sale).getByRole('button', { name: 'Cancel this deal' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(["Deal Cancelled / Your car is back on the dealers' list."]));
    expect(api.sent).toEqual([['POST /api/deals/d1/cancel', { reason: 'no-contact' }]]);
    expect(within(sale).getByText('You cancelled the deal: The dealer proposed no appointment in time.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('When the step is the dealer\'s, then the seller reads whose it is with its clock, and only the actions allowed show', async () => {
    // Arrange
    const dueAt = new Date(Date.now() + 9 * 3_600_000 + 12 * 60_000 + 30_000).toISOString();
    stubApi({ ...seller, 'GET /api/vehicles/v1/deal': deal({ proposalDueAt: dueAt, allowed: ['cancel'], nextStep: { action: 'propose-slots', actor: 'dealer', dueAt } }) });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    const sale = await panel();
    expect(within(sale).getByText('Best Motors must propose appointment times.')).toBeTruthy();
    expect(within(sale).getByText('9 hours 12 minutes left')).toBeTruthy();
    expect(within(sale).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel Deal']);
    expect(within(within(sale).getByRole('list', { name: 'Deal timeline' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('When the deal cannot be loaded, then the panel says so and Try Again asks again', async () => {
    // Arrange
    let failures = 1;
    stubApi({
      ...seller,
      'GET /api/vehicles/v1/deal': () => (failures-- > 0 ? jsonAnswer(500, { message: 'Something went wrong' }) : deal()),
    });
    renderScreen(<SellerDashboard />);

    // Act
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The sale could not be loaded: Something went wrong');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));

    // Assert
    expect(await panel()).toBeTruthy();
  });
});

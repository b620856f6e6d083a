import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealView } from '@cardirect/contracts';
import { adminVehicleFixture, jsonAnswer, renderScreen, stubApi, toastLines, type StubRequest } from '@cardirect/web/testing';
import { AdminVehicleDetail } from './admin-vehicle-detail';

/** Lone Star Motors' deal on car-1 at $16,500, as an admin reads it. */
function deal(overrides: Partial<DealView> = {}): DealView {
  return {
    id: 'd1', vehicleId: 'car-1', offerId: 'o1', dealerId: 'dealer-1', dealershipName: 'Lone Star Motors', state: 'appointment-booked', agreedPrice: 16500,
    acceptedAt: '2024-01-09T15:00:00.000Z', overdue: false, place: 'dealership', placeAddress: '1 Main Street, Dallas, TX',
    slots: [], booked: { id: 's1', startsAt: '2024-01-12T16:00:00.000Z', endsAt: '2024-01-12T18:00:00.000Z' },
    rescheduled: { seller: false, dealer: false }, allowed: ['cancel'], nextStep: { action: 'record-hand-over', actor: 'dealer' },
    timeline: [
      { at: '2024-01-09T15:00:00.000Z', kind: 'accepted', by: 'seller', text: 'Accepted the offer of $16,500' },
      { at: '2024-01-10T14:00:00.000Z', kind: 'slots-proposed', by: 'dealer', text: 'Proposed 2 times at the dealership' },
      { at: '2024-01-10T18:00:00.000Z', kind: 'booked', by: 'seller', text: 'Booked Fri, Jan 12' },
    ],
    ...overrides,
  };
}

function stubCarWith(dealAnswer: unknown, overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/vehicles/car-1': adminVehicleFixture({ id: 'car-1', status: 'pending' }),
    'GET /api/vehicles/car-1/offers': [],
    'GET /api/vehicles/car-1/access-log': [],
    'GET /api/vehicles/car-1/deal': dealAnswer,
    ...overrides,
  });
}

const dealCard = () => screen.findByRole('region', { name: 'Deal' });

// The admin's browser is in Chicago: the timeline's times are in its zone.
const initialZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
});
afterEach(() => {
  process.env.TZ = initialZone;
});

describe("The admin's Deal card", () => {
  it('When the car has an open deal, then the card shows its state, appointment, next step and the timeline in the admin\'s time zone', async () => {
    // Arrange
    stubCarWith(deal());

    // Act
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    // Assert
    const card = await dealCard();
    expect(await within(card).findByText('Appointment booked')).toBeTruthy();
    expect(within(card).getByText('Fri, Jan 12, 2024, 10:00 AM – 12:00 PM CST')).toBeTruthy();
    expect(within(card).getByText('1 Main Street, Dallas, TX')).toBeTruthy();
    expect(within(card).getByText('Lone Star Motors records the sale at the appointment.')).toBeTruthy();
    const timeline = within(within(card).getByRole('list', { name: 'Deal timeline' })).getAllByRole('listitem');
    expect(timeline.map((entry) => entry.textContent)).toEqual([
      'Tue, Jan 9, 2024, 9:00 AM CSTAccepted the offer of $16,500By: The seller',
      'Wed, Jan 10, 2024, 8:00 AM CSTProposed 2 times at the dealershipBy: Lone Star Motors',
      'Wed, Jan 10, 2024, 12:00 PM CSTBooked Fri, Jan 12By: The seller',
    ]);
    expect(within(card).getByRole('button', { name: 'Cancel deal' })).toBeTruthy();
  });

  it('When the dealer asked for a lower price, then the faults it names, its reason and every fault photo show, each with its alt text', async () => {
    // Arrange
    const priceChange: NonNullable<DealView['priceChange']> = {
      price: 15000, reason: 'Rear bumper cracked', at: '2024-01-12T17:00:00.000Z',
      faults: [{ kind: 'panel-damage', panel: 'rear-bumper', damage: 'scratch-and-dent', size: 'medium' }, { kind: 'other', description: 'Clutch slips in third gear' }],
      photos: [{ id: 'p1', url: '/api/deals/d1/photos/p1' }, { id: 'p2', url: '/api/deals/d1/photos/p2' }],
    };
    stubCarWith(deal({ state: 'price-change-proposed', priceChange, nextStep: { action: 'decide-price-change', actor: 'seller' } }));

    // Act
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    // Assert
    const card = await dealCard();
    expect(await within(card).findByRole('heading', { name: 'Lower price asked by Lone Star Motors' })).toBeTruthy();
    expect(within(card).getByText('“Rear bumper cracked”')).toBeTruthy();
    const faults = within(card).getByRole('list', { name: 'Faults the dealer named, not in the listing' });
    expect(within(faults).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Scratch and dent, medium (1 to 4 inches), on the rear bumper', 'Clutch slips in third gear']);
    expect(within(card).getByText('$15,000')).toBeTruthy();
    const photos = within(within(card).getByRole('list', { name: 'Photos of the faults' })).getAllByRole('img');
    expect(photos.map((photo) => [photo.getAttribute('alt'), photo.getAttribute('src')])).toEqual([
      ['Fault photo 1 of 2 from Lone Star Motors (opens full size)', '/api/deals/d1/photos/p1'],
      ['Fault photo 2 of 2 from Lone Star Motors (opens full size)', '/api/deals/d1/photos/p2'],
    ]);
  });

  it('When the admin cancels, then a reason is required, goes to the service, and the card shows the cancelled deal with it', async () => {
    // Arrange
    let current = deal();
    const api = stubCarWith(() => current, {
      'POST /api/deals/d1/cancel': ({ body }: StubRequest) => {
        current = deal({ state: 'cancelled', allowed: [], nextStep: undefined, cancellation: { by: 'admin', reason: 'admin', note: (body as { note: string }).note, at: '2024-01-11T10:00:00.000Z', dealerLapse: false } });
        return current;
      },
    });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();

    // Act
    await userEvent.click(await within(card).findByRole('button', { name: 'Cancel deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the deal with Lone Star Motors?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Deal' }));
    expect(within(dialog).getByText('Give the reason both sides will read')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The dealer reported the car stolen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Deal' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(["Deal Cancelled / The seller and Lone Star Motors have been told; the car is back on the dealers' list."]));
    expect(api.sent).toEqual([['POST /api/deals/d1/cancel', { note: 'The dealer reported the car stolen' }]]);
    expect(within(card).getByText('Deal cancelled')).toBeTruthy();
    expect(within(card).getByText('CarDirect cancelled the deal.')).toBeTruthy();
    expect(within(card).getByText('“The dealer reported the car stolen”')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel deal' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Deal' })));
  });

  it('When the deal moved meanwhile, then the 409 message shows and the deal is asked again', async () => {
    // Arrange
    const api = stubCarWith(deal(), { 'POST /api/deals/d1/cancel': jsonAnswer(409, { message: 'This deal is already completed' }) });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();

    // Act
    await userEvent.click(await within(card).findByRole('button', { name: 'Cancel deal' }));
    await userEvent.type(within(await screen.findByRole('dialog')).getByLabelText('Reason'), 'Seller asked us to');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Deal' }));

    // Assert
    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Could Not Cancel Deal / This deal is already completed [destructive]']));
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/vehicles/car-1/deal')).toHaveLength(2));
  });

  it('When the deal is completed, then there is nothing to cancel, and the final price shows', async () => {
    // Arrange
    stubCarWith(deal({ state: 'completed', finalPrice: 16500, completedAt: '2024-01-12T18:30:00.000Z', allowed: [], nextStep: undefined }));

    // Act
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    // Assert
    const card = await dealCard();
    expect(await within(card).findByText('Sale completed')).toBeTruthy();
    expect(within(card).getByText('Final price', { selector: 'dt' })).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('When no offer was accepted, then the card says there is no deal', async () => {
    // Arrange
    stubCarWith(jsonAnswer(404, { message: 'This car has no deal' }));

    // Act
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    // Assert
    const card = await dealCard();
    expect(await within(card).findByText('No offer has been accepted on this car, so there is no deal.')).toBeTruthy();
  });
});

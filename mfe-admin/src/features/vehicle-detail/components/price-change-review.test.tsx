import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealView, TrackRecord } from '@cardirect/contracts';
import { adminVehicleFixture, jsonAnswer, offerFixture, renderScreen, stubApi, toastLines, type StubRequest } from '@cardirect/web/testing';
import { AdminVehicleDetail } from './admin-vehicle-detail';

const priceChange: NonNullable<DealView['priceChange']> = {
  price: 15000,
  faults: [{ kind: 'panel-damage', panel: 'rear-bumper', damage: 'dent', size: 'large' }],
  reason: 'Rear bumper cracked',
  at: '2024-01-12T17:00:00.000Z',
  photos: [{ id: 'p1', url: '/api/deals/d1/photos/p1' }],
};

/** Lone Star Motors' deal on car-1: it asked $15,000 instead of the agreed $16,500 at the hand-over, for the seller to decide. */
function deal(overrides: Partial<DealView> = {}): DealView {
  return {
    id: 'd1', vehicleId: 'car-1', offerId: 'o1', dealerId: 'dealer-1', dealershipName: 'Lone Star Motors', state: 'price-change-proposed', agreedPrice: 16500,
    acceptedAt: '2024-01-09T15:00:00.000Z', overdue: false, slots: [], rescheduled: { seller: false, dealer: false }, priceChange,
    allowed: ['cancel', 'judge-price-change'], nextStep: { action: 'decide-price-change', actor: 'seller' },
    timeline: [{ at: '2024-01-09T15:00:00.000Z', kind: 'accepted', by: 'seller', text: 'Accepted the offer of $16,500' }],
    ...overrides,
  };
}

/** Lone Star Motors' record: 12 deals ended, all at the offered price but one. */
function record(overrides: Partial<TrackRecord> = {}): TrackRecord {
  return {
    dealerId: 'dealer-1', dealershipName: 'Lone Star Motors', offersMade: 20, offersAccepted: 13, dealsEnded: 12, completedAtOfferedPrice: 11, completedWithLowerPrice: 0,
    cancelledByDealer: 1, lapsed: 0, unjustifiedPriceChanges: 0, recent: { ended: 10, cancelledOrLapsed: 1 }, ...overrides,
  };
}

function stubCarWith(routes: Record<string, unknown>) {
  return stubApi({
    'GET /api/vehicles/car-1': adminVehicleFixture({ id: 'car-1', status: 'pending' }),
    'GET /api/vehicles/car-1/offers': [],
    'GET /api/vehicles/car-1/access-log': [],
    ...routes,
  });
}

const dealCard = () => screen.findByRole('region', { name: 'Deal' });

const initialZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
});
afterEach(() => {
  process.env.TZ = initialZone;
});

describe("The admin's verdict on a lower price", () => {
  it("When the admin judges the lower price unjustified with a note, then the verdict is sent, the card shows it, and the dealer's record beside its offer changes", async () => {
    // Arrange
    let current = deal();
    let judged = false;
    const api = stubCarWith({
      'GET /api/vehicles/car-1/deal': () => current,
      'GET /api/vehicles/car-1/offers': () => [offerFixture({ status: 'accepted', dealerRecord: record({ unjustifiedPriceChanges: judged ? 1 : 0 }) })],
      'POST /api/deals/d1/price-change/verdict': ({ body }: StubRequest) => {
        const { note } = body as { note?: string };
        judged = true;
        current = deal({ priceChange: { ...priceChange, verdict: { verdict: 'unjustified', note, at: '2024-01-13T16:00:00.000Z' } } });
        return current;
      },
    });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();
    expect(await within(card).findByText('$15,000 instead of the agreed $16,500')).toBeTruthy();

    // Act
    await userEvent.click(within(within(card).getByRole('group', { name: /^Was the lower price justified\?/ })).getByRole('button', { name: 'Unjustified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Judge the lower price unjustified?' });
    expect(within(dialog).getByText('It counts against Lone Star Motors in the record sellers read beside its offers.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'The crack shows in the listing photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Judge Unjustified' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(["Price Change Judged / Judged unjustified: it now counts against Lone Star Motors in the record sellers see."]));
    expect(api.sent).toEqual([['POST /api/deals/d1/price-change/verdict', { verdict: 'unjustified', note: 'The crack shows in the listing photos' }]]);
    expect(within(card).getByText(/^Judged unjustified by CarDirect on/).textContent).toBe('Judged unjustified by CarDirect on Jan 13, 2024: “The crack shows in the listing photos”');
    expect(within(card).queryByRole('button', { name: 'Unjustified' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Lower price asked by Lone Star Motors' })));
    const offers = screen.getByRole('region', { name: 'Offers' });
    expect(await within(offers).findByText('1 price cut judged unjustified by CarDirect')).toBeTruthy();
  });

  it('When the admin judges it justified without a note, then only the verdict is sent and the card says so', async () => {
    // Arrange
    let current = deal();
    const api = stubCarWith({
      'GET /api/vehicles/car-1/deal': () => current,
      'POST /api/deals/d1/price-change/verdict': () => {
        current = deal({ priceChange: { ...priceChange, verdict: { verdict: 'justified', at: '2024-01-13T16:00:00.000Z' } } });
        return current;
      },
    });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();

    // Act
    await userEvent.click(await within(card).findByRole('button', { name: 'Justified' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Judge the lower price justified?' })).getByRole('button', { name: 'Judge Justified' }));

    // Assert
    expect(await within(card).findByText(/^Judged justified by CarDirect on/)).toBeTruthy();
    expect(within(card).getByText(/^Judged justified/).textContent).toBe('Judged justified by CarDirect on Jan 13, 2024.');
    expect(api.sent).toEqual([['POST /api/deals/d1/price-change/verdict', { verdict: 'justified' }]]);
  });

  it('When the admin goes Back, then nothing is sent and the buttons stay', async () => {
    // Arrange
    const api = stubCarWith({ 'GET /api/vehicles/car-1/deal': deal() });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();

    // Act
    await userEvent.click(await within(card).findByRole('button', { name: 'Unjustified' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Back' }));

    // Assert
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Unjustified' })));
  });

  it("When the service refuses the note, then its message shows under the note and the dialog stays open", async () => {
    // Arrange
    stubCarWith({
      'GET /api/vehicles/car-1/deal': deal(),
      'POST /api/deals/d1/price-change/verdict': jsonAnswer(400, { message: 'Please fix the highlighted fields', errors: { note: 'Must be at most 1000 characters' } }),
    });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();

    // Act
    await userEvent.click(await within(card).findByRole('button', { name: 'Unjustified' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Too long, says the service');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Judge Unjustified' }));

    // Assert
    const message = await within(dialog).findByText('Must be at most 1000 characters');
    expect(within(dialog).getByLabelText('Note (optional)').getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('When the verdict is refused (the deal moved or was judged meanwhile), then the message shows and the deal is asked again', async () => {
    // Arrange
    const api = stubCarWith({
      'GET /api/vehicles/car-1/deal': deal(),
      'POST /api/deals/d1/price-change/verdict': jsonAnswer(409, { message: 'This price change was already judged' }),
    });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();

    // Act
    await userEvent.click(await within(card).findByRole('button', { name: 'Justified' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Judge Justified' }));

    // Assert
    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Could Not Judge Price Change / This price change was already judged [destructive]']));
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/vehicles/car-1/deal')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('When the lower price was already judged, then the verdict shows with its note, and the admin may turn it', async () => {
    // Arrange
    const judgedJustified = { ...priceChange, verdict: { verdict: 'justified' as const, note: 'Bumper damage is real', at: '2024-01-14T16:00:00.000Z' } };
    let current = deal({ state: 'completed', finalPrice: 15000, completedAt: '2024-01-12T19:00:00.000Z', allowed: ['judge-price-change'], nextStep: undefined, priceChange: judgedJustified });
    const api = stubCarWith({
      'GET /api/vehicles/car-1/deal': () => current,
      'POST /api/deals/d1/price-change/verdict': () => {
        current = { ...current, priceChange: { ...priceChange, verdict: { verdict: 'unjustified', at: '2024-01-15T16:00:00.000Z' } } };
        return current;
      },
    });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const card = await dealCard();
    expect((await within(card).findByText(/^Judged justified/)).textContent).toBe('Judged justified by CarDirect on Jan 14, 2024: “Bumper damage is real”');
    expect(within(card).queryByRole('button', { name: 'Justified' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Unjustified' })).toBeNull();

    // Act
    await userEvent.click(within(card).getByRole('button', { name: 'Change to Unjustified' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Judge the lower price unjustified?' })).getByRole('button', { name: 'Judge Unjustified' }));

    // Assert
    expect((await within(card).findByText(/^Judged unjustified/)).textContent).toBe('Judged unjustified by CarDirect on Jan 15, 2024.');
    expect(within(card).getByRole('button', { name: 'Change to Justified' })).toBeTruthy();
    expect(api.sent).toEqual([['POST /api/deals/d1/price-change/verdict', { verdict: 'unjustified' }]]);
  });

  it('When the deal has no lower price, then there is nothing to judge', async () => {
    // Arrange
    stubCarWith({ 'GET /api/vehicles/car-1/deal': deal({ state: 'appointment-booked', priceChange: undefined, nextStep: { action: 'record-hand-over', actor: 'dealer' } }) });

    // Act
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    // Assert
    const card = await dealCard();
    expect(await within(card).findByText('Appointment booked')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Justified' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Unjustified' })).toBeNull();
  });
});

describe("The admin's Offers card", () => {
  it("When offers carry their dealers' records, then each offer reads its dealer's record, with the full record one click away", async () => {
    // Arrange
    stubCarWith({
      'GET /api/vehicles/car-1/deal': jsonAnswer(404, { message: 'This car has no deal' }),
      'GET /api/vehicles/car-1/offers': [
        offerFixture({ id: 'o1', amount: 16500, dealerRecord: record() }),
        offerFixture({ id: 'o2', dealerId: 'dealer-2', dealershipName: 'Harbor Autos', amount: 15000, dealerRecord: record({ dealerId: 'dealer-2', dealershipName: 'Harbor Autos', dealsEnded: 1, completedAtOfferedPrice: 1, recent: { ended: 1, cancelledOrLapsed: 0 } }) }),
      ],
    });

    // Act
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    // Assert
    const offers = await screen.findByRole('region', { name: 'Offers' });
    const lines = (name: string) => within(within(offers).getByRole('list', { name })).getAllByRole('listitem').map((line) => line.textContent);
    await within(offers).findByRole('list', { name: 'Record of Lone Star Motors' });
    expect(lines('Record of Lone Star Motors')).toEqual(['Completed 11 of 12 sales at the offered price', 'Cancelled 1 of its last 10 deals']);
    expect(lines('Record of Harbor Autos')).toEqual(['New to CarDirect']);
    await userEvent.click(within(offers).getByRole('button', { name: 'Full record of Harbor Autos' }));
    expect(await screen.findByRole('dialog', { name: 'Record of Harbor Autos' })).toBeTruthy();
  });

  it('When the service does not let this admin judge the change, then the reason and photos show without the verdict buttons', async () => {
    // Arrange
    stubCarWith({ 'GET /api/vehicles/car-1/deal': deal({ allowed: ['cancel'] }) });

    // Act
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    // Assert
    const card = await dealCard();
    await within(card).findByText('“Rear bumper cracked”');
    expect(within(card).queryByRole('button', { name: 'Unjustified' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Justified' })).toBeNull();
  });
});

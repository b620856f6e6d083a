import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferView, TrackRecord } from '@cardirect/contracts';
import { offerFixture, renderScreen, sellerVehicleFixture, stubApi } from '@cardirect/web/testing';
import { SellerDashboard } from './seller-dashboard';

/** A dealer that ended 12 deals: 11 at the offered price, one lower by 8 %, 2 of its last 10 cancelled. */
function record(overrides: Partial<TrackRecord> = {}): TrackRecord {
  return {
    dealerId: 'dealer-1',
    dealershipName: 'Best Motors',
    offersMade: 30,
    offersAccepted: 13,
    dealsEnded: 12,
    completedAtOfferedPrice: 11,
    completedWithLowerPrice: 1,
    averageCutShare: 0.08,
    cancelledByDealer: 1,
    lapsed: 1,
    unjustifiedPriceChanges: 0,
    recent: { ended: 10, cancelledOrLapsed: 2 },
    ...overrides,
  };
}

const newDealer = record({
  dealerId: 'dealer-2',
  dealershipName: 'Top Cars',
  offersMade: 2,
  offersAccepted: 1,
  dealsEnded: 1,
  completedAtOfferedPrice: 1,
  completedWithLowerPrice: 0,
  averageCutShare: undefined,
  cancelledByDealer: 0,
  lapsed: 0,
  recent: { ended: 1, cancelledOrLapsed: 0 },
});

const inTwoDays = new Date(Date.now() + 47 * 3600_000).toISOString();

/** The seller's 2021 Mazda CX-5 with these pending offers. */
function carWith(offers: Partial<OfferView>[]) {
  return sellerVehicleFixture({
    id: 'v1', make: 'mazda', model: 'cx-5', makeName: 'Mazda', modelName: 'CX-5', year: 2021,
    offers: offers.map((offer) => offerFixture({ vehicleId: 'v1', expiresAt: inTwoDays, createdAt: new Date().toISOString(), ...offer })),
  });
}

const seller = { 'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' } };

async function offerItems(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Offers on the 2021 Mazda CX-5' });
  return within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
}

describe("Dealers' track records beside the seller's offers", () => {
  it('When two dealers with different records offer, then each offer reads its own dealer\'s record in plain words', async () => {
    // Arrange
    stubApi({
      ...seller,
      'GET /api/seller/vehicles': [
        carWith([
          { id: 'o2', dealerId: 'dealer-2', dealershipName: 'Top Cars', amount: 16500, dealerRecord: newDealer },
          { id: 'o1', dealerId: 'dealer-1', dealershipName: 'Best Motors', amount: 16000, dealerRecord: record() },
        ]),
      ],
    });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    const [topCars, bestMotors] = await offerItems();
    expect(within(within(topCars!).getByRole('list', { name: 'Record of Top Cars' })).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['New to CarDirect']);
    expect(within(within(bestMotors!).getByRole('list', { name: 'Record of Best Motors' })).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Completed 11 of 12 sales at the offered price',
      'Lowered the price at 1 of 12 hand-overs, by 8 % on average',
      'Cancelled 2 of its last 10 deals',
    ]);
  });

  it('When the seller tabs to a dealer\'s full record and opens it, then every figure shows, and closing returns to the offer with Accept next', async () => {
    // Arrange
    stubApi({ ...seller, 'GET /api/seller/vehicles': [carWith([{ id: 'o1', dealershipName: 'Best Motors', amount: 16000, dealerRecord: record() }])] });
    renderScreen(<SellerDashboard />);
    const [offer] = await offerItems();
    const fullRecord = within(offer!).getByRole('button', { name: 'Full record of Best Motors' });

    // Act
    fullRecord.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Record of Best Motors' });
    const figures = Object.fromEntries(within(dialog).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();

    // Assert
    expect(figures).toMatchObject({ 'Deals ended': '12', 'Completed at the offered price': '11', 'Average price cut': '8 % of the agreed price', Lapsed: '1' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(offer!).getByRole('button', { name: 'Accept $16,000 from Best Motors' }));
  });

  it('When an offer comes without a record, then the offer shows as before, with no record to open', async () => {
    // Arrange
    stubApi({ ...seller, 'GET /api/seller/vehicles': [carWith([{ id: 'o1', dealershipName: 'Best Motors' }])] });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    const [offer] = await offerItems();
    expect(within(offer!).queryByRole('list')).toBeNull();
    expect(within(offer!).queryByRole('button', { name: /Full record/ })).toBeNull();
  });
});

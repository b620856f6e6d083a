import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackRecordWords, type DealerOffersAnswer, type ErrorBody, type OfferView, type SellerVehicleView, type TrackRecord } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { bookedDeal, dealPeople, dealStep, openDeal, person, relayed, takeStep, type OpenDeal } from '../testing/deal-test-kit';
import { jpegDataUrl } from '../testing/sample-photos';
import { startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
let mongo: MongoClient;

beforeAll(async () => {
  service = await startVehicleServiceForTest();
  mongo = await MongoClient.connect(service.config.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await service?.stop();
});

const deals = () => mongo.db(service.config.MONGODB_DB).collection('deals');

async function recordOf(dealer: TestCaller): Promise<TrackRecord> {
  const mine = await service.request<DealerOffersAnswer>('/api/offers/mine', { as: dealer });
  expect(mine.status).toBe(200);
  return mine.body.record;
}

/** A deal of this dealer, booked, that ends with a lower price the seller accepts. */
async function completedWithCut(dealer: TestCaller, price: number): Promise<OpenDeal> {
  const open = await bookedDeal(service, {}, undefined, dealPeople(dealer));
  await takeStep(service, open.dealId, 'hand-over', dealer, { outcome: 'lower-price', price, faults: [{ kind: 'panel-damage', panel: 'rear-left-door', damage: 'dent', size: 'medium' }], reason: 'A dent in the rear door, not in the listing', photoUrls: [await jpegDataUrl()] });
  await takeStep(service, open.dealId, 'price-change/accept', open.seller);
  return open;
}

/**
 * One dealer's history, every deal agreed at $15,500: completed at that price; completed at $14,260
 * (an 8 % cut) judged justified, then unjustified; cancelled by the dealer; let lapse (the overdue
 * clock fired, then the seller cancelled); cancelled by the seller for its own reasons.
 */
async function scriptedHistory(dealer: TestCaller) {
  const atOfferedPrice = await bookedDeal(service, {}, undefined, dealPeople(dealer));
  await takeStep(service, atOfferedPrice.dealId, 'hand-over', dealer, { outcome: 'agreed-price' });
  await takeStep(service, atOfferedPrice.dealId, 'confirm', atOfferedPrice.seller);
  const cut = await completedWithCut(dealer, 14_260);
  await takeStep(service, cut.dealId, 'price-change/verdict', cut.admin, { verdict: 'justified' });
  await takeStep(service, cut.dealId, 'price-change/verdict', cut.admin, { verdict: 'unjustified', note: 'The dent is in the listing photos' });
  const byDealer = await openDeal(service, {}, undefined, dealPeople(dealer));
  await takeStep(service, byDealer.dealId, 'cancel', dealer, { reason: 'schedule' });
  const lapsed = await openDeal(service, {}, undefined, dealPeople(dealer));
  await service.fireClock(lapsed.dealId, 'proposal-overdue');
  await takeStep(service, lapsed.dealId, 'cancel', lapsed.seller, { reason: 'changed-mind' });
  const bySeller = await openDeal(service, {}, undefined, dealPeople(dealer));
  await takeStep(service, bySeller.dealId, 'cancel', bySeller.seller, { reason: 'sold-elsewhere' });
  return { atOfferedPrice, cut, byDealer, lapsed, bySeller };
}

const FIGURES_OF_SCRIPTED_HISTORY = {
  offersMade: 5,
  offersAccepted: 5,
  dealsEnded: 5,
  completedAtOfferedPrice: 1,
  completedWithLowerPrice: 1,
  averageCutShare: 0.08,
  cancelledByDealer: 1,
  lapsed: 1,
  unjustifiedPriceChanges: 1,
  recent: { ended: 5, cancelledOrLapsed: 2 },
};

describe("a dealer's track record", () => {
  it("When a dealer's deals completed, were cut, cancelled, lapsed and judged, then its record counts each, and a seller's own cancellation is not held against it", async () => {
    const dealer = person('dealer');

    await scriptedHistory(dealer);
    const record = await recordOf(dealer);

    expect(record).toEqual({ dealerId: dealer.userId, dealershipName: dealer.email, ...FIGURES_OF_SCRIPTED_HISTORY });
    expect(trackRecordWords(record)).toEqual([
      'Completed 1 of 5 sales at the offered price',
      'Lowered the price at 1 of 2 hand-overs, by 8 % on average',
      'Cancelled 2 of its last 5 deals',
      '1 price cut judged unjustified by CarDirect',
    ]);
  });

  it('When a dealer has ended fewer than three deals, then the seller reads "New to CarDirect" beside its offer', async () => {
    const dealer = person('dealer');
    const first = await openDeal(service, {}, undefined, dealPeople(dealer));
    await takeStep(service, first.dealId, 'cancel', dealer, { reason: 'schedule' });
    await completedWithCut(dealer, 15_000);
    const sellerEmail = `seller-${randomUUID()}@example.com`;
    const vehicleId = await submitCar(service, { contactEmail: sellerEmail });
    await service.request(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: dealer, body: { amount: 16_000 } });

    const offers = await service.request<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { as: { role: 'seller', userId: 'seller', email: sellerEmail } });

    expect(offers.body[0]!.dealerRecord).toMatchObject({ offersMade: 3, offersAccepted: 2, dealsEnded: 2, cancelledByDealer: 1, completedWithLowerPrice: 1 });
    expect(trackRecordWords(offers.body[0]!.dealerRecord!)).toEqual(['New to CarDirect']);
  });

  it("When a dealer with a record makes an offer, then the seller's offer e-mail event carries the same words the dashboard shows", async () => {
    const dealer = person('dealer');
    await scriptedHistory(dealer);
    const vehicleId = await submitCar(service, { contactEmail: `seller-${randomUUID()}@example.com` });

    const made = await service.request<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: dealer, body: { amount: 16_000 } });

    const [event] = await relayed(service, made.body.id, 'offer.made');
    expect(event!.dealerRecordWords).toEqual(trackRecordWords(await recordOf(dealer)));
    expect(event!.dealerRecordWords).toContain('1 price cut judged unjustified by CarDirect');
  });

  it('When the record is folded again from the deals\' logs alone, then the figures are the same; and a deal stored before the log counts from its state', async () => {
    const dealer = person('dealer');
    await scriptedHistory(dealer);
    const served = await recordOf(dealer);
    const stored = await deals().find({ dealerId: dealer.userId }).toArray();

    // Only the log left: the state that says how each deal ended, and the verdict, are wiped.
    await deals().updateMany({ dealerId: dealer.userId }, { $set: { state: 'accepted' }, $unset: { completedAt: '', finalPrice: '', cancellation: '', priceChange: '' } });
    const fromLogAlone = await recordOf(dealer);
    // Deals as stored before the log existed: their state alone.
    for (const deal of stored) await deals().replaceOne({ _id: deal._id }, deal);
    await deals().updateMany({ dealerId: dealer.userId }, { $unset: { eventLog: '' } });
    const fromStateAlone = await recordOf(dealer);

    expect(served).toMatchObject(FIGURES_OF_SCRIPTED_HISTORY);
    expect(fromLogAlone).toEqual(served);
    expect(fromStateAlone).toEqual(served);
  });

  it("When a deal's steps are taken, then each of its events is kept in its log in order, without the parties' contact details, after the outbox has let them go", async () => {
    const dealer = person('dealer');
    const { cut } = await scriptedHistory(dealer);
    await relayed(service, cut.dealId, 'deal.completed');

    const storedDeal = () => deals().findOne({ _id: new ObjectId(cut.dealId) });
    await expect.poll(async () => (await storedDeal())?.outbox, { timeout: 10_000 }).toEqual([]);
    const stored = await storedDeal();

    expect((stored?.eventLog as Array<{ name: string }>).map((entry) => entry.name)).toEqual([
      'deal.opened',
      'deal.slots-proposed',
      'deal.booked',
      'deal.price-change-proposed',
      'deal.completed',
      'deal.price-change-judged',
      'deal.price-change-judged',
    ]);
    expect(stored?.eventLog.at(-1)).toMatchObject({ facts: { by: 'admin', verdict: 'unjustified', note: 'The dent is in the listing photos', adminId: cut.admin.userId } });
    expect(stored?.eventLog[4]).toMatchObject({ facts: { agreedPrice: 15_500, finalPrice: 14_260 } });
    const logged = JSON.stringify(stored?.eventLog);
    expect([logged.includes(cut.sellerEmail), logged.includes('Pat Q. Seller'), logged.includes(dealer.email!)]).toEqual([false, false, false]);
  });
});

describe('who reads a dealer\'s record', () => {
  it('When the seller or an admin reads the offers on a car, then each carries its dealer\'s record; a dealer reading its own offers gets none, nor any other dealer\'s', async () => {
    const open = await openDeal(service);
    await takeStep(service, open.dealId, 'cancel', open.dealer, { reason: 'schedule' });
    const vehicleId = await submitCar(service, { contactEmail: open.sellerEmail });
    const offer = (caller: TestCaller, amount: number) => service.request(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body: { amount } });
    await offer(open.dealer, 16_000);
    await offer(open.declinedDealer, 15_000);

    const [bySeller, byAdmin, byDealer, byOtherDealer] = await Promise.all(
      [open.seller, open.admin, open.dealer, open.declinedDealer].map((caller) => service.request<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { as: caller })),
    );
    const dashboard = await service.request<SellerVehicleView[]>('/api/seller/vehicles', { as: open.seller });
    const mine = await service.request<DealerOffersAnswer>('/api/offers/mine', { as: open.declinedDealer });

    const recordsBy = (offers: OfferView[]) => Object.fromEntries(offers.map((view) => [view.dealerId, view.dealerRecord?.cancelledByDealer]));
    expect(recordsBy(bySeller.body)).toEqual({ [open.dealer.userId!]: 1, [open.declinedDealer.userId!]: 0 });
    expect(recordsBy(byAdmin.body)).toEqual(recordsBy(bySeller.body));
    expect(byDealer.body.map((view) => [view.dealerId, view.dealerRecord])).toEqual([[open.dealer.userId, undefined]]);
    expect(byOtherDealer.body.map((view) => [view.dealerId, view.dealerRecord])).toEqual([[open.declinedDealer.userId, undefined]]);
    const onDashboard = dashboard.body.find((car) => car.id === vehicleId)!;
    expect(recordsBy(onDashboard.offers)).toEqual(recordsBy(bySeller.body));
    expect(mine.body.record).toMatchObject({ dealerId: open.declinedDealer.userId, offersMade: 2, offersAccepted: 0, dealsEnded: 0 });
  });
});

describe('POST /api/deals/{id}/price-change/verdict', () => {
  it('When an admin judges a refused price change, then the deal shows the verdict and a timeline entry, its parties see it, and judging again replaces it', async () => {
    const open = await bookedDeal(service);
    await takeStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'lower-price', price: 14_000, faults: [{ kind: 'tires', condition: 'worn' }], reason: 'Worn tyres, not in the listing', photoUrls: [await jpegDataUrl()] });
    const refused = await takeStep(service, open.dealId, 'price-change/refuse', open.seller);

    const first = await takeStep(service, open.dealId, 'price-change/verdict', open.admin, { verdict: 'unjustified', note: 'The tyres are new in the photos' });
    const second = await takeStep(service, open.dealId, 'price-change/verdict', open.admin, { verdict: 'justified' });
    const forDealer = await service.request<{ priceChange?: { verdict?: unknown } }>(`/api/vehicles/${open.vehicleId}/deal`, { as: open.dealer });

    expect(refused.allowed).toEqual([]);
    expect(first).toMatchObject({ state: 'cancelled', allowed: ['judge-price-change'], priceChange: { price: 14_000, verdict: { verdict: 'unjustified', note: 'The tyres are new in the photos', at: expect.any(String) } } });
    expect(first.timeline.at(-1)).toMatchObject({ kind: 'price-change-judged', by: 'admin', text: 'CarDirect judged the lower price of $14,000 unjustified: The tyres are new in the photos' });
    expect(second.priceChange?.verdict).toEqual({ verdict: 'justified', at: expect.any(String) });
    expect(second.timeline.filter((entry) => entry.kind === 'price-change-judged')).toHaveLength(2);
    expect(forDealer.body.priceChange?.verdict).toEqual(second.priceChange?.verdict);
    expect(await recordOf(open.dealer)).toMatchObject({ unjustifiedPriceChanges: 0, cancelledByDealer: 0, dealsEnded: 1 });
  });

  it('When the caller is no admin, the deal unknown, the deal without a price change or the body wrong, then it is refused and nothing is recorded', async () => {
    const open = await bookedDeal(service);
    const verdict = { verdict: 'unjustified' };

    const [bySeller, byDealer, anonymous, unknown, notAnId, noPriceChange, badVerdict, longNote] = await Promise.all([
      dealStep(service, open.dealId, 'price-change/verdict', open.seller, verdict),
      dealStep(service, open.dealId, 'price-change/verdict', open.dealer, verdict),
      dealStep(service, open.dealId, 'price-change/verdict', { role: 'anonymous' }, verdict),
      dealStep(service, new ObjectId().toHexString(), 'price-change/verdict', open.admin, verdict),
      dealStep(service, 'not-a-deal', 'price-change/verdict', open.admin, verdict),
      dealStep(service, open.dealId, 'price-change/verdict', open.admin, verdict),
      dealStep(service, open.dealId, 'price-change/verdict', open.admin, { verdict: 'maybe' }),
      dealStep(service, open.dealId, 'price-change/verdict', open.admin, { verdict: 'justified', note: 'x'.repeat(501) }),
    ]);
    const deal = await service.request<{ timeline: Array<{ kind: string }> }>(`/api/vehicles/${open.vehicleId}/deal`, { as: open.admin });

    expect([bySeller.status, byDealer.status, anonymous.status]).toEqual([403, 403, 401]);
    expect(bySeller.body.message).toBe('Only an admin can judge a price change');
    expect([unknown.status, notAnId.status]).toEqual([404, 404]);
    expect(noPriceChange.status).toBe(409);
    expect(noPriceChange.body.message).toBe('This deal has no price change to judge');
    expect([badVerdict.status, longNote.status]).toEqual([400, 400]);
    expect((badVerdict.body as ErrorBody).errors).toEqual({ verdict: 'Choose justified or unjustified' });
    expect(Object.keys((longNote.body as ErrorBody).errors ?? {})).toEqual(['note']);
    expect(deal.body.timeline.map((entry) => entry.kind)).not.toContain('price-change-judged');
  });
});

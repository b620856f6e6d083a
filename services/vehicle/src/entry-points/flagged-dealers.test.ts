import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, FlaggedDealer } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { bookedDeal, dealPeople, openDeal, person, takeStep, type OpenDeal } from '../testing/deal-test-kit';
import { jpegDataUrl } from '../testing/sample-photos';
import { startVehicleServiceForTest, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

const DAY_MS = 24 * 60 * 60 * 1000;
let service: VehicleServiceForTest;
const admin = person('admin', 'admin@cardirect.local');

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

async function flaggedDealers(caller: TestCaller = admin) {
  return service.request<FlaggedDealer[] & ErrorBody>('/api/deals/flagged-dealers', { as: caller });
}

async function flagOf(dealer: TestCaller): Promise<FlaggedDealer | undefined> {
  const flagged = await flaggedDealers();
  expect(flagged.status).toBe(200);
  return flagged.body.find((entry) => entry.dealerId === dealer.userId);
}

/** A deal of this dealer that the dealer cancels. */
async function cancelledByDealer(dealer: TestCaller): Promise<OpenDeal> {
  const open = await openDeal(service, {}, undefined, dealPeople(dealer));
  await takeStep(service, open.dealId, 'cancel', dealer, { reason: 'schedule' });
  return open;
}

/** A deal of this dealer that lapses: its deadline for times passes, then the seller cancels. */
async function lapsed(dealer: TestCaller): Promise<OpenDeal> {
  const open = await openDeal(service, {}, undefined, dealPeople(dealer));
  await service.fireClock(open.dealId, 'proposal-overdue');
  await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'changed-mind' });
  return open;
}

/** A deal of this dealer completed at a lower price the seller accepted, then judged by an admin. */
async function cutJudged(dealer: TestCaller, verdict: 'justified' | 'unjustified'): Promise<OpenDeal> {
  const open = await bookedDeal(service, {}, undefined, dealPeople(dealer));
  await takeStep(service, open.dealId, 'hand-over', dealer, { outcome: 'lower-price', price: 14_000, faults: [{ kind: 'tires', condition: 'worn' }], reason: 'Worn tyres, not in the listing', photoUrls: [await jpegDataUrl()] });
  await takeStep(service, open.dealId, 'price-change/accept', open.seller);
  await takeStep(service, open.dealId, 'price-change/verdict', admin, { verdict });
  return open;
}

describe('GET /api/deals/flagged-dealers', () => {
  it('When a dealer cancelled three deals within 30 days, then it is flagged with its reasons, its strikes newest first and its record; one with four comes before it', async () => {
    const dealer = person('dealer');
    const worse = person('dealer');
    const cancelled = [await cancelledByDealer(dealer), await cancelledByDealer(dealer), await cancelledByDealer(dealer)];
    for (let count = 0; count < 4; count++) await cancelledByDealer(worse);

    const flagged = await flaggedDealers();
    const flag = flagged.body.find((entry) => entry.dealerId === dealer.userId);

    expect(flagged.status).toBe(200);
    expect(flag).toEqual({
      dealerId: dealer.userId,
      dealershipName: dealer.email,
      reasons: ['3 strikes in the last 30 days: 3 deals cancelled by the dealer', '3 strikes in its last 3 ended deals: 3 deals cancelled by the dealer'],
      strikes: cancelled.reverse().map((deal) => ({ kind: 'cancelled', dealId: deal.dealId, vehicleId: deal.vehicleId, at: expect.any(String) })),
      record: expect.objectContaining({ dealerId: dealer.userId, offersMade: 3, offersAccepted: 3, dealsEnded: 3, cancelledByDealer: 3, recent: { ended: 3, cancelledOrLapsed: 3 } }),
    });
    const order = flagged.body.map((entry) => entry.dealerId);
    expect(order.indexOf(worse.userId!)).toBeLessThan(order.indexOf(dealer.userId!));
  });

  it('When a dealer has two strikes, then it is not flagged', async () => {
    const dealer = person('dealer');
    await cancelledByDealer(dealer);
    await lapsed(dealer);
    const bySeller = await openDeal(service, {}, undefined, dealPeople(dealer));
    await takeStep(service, bySeller.dealId, 'cancel', bySeller.seller, { reason: 'sold-elsewhere' });

    expect(await flagOf(dealer)).toBeUndefined();
  });

  it('When three strikes are older than 30 days but among its last 10 ended deals, then it is flagged for those deals only', async () => {
    const dealer = person('dealer');
    await cancelledByDealer(dealer);
    await lapsed(dealer);
    await cancelledByDealer(dealer);
    service.advanceClock(31 * DAY_MS);

    const flag = await flagOf(dealer);

    expect(flag?.reasons).toEqual(['3 strikes in its last 3 ended deals: 2 deals cancelled by the dealer, 1 deal lapsed (the dealer missed its deadline)']);
    expect(flag?.strikes.map((strike) => strike.kind)).toEqual(['cancelled', 'lapsed', 'cancelled']);
  });

  it('When an admin judged a price cut unjustified, then it is a strike; judged justified again, it no longer counts', async () => {
    const dealer = person('dealer');
    await cancelledByDealer(dealer);
    await lapsed(dealer);
    const cut = await cutJudged(dealer, 'unjustified');

    const withVerdict = await flagOf(dealer);
    await takeStep(service, cut.dealId, 'price-change/verdict', admin, { verdict: 'justified' });
    const afterCorrection = await flagOf(dealer);

    expect(withVerdict?.reasons[0]).toBe('3 strikes in the last 30 days: 1 deal cancelled by the dealer, 1 deal lapsed (the dealer missed its deadline), 1 price cut judged unjustified');
    expect(withVerdict?.strikes[0]).toMatchObject({ kind: 'unjustified-price-change', dealId: cut.dealId, vehicleId: cut.vehicleId });
    expect(withVerdict?.record).toMatchObject({ unjustifiedPriceChanges: 1, cancelledByDealer: 1, lapsed: 1 });
    expect(afterCorrection).toBeUndefined();
  });

  it('When anyone but an admin asks, then an anonymous caller is refused with 401 and a seller or dealer with 403', async () => {
    const answers = await Promise.all([{ role: 'anonymous' } as TestCaller, person('seller'), person('dealer'), admin].map((caller) => flaggedDealers(caller)));

    expect(answers.map((answer) => answer.status)).toEqual([401, 403, 403, 200]);
  });
});

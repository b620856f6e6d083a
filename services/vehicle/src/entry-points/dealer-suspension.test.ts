import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerOffersAnswer, DealView, ErrorBody, OfferView, SellerVehicleView, WithdrawnDealerOffers } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { dealPeople, openDeal, person, relayed } from '../testing/deal-test-kit';
import { startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

const HOUR_MS = 60 * 60 * 1000;
const DEALER_SERVICE: TestCaller = { role: 'service' };
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

const offersCollection = () => mongo.db(service.config.MONGODB_DB).collection('offers');

async function sellerWithCar(): Promise<{ seller: TestCaller; sellerEmail: string; vehicleId: string }> {
  const sellerEmail = `seller-${randomUUID()}@example.com`;
  const vehicleId = await submitCar(service, { contactEmail: sellerEmail });
  return { seller: person('seller', sellerEmail), sellerEmail, vehicleId };
}

async function offer(caller: TestCaller, vehicleId: string, amount: number): Promise<OfferView> {
  const made = await service.request<OfferView & ErrorBody>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body: { amount } });
  if (made.status !== 201) throw new Error(`offer: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body;
}

function withdrawOffersOf(dealer: TestCaller, caller: TestCaller = DEALER_SERVICE) {
  return service.request<WithdrawnDealerOffers & ErrorBody>(`/internal/dealers/${dealer.userId}/offers/withdraw`, { method: 'POST', as: caller });
}

function offersOn(vehicleId: string, caller: TestCaller) {
  return service.request<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { as: caller });
}

/** Waits until the relay has taken every pending event of these offers: what they announced is all on the queue. */
async function outboxesEmpty(offerIds: string[]): Promise<void> {
  const ids = offerIds.map((id) => new ObjectId(id));
  await expect
    .poll(async () => (await offersCollection().find({ _id: { $in: ids } }).toArray()).reduce((pending, stored) => pending + (stored.outbox?.length ?? 0), 0), { timeout: 10_000 })
    .toBe(0);
}

async function withdrawnEventsAbout(offerId: string): Promise<number> {
  return (await service.eventsAbout(offerId)).filter((event) => event.name === 'offer.withdrawn').length;
}

describe('POST /internal/dealers/{userId}/offers/withdraw (a dealer suspended)', () => {
  it("When the dealer service withdraws a suspended dealer's offers, then each pending one is withdrawn with one e-mail event to its seller, and its accepted, declined and other dealers' offers and its deal stay as they were", async () => {
    const dealer = person('dealer');
    const first = await sellerWithCar();
    const second = await sellerWithCar();
    const pendingOnFirst = await offer(dealer, first.vehicleId, 12_000);
    const otherDealersOffer = await offer(person('dealer'), first.vehicleId, 11_000);
    const pendingOnSecond = await offer(dealer, second.vehicleId, 9_500);
    const declinedCar = await sellerWithCar();
    const declined = await offer(dealer, declinedCar.vehicleId, 8_000);
    await service.request(`/api/offers/${declined.id}/decline`, { method: 'POST', as: declinedCar.seller });
    const deal = await openDeal(service, {}, undefined, dealPeople(dealer));

    const answer = await withdrawOffersOf(dealer);
    const adminReadsFirst = await offersOn(first.vehicleId, deal.admin);
    const dealAfter = await service.request<DealView>(`/api/vehicles/${deal.vehicleId}/deal`, { as: deal.admin });
    const mine = await service.request<DealerOffersAnswer>('/api/offers/mine', { as: dealer });

    expect(answer).toMatchObject({ status: 200, body: { withdrawn: 2 } });
    expect(adminReadsFirst.body.map((view) => [view.id, view.status, view.withdrawnBy])).toEqual([
      [pendingOnFirst.id, 'withdrawn', 'suspension'],
      [otherDealersOffer.id, 'pending', undefined],
    ]);
    expect(dealAfter.body).toMatchObject({ id: deal.dealId, state: 'accepted' });
    expect(Object.fromEntries(mine.body.offers.map((summary) => [summary.id, summary.status]))).toEqual({
      [pendingOnFirst.id]: 'withdrawn',
      [pendingOnSecond.id]: 'withdrawn',
      [declined.id]: 'declined',
      [deal.offerId]: 'accepted',
    });
    const [toFirstSeller] = await relayed(service, pendingOnFirst.id, 'offer.withdrawn');
    expect(toFirstSeller).toEqual({
      offerId: pendingOnFirst.id,
      vehicleId: first.vehicleId,
      vehicle: { year: 2018, make: 'honda', model: 'Accord', makeName: 'Honda', modelName: 'Accord', trim: 'EX-L' },
      dealershipName: dealer.email,
      amount: 12_000,
      sellerEmail: first.sellerEmail,
      reason: 'dealer-suspended',
    });
    const [toSecondSeller] = await relayed(service, pendingOnSecond.id, 'offer.withdrawn');
    expect(toSecondSeller).toMatchObject({ offerId: pendingOnSecond.id, amount: 9_500, sellerEmail: second.sellerEmail });
  });

  it('When the call is repeated, then it withdraws nothing more and no seller is told twice', async () => {
    const dealer = person('dealer');
    const car = await sellerWithCar();
    const pending = await offer(dealer, car.vehicleId, 10_000);
    const firstCall = await withdrawOffersOf(dealer);

    const retry = await withdrawOffersOf(dealer);
    await outboxesEmpty([pending.id]);

    expect(firstCall.body).toEqual({ withdrawn: 1 });
    expect(retry).toMatchObject({ status: 200, body: { withdrawn: 0 } });
    expect(await withdrawnEventsAbout(pending.id)).toBe(1);
  });

  it('When a pending offer ran out before the suspension, then it is expired as everywhere else, not withdrawn', async () => {
    const dealer = person('dealer');
    const car = await sellerWithCar();
    const ranOut = await offer(dealer, car.vehicleId, 10_000);
    service.advanceClock(49 * HOUR_MS);

    const answer = await withdrawOffersOf(dealer);
    const adminReads = await offersOn(car.vehicleId, person('admin'));

    expect(answer.body).toEqual({ withdrawn: 0 });
    expect(adminReads.body.map((view) => [view.id, view.status, view.withdrawnBy])).toEqual([[ranOut.id, 'expired', undefined]]);
    expect(await relayed(service, ranOut.id, 'offer.expired')).toHaveLength(1);
    await outboxesEmpty([ranOut.id]);
    expect(await withdrawnEventsAbout(ranOut.id)).toBe(0);
  });

  it('When anyone but a fellow service calls, then it is refused and the offers stay pending', async () => {
    const dealer = person('dealer');
    const car = await sellerWithCar();
    const pending = await offer(dealer, car.vehicleId, 10_000);

    const answers = await Promise.all([{ role: 'anonymous' } as TestCaller, car.seller, dealer, person('admin')].map((caller) => withdrawOffersOf(dealer, caller)));
    const sellerReads = await offersOn(car.vehicleId, car.seller);

    expect(answers.map((answer) => answer.status)).toEqual([401, 403, 403, 403]);
    expect(sellerReads.body.map((view) => [view.id, view.status])).toEqual([[pending.id, 'pending']]);
  });
});

describe('who sees offers withdrawn by a suspension', () => {
  it("When a seller reads the offers on their car, then those CarDirect withdrew on suspending their dealer are left out, while admins see them so marked and the dealer sees its own", async () => {
    const suspended = person('dealer');
    const withdrewItself = person('dealer');
    const stillOffering = person('dealer');
    const car = await sellerWithCar();
    const suspendedOffer = await offer(suspended, car.vehicleId, 13_000);
    const ownWithdrawal = await offer(withdrewItself, car.vehicleId, 12_000);
    await service.request(`/api/offers/${ownWithdrawal.id}/withdraw`, { method: 'POST', as: withdrewItself });
    const standing = await offer(stillOffering, car.vehicleId, 11_000);

    await withdrawOffersOf(suspended);
    const [bySeller, byAdmin, byDealer] = await Promise.all([car.seller, person('admin'), suspended].map((caller) => offersOn(car.vehicleId, caller)));
    const dashboard = await service.request<SellerVehicleView[]>('/api/seller/vehicles', { as: car.seller });

    const shown = (offers: OfferView[]) => offers.map((view) => [view.id, view.status, view.withdrawnBy]);
    expect(shown(bySeller.body)).toEqual([
      [ownWithdrawal.id, 'withdrawn', 'dealer'],
      [standing.id, 'pending', undefined],
    ]);
    expect(shown(dashboard.body.find((listed) => listed.id === car.vehicleId)!.offers)).toEqual(shown(bySeller.body));
    expect(shown(byAdmin.body)).toEqual([[suspendedOffer.id, 'withdrawn', 'suspension'], ...shown(bySeller.body)]);
    expect(byAdmin.body[0]!.dealerRecord).toMatchObject({ dealerId: suspended.userId });
    expect(shown(byDealer.body)).toEqual([[suspendedOffer.id, 'withdrawn', 'suspension']]);
  });

  it('When an offer was withdrawn before withdrawals were marked, then it reads as withdrawn by its dealer, and its seller still sees it', async () => {
    const dealer = person('dealer');
    const car = await sellerWithCar();
    const made = await offer(dealer, car.vehicleId, 10_000);
    await service.request(`/api/offers/${made.id}/withdraw`, { method: 'POST', as: dealer });
    await offersCollection().updateOne({ _id: new ObjectId(made.id) }, { $unset: { withdrawnBy: '' } });

    const bySeller = await offersOn(car.vehicleId, car.seller);

    expect(bySeller.body.map((view) => [view.id, view.status, view.withdrawnBy])).toEqual([[made.id, 'withdrawn', 'dealer']]);
  });
});

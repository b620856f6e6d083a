import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView, OfferView, VehicleView } from '@cardirect/contracts';
import { connectMongo, createLogger, type RunningService } from '@cardirect/service-kit';
import { requestAs, type TestCaller } from '@cardirect/service-kit/testing';
import { DEAL_CLOCKS_QUEUE, type DealClockJob } from '../data-access/deal-clock-queue';
import { dealModel } from '../data-access/deal-model';
import { offerModel } from '../data-access/offer-model';
import { vehicleModel } from '../data-access/vehicle-model';
import { openDeal, person, relayed } from '../testing/deal-test-kit';
import { startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';
import { startVehicleService } from '../vehicle-service';

/**
 * Two instances of the vehicle service, as production runs N of them: the same MongoDB database,
 * the same Redis (events queue, deal clocks), each with its own memory, relay, sweeps, clock worker
 * and resume pass. `first` is the test kit's instance; `second` is started beside it on the same
 * configuration and clock.
 */

const HOUR_MS = 60 * 60 * 1000;
/** How long a car's listing state may decide a photo request in another instance (config.ts, LISTING_STATE_CACHE_MS). */
const LISTING_STATE_STALENESS_MS = 1_000;

let first: VehicleServiceForTest;
let secondInstance: RunningService;
/** The test kit's helpers, sending every request to the second instance. */
let second: VehicleServiceForTest;
let connection: Connection;
let clocks: Queue<DealClockJob>;

beforeAll(async () => {
  first = await startVehicleServiceForTest({
    OFFER_SWEEP_INTERVAL_MS: '100',
    UNCONFIRMED_LISTING_SWEEP_INTERVAL_MS: '100',
    RESERVE_CHECK_SWEEP_INTERVAL_MS: '100',
    DEAL_RESUME_INTERVAL_MS: '200',
    LISTING_STATE_CACHE_MS: String(LISTING_STATE_STALENESS_MS),
  });
  secondInstance = await startVehicleService(first.config, { logger: createLogger({ name: 'vehicle-2', level: first.config.LOG_LEVEL }), now: () => first.now() });
  second = { ...first, url: secondInstance.url, request: (path, options) => requestAs(secondInstance.url, path, options) };
  connection = await connectMongo(first.config.MONGODB_URI, first.config.MONGODB_DB);
  clocks = new Queue<DealClockJob>(DEAL_CLOCKS_QUEUE, { connection: { url: first.config.REDIS_URL } });
});

afterAll(async () => {
  await clocks?.close();
  await connection?.close();
  await secondInstance?.stop();
  await first?.stop();
});

const instances = () => [first, second] as const;

/** Polls `check` until it answers something (true, a value), failing after `timeoutMs`; answers what it answered. */
async function heldWithin<Found>(check: () => Promise<Found | undefined | false>, timeoutMs: number, what: string): Promise<Found> {
  const startedAt = Date.now();
  for (;;) {
    const found = await check();
    if (found !== undefined && found !== false) return found;
    if (Date.now() - startedAt > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function makeOffer(through: VehicleServiceForTest, vehicleId: string, dealer: TestCaller, amount: number): Promise<OfferView> {
  const response = await through.request<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: dealer, body: { amount } });
  if (response.status !== 201) throw new Error(`offer: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Resolves once no offer, car or deal document holds an event still to relay: every event written so far is on the queue. */
async function allRelayed(): Promise<void> {
  const pending = async () => {
    const unsent = { 'outbox.id': { $exists: true } };
    const counts = await Promise.all([offerModel(connection).countDocuments(unsent), vehicleModel(connection).countDocuments(unsent), dealModel(connection).countDocuments(unsent)]);
    return counts.every((count) => count === 0);
  };
  await heldWithin(pending, 10_000, 'relaying every stored event');
}

describe('vehicle service: two instances on one database and one Redis', () => {
  it('When cars are submitted and confirmed through both instances at once, then the other shows each to dealers at once, with one vehicle.submitted and one vehicle.listed each', async () => {
    // Arrange
    const dealer = person('dealer');

    // Act
    const ids = await Promise.all(Array.from({ length: 8 }, (_, index) => submitCar(instances()[index % 2]!)));

    // Assert: each car read through the instance that did not take it
    for (const [index, id] of ids.entries()) {
      const reader = instances()[(index + 1) % 2]!;
      const read = await reader.request<VehicleView>(`/api/vehicles/${id}`, { as: dealer });
      expect(read.status).toBe(200);
    }
    await allRelayed();
    for (const id of ids) {
      const names = (await first.eventsAbout(id)).map((event) => event.name).filter((name) => name === 'vehicle.submitted' || name === 'vehicle.listed');
      expect(names.sort()).toEqual(['vehicle.listed', 'vehicle.submitted']);
    }
  });

  it("When an admin changes a car through one instance, then the other reads the change at once: neither keeps a car's details", async () => {
    // Arrange
    const admin = person('admin');
    const vehicleId = await submitCar(first);
    expect((await second.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: admin })).body.status).toBe('new');

    // Act
    const changed = await first.request(`/api/vehicles/${vehicleId}`, { method: 'PATCH', as: admin, body: { status: 'contacted', notes: 'Called the seller' } });

    // Assert
    expect(changed.status).toBe(200);
    const read = await second.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: admin });
    expect(read.body).toMatchObject({ status: 'contacted', notes: 'Called the seller' });
  });

  it('When a seller withdraws a car through one instance, then that instance refuses its photo to dealers at once and the other within LISTING_STATE_CACHE_MS', async () => {
    // Arrange: the second instance has served the photo, so it remembers the car's listing state
    const sellerEmail = `seller-${randomUUID()}@example.com`;
    const seller = person('seller', sellerEmail);
    const dealer = person('dealer');
    const vehicleId = await submitCar(first, { contactEmail: sellerEmail });
    const photo = `/api/vehicles/${vehicleId}/photos/0/thumbnail`;
    expect((await second.request(photo, { as: dealer })).status).toBe(200);

    // Act
    const withdrawn = await first.request(`/api/seller/vehicles/${vehicleId}/withdraw`, { method: 'POST', as: seller, body: { reason: 'sold-elsewhere' } });

    // Assert
    expect(withdrawn.status).toBe(200);
    expect((await first.request(photo, { as: dealer })).status).toBe(404);
    // The margin is for the requests themselves on a busy machine; the staleness is the setting's.
    await heldWithin(async () => (await second.request(photo, { as: dealer })).status === 404, LISTING_STATE_STALENESS_MS + 1_000, 'the second instance refusing the photo');
  });

  it('When a crash left an accepted car without its deal and both instances resume deals, then one deal opens, and a clock lost since is scheduled again once', async () => {
    // Arrange: a deal opened through the second instance, then lost as if its process died before writing it
    const open = await openDeal(second);
    await dealModel(connection).deleteOne({ _id: open.dealId });

    // Act: both resume passes (every 200 ms) find the accepted car without a deal
    const reopened = await heldWithin(
      async () => {
        const read = await first.request<DealView>(`/api/vehicles/${open.vehicleId}/deal`, { as: open.seller });
        return read.status === 200 ? read.body : undefined;
      },
      10_000,
      'the deal reopening',
    );
    await heldWithin(async () => (await first.waitingClocks(reopened.id)).length === 2, 10_000, 'the clocks of the reopened deal');
    const reminder = (await clocks.getDelayed()).find((job) => job.data.dealId === reopened.id && job.data.clock === 'proposal-reminder');
    await reminder!.remove();
    await heldWithin(async () => (await first.waitingClocks(reopened.id)).includes('proposal-reminder.1'), 10_000, 'a resume pass scheduling the lost clock');

    // Assert
    expect(await dealModel(connection).countDocuments({ offerId: open.offerId })).toBe(1);
    expect(await first.waitingClocks(reopened.id)).toEqual(['proposal-overdue.1', 'proposal-reminder.1']);
  });

  it('When a deal clock comes due with both instances working the clocks, then it runs once: one reminder, also when its job is delivered again', async () => {
    // Arrange
    const open = await openDeal(first);

    // Act
    const job = await first.fireClock(open.dealId, 'proposal-reminder');
    await second.rerunClock(job);
    await allRelayed();

    // Assert
    expect(await relayed(first, open.dealId, 'deal.proposal-reminder')).toHaveLength(1);
    expect(await first.waitingClocks(open.dealId)).toEqual(['proposal-overdue.1']);
  });

  it('When offers run out and both instances sweep them, then each offer expires once: one offer.expired each', async () => {
    // Arrange: offers made through both instances
    const offers: OfferView[] = [];
    for (const [index, through] of [first, second, first, second].entries()) {
      const vehicleId = await submitCar(through);
      offers.push(await makeOffer(through, vehicleId, person('dealer'), 10_000 + index));
      offers.push(await makeOffer(instances()[(index + 1) % 2]!, vehicleId, person('dealer'), 11_000 + index));
    }

    // Act: both sweeps (every 100 ms) find them due
    first.advanceClock(49 * HOUR_MS);
    await heldWithin(async () => (await offerModel(connection).countDocuments({ _id: { $in: offers.map((offer) => offer.id) }, status: 'expired' })) === offers.length, 10_000, 'every offer expiring');
    await allRelayed();

    // Assert
    for (const offer of offers) {
      const expired = (await first.eventsAbout(offer.id)).filter((event) => event.name === 'offer.expired');
      expect(expired).toHaveLength(1);
    }
  });

  it('When listings are never confirmed and both instances sweep them, then each listing and its photos are removed', async () => {
    // Arrange
    const ids = await Promise.all([first, second, first, second].map((through) => submitCar(through, {}, { confirmed: false })));
    const admin = person('admin');
    const photoFiles = () => connection.collection('photos.files').countDocuments({ 'metadata.vehicleId': { $in: ids } });
    expect(await photoFiles()).toBe(8);

    // Act: the links expire; both sweeps (every 100 ms) find the listings
    first.advanceClock(48 * HOUR_MS + 1_000);
    await heldWithin(async () => (await vehicleModel(connection).countDocuments({ _id: { $in: ids } })) === 0, 10_000, 'the listings being removed');

    // Assert
    for (const id of ids) {
      expect((await second.request(`/api/vehicles/${id}`, { as: admin })).status).toBe(404);
    }
    expect(await photoFiles()).toBe(0);
  });

  it("When minimum prices' checks come due and both instances sweep them, then each seller is e-mailed once", async () => {
    // Arrange: cars with a minimum listed through both instances, each with an offer below it
    const ids = await Promise.all([first, second, first, second].map((through) => submitCar(through, { reservePrice: 30_000 })));
    for (const [index, id] of ids.entries()) await makeOffer(instances()[index % 2]!, id, person('dealer'), 25_000);

    // Act: seven days pass; both sweeps (every 100 ms) find the checks due
    first.advanceClock(7 * 24 * HOUR_MS + 60_000);
    await heldWithin(async () => (await vehicleModel(connection).countDocuments({ _id: { $in: ids }, 'reserve.checkDueAt': { $exists: true } })) === 0, 10_000, 'every check running');
    await allRelayed();

    // Assert
    for (const id of ids) {
      const emails = (await first.eventsAbout(id)).filter((event) => event.name === 'vehicle.minimum-not-reached');
      expect(emails).toHaveLength(1);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, OfferView, SellerVehicleView, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { person } from '../testing/deal-test-kit';
import { startVehicleServiceForTest, submissionBody, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
let mongo: MongoClient;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

beforeAll(async () => {
  // A fast check sweep, so a check coming due on the moved clock is run within a test.
  service = await startVehicleServiceForTest({ RESERVE_CHECK_SWEEP_INTERVAL_MS: '100' });
  mongo = await MongoClient.connect(service.config.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await service?.stop();
});

/** A fresh seller with a listed car whose minimum is `reservePrice` (none when undefined). */
async function listedCar(reservePrice: number | undefined, overrides: Record<string, unknown> = {}): Promise<{ seller: TestCaller; vehicleId: string; sellerEmail: string }> {
  const sellerEmail = `seller-${randomUUID()}@example.com`;
  const vehicleId = await submitCar(service, { contactEmail: sellerEmail, ...(reservePrice !== undefined ? { reservePrice } : {}), ...overrides });
  return { seller: person('seller', sellerEmail), vehicleId, sellerEmail };
}

async function offer(dealer: TestCaller, vehicleId: string, amount: number): Promise<OfferView> {
  const response = await service.request<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: dealer, body: { amount } });
  if (response.status !== 201) throw new Error(`offer: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

function changeMinimum(caller: TestCaller, vehicleId: string, body: unknown) {
  return service.request<VehicleView & ErrorBody>(`/api/seller/vehicles/${vehicleId}/reserve-price`, { method: 'POST', as: caller, body });
}

async function sellerCar(seller: TestCaller, vehicleId: string): Promise<SellerVehicleView> {
  const cars = await service.request<SellerVehicleView[]>('/api/seller/vehicles', { as: seller });
  return cars.body.find((car) => car.id === vehicleId)!;
}

/** The car's minimum as stored: its amount and when its check is due (absent: none pending). */
async function storedReserve(vehicleId: string): Promise<{ amount: number; checkDueAt?: Date } | undefined> {
  const car = await mongo.db(service.config.MONGODB_DB).collection('vehicles').findOne({ _id: new ObjectId(vehicleId) });
  return car?.reserve as { amount: number; checkDueAt?: Date } | undefined;
}

async function minimumEmails(vehicleId: string): Promise<Array<Record<string, unknown>>> {
  return (await service.eventsAbout(vehicleId)).filter((event) => event.name === 'vehicle.minimum-not-reached').map((event) => event.payload);
}

/** Waits until the sweep has asked for the car's e-mail (the event relayed), failing after 10 s. */
async function minimumEmailOf(vehicleId: string): Promise<Record<string, unknown>> {
  await expect.poll(async () => (await minimumEmails(vehicleId)).length, { timeout: 10_000 }).toBe(1);
  return (await minimumEmails(vehicleId))[0]!;
}

describe('the private minimum price: who sees what', () => {
  it('When offers are made below and at the minimum, then the seller and the admin see the amount and which offers are below it', async () => {
    // Arrange
    const { seller, vehicleId } = await listedCar(20_000);
    const admin = person('admin');

    // Act
    const below = await offer(person('dealer'), vehicleId, 18_000);
    const atMinimum = await offer(person('dealer'), vehicleId, 20_000);
    const car = await sellerCar(seller, vehicleId);
    const sellerOffers = await service.request<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { as: seller });
    const adminCar = await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: admin });
    const adminOffers = await service.request<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { as: admin });

    // Assert
    expect(car.reservePrice).toBe(20_000);
    expect(car.hasMinimumPrice).toBeUndefined();
    expect(car.offers.map((shown) => [shown.id, shown.belowMinimum])).toEqual([
      [atMinimum.id, false],
      [below.id, true],
    ]);
    expect(sellerOffers.body.map((shown) => shown.belowMinimum)).toEqual([false, true]);
    expect(adminCar.body.reservePrice).toBe(20_000);
    expect(adminOffers.body.map((shown) => shown.belowMinimum)).toEqual([false, true]);
  });

  it("When offers are made, then the seller's offer.made e-mail says whether each is below the minimum; on a car without one it says nothing of it", async () => {
    // Arrange
    const { vehicleId } = await listedCar(20_000);
    const { vehicleId: withoutMinimum } = await listedCar(undefined);

    // Act
    const below = await offer(person('dealer'), vehicleId, 19_999);
    const atMinimum = await offer(person('dealer'), vehicleId, 20_000);
    const plain = await offer(person('dealer'), withoutMinimum, 5_000);

    // Assert
    const madeEvent = async (offerId: string) => {
      await expect.poll(async () => (await service.eventsAbout(offerId)).length, { timeout: 10_000 }).toBe(1);
      return (await service.eventsAbout(offerId))[0]!.payload;
    };
    expect((await madeEvent(below.id)).belowMinimum).toBe(true);
    expect((await madeEvent(atMinimum.id)).belowMinimum).toBe(false);
    expect(await madeEvent(plain.id)).not.toHaveProperty('belowMinimum');
  });

  it('When a dealer reads anything about a car with a minimum, then it learns only that one exists: neither the amount nor how its offer compares', async () => {
    // Arrange: an amount no other field of these answers could hold by chance
    const zipCode = '05401';
    const { vehicleId } = await listedCar(27_913, { zipCode });
    const { vehicleId: withoutMinimum } = await listedCar(undefined);
    const dealer = person('dealer');

    // Act
    const made = await service.request<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: dealer, body: { amount: 15_000 } });
    const answers = await Promise.all([
      service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: dealer }),
      service.request(`/api/vehicles?zipPrefix=${zipCode}&limit=100`, { as: dealer }),
      service.request(`/api/vehicles/${vehicleId}/offers`, { as: dealer }),
      service.request(`/api/vehicles/mine?vehicleIds=${vehicleId}`, { as: dealer }),
      service.request('/api/offers/mine', { as: dealer }),
    ]);
    const plain = await service.request<VehicleView>(`/api/vehicles/${withoutMinimum}`, { as: dealer });

    // Assert
    expect(made.status).toBe(201);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(JSON.stringify(answers[1]!.body)).toContain(vehicleId);
    for (const body of [made.body, ...answers.map((answer) => answer.body)]) {
      const json = JSON.stringify(body);
      expect(json).not.toMatch(/27,?913/);
      expect(json).not.toContain('belowMinimum');
      expect(json).not.toContain('reserve');
    }
    expect(answers[0]!.body).toMatchObject({ hasMinimumPrice: true });
    expect(plain.body.hasMinimumPrice).toBe(false);
    const cards = answers[1]!.body as VehicleView[];
    expect(cards.find((card) => card.id === vehicleId)?.hasMinimumPrice).toBe(true);
  });

  it('When a car is submitted with a minimum that is not whole dollars in the offer range, then it is refused with the field message', async () => {
    // Act
    const tooLow = await service.request<ErrorBody>('/api/vehicles', { method: 'POST', body: await submissionBody({ reservePrice: 50 }) });
    const cents = await service.request<ErrorBody>('/api/vehicles', { method: 'POST', body: await submissionBody({ reservePrice: 18_500.5 }) });

    // Assert
    expect(tooLow.status).toBe(400);
    expect(tooLow.body.errors?.reservePrice).toBe('Minimum price must be at least $100');
    expect(cents.status).toBe(400);
    expect(cents.body.errors?.reservePrice).toBe('Minimum price must be whole dollars');
  });
});

describe('POST /api/seller/vehicles/{id}/reserve-price', () => {
  it('When the seller lowers the minimum, then offers are marked against the new one; removed, dealers no longer read that one exists', async () => {
    // Arrange
    const { seller, vehicleId } = await listedCar(20_000);
    await offer(person('dealer'), vehicleId, 18_500);
    const dealer = person('dealer');

    // Act
    const lowered = await changeMinimum(seller, vehicleId, { reservePrice: 18_000 });
    const afterLowering = await sellerCar(seller, vehicleId);
    const removed = await changeMinimum(seller, vehicleId, { reservePrice: null });
    const afterRemoval = await sellerCar(seller, vehicleId);
    const dealerView = await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: dealer });

    // Assert
    expect(lowered.status).toBe(200);
    expect(lowered.body.reservePrice).toBe(18_000);
    expect(afterLowering.offers.map((shown) => shown.belowMinimum)).toEqual([false]);
    expect(removed.status).toBe(200);
    expect(removed.body.reservePrice).toBeUndefined();
    expect(afterRemoval.reservePrice).toBeUndefined();
    expect(afterRemoval.offers.map((shown) => shown.belowMinimum)).toEqual([false]);
    expect(dealerView.body.hasMinimumPrice).toBe(false);
    expect(await storedReserve(vehicleId)).toBeUndefined();
  });

  it('When the new minimum is not lower, not whole dollars or missing, then it is refused with a field message and the minimum stays', async () => {
    // Arrange
    const { seller, vehicleId } = await listedCar(20_000);

    // Act
    const same = await changeMinimum(seller, vehicleId, { reservePrice: 20_000 });
    const higher = await changeMinimum(seller, vehicleId, { reservePrice: 25_000 });
    const cents = await changeMinimum(seller, vehicleId, { reservePrice: 15_000.5 });
    const text = await changeMinimum(seller, vehicleId, { reservePrice: 'cheaper' });
    const missing = await changeMinimum(seller, vehicleId, {});

    // Assert
    expect([same.status, higher.status, cents.status, text.status, missing.status]).toEqual([400, 400, 400, 400, 400]);
    expect(same.body.errors?.reservePrice).toBe('The new minimum must be lower than $20,000');
    expect(higher.body.errors?.reservePrice).toBe('The new minimum must be lower than $20,000');
    expect(cents.body.errors?.reservePrice).toBeTruthy();
    expect(text.body.errors?.reservePrice).toBeTruthy();
    expect(missing.body.errors?.reservePrice).toBeTruthy();
    expect((await sellerCar(seller, vehicleId)).reservePrice).toBe(20_000);
  });

  it('When someone else than its seller changes the minimum, or the car has none, or it is withdrawn, then it is refused', async () => {
    // Arrange
    const { seller, vehicleId } = await listedCar(20_000);
    const { seller: plainSeller, vehicleId: withoutMinimum } = await listedCar(undefined);
    const { seller: withdrawnSeller, vehicleId: withdrawn } = await listedCar(20_000);
    await service.request(`/api/seller/vehicles/${withdrawn}/withdraw`, { method: 'POST', as: withdrawnSeller, body: { reason: 'sold-elsewhere' } });

    // Act
    const otherSeller = await changeMinimum(person('seller'), vehicleId, { reservePrice: 15_000 });
    const dealer = await changeMinimum(person('dealer'), vehicleId, { reservePrice: 15_000 });
    const none = await changeMinimum(plainSeller, withoutMinimum, { reservePrice: 15_000 });
    const afterWithdrawal = await changeMinimum(withdrawnSeller, withdrawn, { reservePrice: 15_000 });

    // Assert
    expect([otherSeller.status, dealer.status, none.status, afterWithdrawal.status]).toEqual([403, 403, 409, 409]);
    expect(none.body.message).toBe('This listing has no minimum price');
    expect((await sellerCar(seller, vehicleId)).reservePrice).toBe(20_000);
  });
});

describe('the e-mail after seven days without an offer at the minimum', () => {
  it('When seven days pass with only offers below the minimum, then the seller is e-mailed once, with the best offer still open', async () => {
    // Arrange: an early offer that expires, then a better one still open when the check comes due
    const { vehicleId, sellerEmail } = await listedCar(20_000);
    await offer(person('dealer'), vehicleId, 18_000);
    service.advanceClock(6 * DAY_MS);
    const open = await offer(person('dealer'), vehicleId, 17_000);
    expect((await storedReserve(vehicleId))?.checkDueAt).toBeDefined();

    // Act
    service.advanceClock(DAY_MS + 60_000);
    const email = await minimumEmailOf(vehicleId);

    // Assert
    expect(email).toMatchObject({
      vehicleId,
      sellerEmail,
      reservePrice: 20_000,
      days: 7,
      zipCode: '62704',
      vehicle: { year: 2018, make: 'honda', model: 'Accord' },
      bestOpenOffer: { dealershipName: expect.any(String), amount: 17_000, expiresAt: open.expiresAt },
    });
    // The check is over: nothing is due any more, so no second e-mail can follow.
    expect(await storedReserve(vehicleId)).toEqual({ amount: 20_000 });
  });

  it('When seven days pass without any open offer, then the e-mail says none is open', async () => {
    // Arrange
    const { vehicleId } = await listedCar(20_000);

    // Act
    service.advanceClock(7 * DAY_MS + 60_000);
    const email = await minimumEmailOf(vehicleId);

    // Assert
    expect(email.reservePrice).toBe(20_000);
    expect(email).not.toHaveProperty('bestOpenOffer');
  });

  it('When an offer reached the minimum within the seven days, or the listing was withdrawn, then no e-mail is sent', async () => {
    // Arrange: a car whose offer reaches the minimum, a withdrawn one, and one that gets its e-mail, all due together
    const { vehicleId: reached } = await listedCar(20_000);
    const { seller, vehicleId: withdrawn } = await listedCar(20_000);
    const { vehicleId: marker } = await listedCar(20_000);
    service.advanceClock(DAY_MS);
    await offer(person('dealer'), reached, 20_500);
    await service.request(`/api/seller/vehicles/${withdrawn}/withdraw`, { method: 'POST', as: seller, body: { reason: 'changed-my-mind' } });

    // Act
    service.advanceClock(6 * DAY_MS + 60_000);
    await minimumEmailOf(marker);
    await expect.poll(async () => (await storedReserve(withdrawn))?.checkDueAt, { timeout: 10_000 }).toBeUndefined();

    // Assert
    expect(await storedReserve(reached)).toEqual({ amount: 20_000 });
    expect(await minimumEmails(reached)).toEqual([]);
    expect(await minimumEmails(withdrawn)).toEqual([]);
  });

  it('When the seller lowers the minimum, then its seven days start again, and the e-mail names the new one', async () => {
    // Arrange: a car lowered on day 5, and one listed with it whose e-mail shows the first seven days are over
    const { seller, vehicleId } = await listedCar(20_000);
    const { vehicleId: marker } = await listedCar(20_000);
    service.advanceClock(5 * DAY_MS);
    expect((await changeMinimum(seller, vehicleId, { reservePrice: 18_000 })).status).toBe(200);

    // Act
    service.advanceClock(2 * DAY_MS + 60_000);
    await minimumEmailOf(marker);
    const afterFirstWeek = await minimumEmails(vehicleId);
    service.advanceClock(5 * DAY_MS);
    const email = await minimumEmailOf(vehicleId);

    // Assert
    expect(afterFirstWeek).toEqual([]);
    expect(email.reservePrice).toBe(18_000);
  });

  it('When the minimum is lowered to or below an open offer, then that offer has reached it and no e-mail follows', async () => {
    // Arrange
    const { seller, vehicleId } = await listedCar(20_000);
    await offer(person('dealer'), vehicleId, 18_500);

    // Act
    const lowered = await changeMinimum(seller, vehicleId, { reservePrice: 18_500 });

    // Assert
    expect(lowered.status).toBe(200);
    expect(await storedReserve(vehicleId)).toEqual({ amount: 18_500 });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactAccessEntry, ErrorBody, OfferView, SellerVehicleView, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { callers, SELLER_CONTACT, startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
const who = callers();
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  // A fast sweep, so expiry without any read can be seen within a test.
  service = await startVehicleServiceForTest({ OFFER_SWEEP_INTERVAL_MS: '200' });
});

afterAll(async () => {
  await service?.stop();
});

/** A fresh seller with a car of their own; each test gets its own. */
async function sellerWithCar(): Promise<{ seller: TestCaller; vehicleId: string; email: string }> {
  const email = `seller-${randomUUID()}@example.com`;
  const vehicleId = await submitCar(service, { contactEmail: email });
  return { seller: { role: 'seller', userId: randomUUID(), email }, vehicleId, email };
}

function offer(caller: TestCaller, vehicleId: string, body: unknown) {
  return service.request<OfferView & ErrorBody>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body });
}

function offersOn(caller: TestCaller, vehicleId: string) {
  return service.request<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { as: caller });
}

function decide(caller: TestCaller, offerId: string, decision: 'accept' | 'decline') {
  return service.request<OfferView & ErrorBody>(`/api/offers/${offerId}/${decision}`, { method: 'POST', as: caller });
}

describe('POST /api/vehicles/{id}/offers', () => {
  it("When an approved dealer makes an offer, then it is pending for 48 hours, sets that dealer's offerMade and announces offer.made", async () => {
    const { vehicleId, email } = await sellerWithCar();

    const response = await offer(who.dealer, vehicleId, { amount: 15_500, message: 'Cash today' });
    const dealerView = await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: who.dealer });
    const otherDealerView = await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: who.secondDealer });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ vehicleId, dealerId: who.dealer.userId, amount: 15_500, message: 'Cash today', status: 'pending' });
    const validity = Date.parse(response.body.expiresAt) - Date.parse(response.body.createdAt);
    expect(Math.abs(validity - 48 * HOUR_MS)).toBeLessThan(5_000);
    expect(dealerView.body.offerMade).toBe(true);
    expect(otherDealerView.body.offerMade).toBe(false);
    await expect.poll(async () => (await service.eventsAbout(response.body.id)).map((event) => event.name), { timeout: 5_000 }).toEqual(['offer.made']);
    const [made] = await service.eventsAbout(response.body.id);
    expect(made?.payload).toMatchObject({ vehicleId, amount: 15_500, sellerEmail: email, dealershipName: who.dealer.email, vehicle: { make: 'honda', model: 'Accord', year: 2018 } });
  });

  it('When the same dealer offers again, then the new amount replaces its pending offer', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 10_000 });

    const second = await offer(who.dealer, vehicleId, { amount: 11_000 });
    const all = await offersOn(seller, vehicleId);

    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, amount: 11_000, status: 'pending' });
    expect(all.body.map((entry) => entry.amount)).toEqual([11_000]);
  });

  it('When the same dealer sends two offers at once, then one live offer remains, the higher one', async () => {
    const { seller, vehicleId } = await sellerWithCar();

    const answers = await Promise.all([offer(who.dealer, vehicleId, { amount: 7_000 }), offer(who.dealer, vehicleId, { amount: 7_100 })]);
    const all = await offersOn(seller, vehicleId);

    // Whichever was stored first, the other raises it (7,100 after 7,000) or is refused as not higher (7,000 after 7,100).
    expect([
      [200, 201],
      [201, 400],
    ]).toContainEqual(answers.map((answer) => answer.status).sort());
    expect(all.body.map((entry) => [entry.amount, entry.status])).toEqual([[7_100, 'pending']]);
  });

  it('When the amount is outside $100..$10,000,000, not whole, or the message too long, then it answers 400 with the message', async () => {
    const { vehicleId } = await sellerWithCar();
    const amountMessage = 'Offer must be a whole dollar amount between $100 and $10,000,000';

    const tooLow = await offer(who.dealer, vehicleId, { amount: 99 });
    const cents = await offer(who.dealer, vehicleId, { amount: 100.5 });
    const tooHigh = await offer(who.dealer, vehicleId, { amount: 10_000_001 });
    const longMessage = await offer(who.dealer, vehicleId, { amount: 500, message: 'x'.repeat(501) });

    expect(tooLow).toMatchObject({ status: 400, body: { errors: { amount: amountMessage } } });
    expect(cents).toMatchObject({ status: 400, body: { errors: { amount: amountMessage } } });
    expect(tooHigh).toMatchObject({ status: 400, body: { errors: { amount: amountMessage } } });
    expect(longMessage).toMatchObject({ status: 400, body: { errors: { message: 'Must be at most 500 characters' } } });
  });

  it('When callers of each role make an offer, then only approved dealers may', async () => {
    const { vehicleId } = await sellerWithCar();
    const owner: TestCaller = { role: 'seller', userId: randomUUID(), email: who.sellerEmail };

    const statuses: Record<string, number> = {};
    for (const [role, caller] of Object.entries({ ...who, seller: owner })) {
      if (typeof caller === 'string') continue;
      statuses[role] = (await offer(caller, vehicleId, { amount: 1_000 })).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, otherSeller: 403, dealer: 201, secondDealer: 201, admin: 403 });
  });

  it('When the car does not exist, then it answers 404 "Vehicle not found"', async () => {
    const response = await offer(who.dealer, '0123456789abcdef01234567', { amount: 1_000 });

    expect(response).toMatchObject({ status: 404, body: { message: 'Vehicle not found' } });
  });
});

describe('GET /api/vehicles/{id}/offers', () => {
  it('When two dealers made offers, then each dealer sees only its own and the seller and admin see all, highest first', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    await offer(who.dealer, vehicleId, { amount: 9_000, message: 'First dealer' });
    await offer(who.secondDealer, vehicleId, { amount: 9_500, message: 'Second dealer' });

    const first = await offersOn(who.dealer, vehicleId);
    const second = await offersOn(who.secondDealer, vehicleId);
    const sellers = await offersOn(seller, vehicleId);
    const admins = await offersOn(who.admin, vehicleId);

    expect(first.body.map((entry) => entry.amount)).toEqual([9_000]);
    expect(JSON.stringify(first.body)).not.toContain('Second dealer');
    expect(second.body.map((entry) => entry.amount)).toEqual([9_500]);
    expect(JSON.stringify(second.body)).not.toContain('First dealer');
    expect(sellers.body.map((entry) => [entry.amount, entry.dealershipName, entry.message])).toEqual([
      [9_500, who.secondDealer.email, 'Second dealer'],
      [9_000, who.dealer.email, 'First dealer'],
    ]);
    expect(admins.body).toHaveLength(2);
  });

  it('When callers of each role ask for the offers, then anonymous and other sellers are refused', async () => {
    const { seller, vehicleId } = await sellerWithCar();

    const statuses: Record<string, number> = {};
    for (const [role, caller] of Object.entries({ ...who, seller })) {
      if (typeof caller === 'string') continue;
      statuses[role] = (await offersOn(caller, vehicleId)).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 200, otherSeller: 403, dealer: 200, secondDealer: 200, admin: 200 });
  });
});

describe('GET /api/seller/vehicles', () => {
  it("When a seller opens the dashboard, then their cars come with their offers and other sellers' cars do not", async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const other = await sellerWithCar();
    await offer(who.dealer, vehicleId, { amount: 20_000 });

    const response = await service.request<SellerVehicleView[]>('/api/seller/vehicles', { as: seller });

    expect(response.status).toBe(200);
    expect(response.body.map((vehicle) => vehicle.id)).toEqual([vehicleId]);
    expect(response.body[0]).toMatchObject({ contactEmail: seller.email, offers: [{ amount: 20_000, status: 'pending', dealershipName: who.dealer.email }] });
    expect(JSON.stringify(response.body)).not.toContain(other.vehicleId);
  });

  it('When callers other than a seller ask, then they are refused', async () => {
    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'pendingDealer', 'dealer', 'admin'] as const) {
      statuses[role] = (await service.request('/api/seller/vehicles', { as: who[role] })).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, dealer: 403, admin: 403 });
  });
});

describe('POST /api/offers/{id}/accept and /decline', () => {
  it('When the seller accepts an offer, then the car is pending, the other offer is declined and the events are published', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const winning = await offer(who.dealer, vehicleId, { amount: 12_000 });
    const losing = await offer(who.secondDealer, vehicleId, { amount: 11_000 });

    const response = await decide(seller, winning.body.id, 'accept');
    const admin = await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: who.admin });
    const all = await offersOn(seller, vehicleId);

    expect(response).toMatchObject({ status: 200, body: { id: winning.body.id, status: 'accepted' } });
    expect(admin.body.status).toBe('pending');
    expect(all.body.map((entry) => [entry.id, entry.status])).toEqual([
      [winning.body.id, 'accepted'],
      [losing.body.id, 'declined'],
    ]);
    await expect.poll(async () => (await service.eventsAbout(winning.body.id)).map((event) => event.name).sort(), { timeout: 5_000 }).toEqual(['offer.accepted', 'offer.made']);
    await expect.poll(async () => (await service.eventsAbout(losing.body.id)).map((event) => event.name).sort(), { timeout: 5_000 }).toEqual(['offer.declined', 'offer.made']);
    const accepted = (await service.eventsAbout(winning.body.id)).find((event) => event.name === 'offer.accepted');
    expect(accepted?.payload).toMatchObject({ dealerEmail: who.dealer.email, amount: 12_000, seller: { fullName: SELLER_CONTACT.fullName, email: seller.email, phone: SELLER_CONTACT.contactPhone, zipCode: '62704' } });
  });

  it("When no offer is accepted yet, then no dealer answer holds the seller's contact values; after acceptance only the accepted dealer's do", async () => {
    const { seller, vehicleId, email } = await sellerWithCar();
    const contactValues = [email, SELLER_CONTACT.fullName, SELLER_CONTACT.contactPhone, SELLER_CONTACT.city];
    const dealerAnswers = async (dealer: TestCaller) => [
      await offer(dealer, vehicleId, { amount: dealer === who.dealer ? 8_000 : 7_000 }),
      await service.request(`/api/vehicles/${vehicleId}`, { as: dealer }),
      await service.request('/api/vehicles?limit=100', { as: dealer }),
      await service.request(`/api/vehicles/mine?vehicleIds=${vehicleId}`, { as: dealer }),
      await service.request(`/api/vehicles/${vehicleId}`, { method: 'PATCH', as: dealer, body: { notes: 'follow up' } }),
      await offersOn(dealer, vehicleId),
    ];
    const leaks = (answers: Array<{ body: unknown }>) => contactValues.filter((value) => answers.some((answer) => JSON.stringify(answer.body).includes(value)));

    const beforeFirst = await dealerAnswers(who.dealer);
    const beforeSecond = await dealerAnswers(who.secondDealer);
    const accepted = beforeFirst[0] as { body: OfferView };
    await decide(seller, accepted.body.id, 'accept');
    const acceptedDealer = await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: who.dealer });
    const otherDealer = [
      await service.request(`/api/vehicles/${vehicleId}`, { as: who.secondDealer }),
      await service.request('/api/vehicles?limit=100', { as: who.secondDealer }),
      await service.request(`/api/vehicles/mine?vehicleIds=${vehicleId}`, { as: who.secondDealer }),
      await offersOn(who.secondDealer, vehicleId),
    ];
    const log = await service.request<ContactAccessEntry[]>(`/api/vehicles/${vehicleId}/access-log`, { as: who.admin });

    expect(leaks(beforeFirst)).toEqual([]);
    expect(leaks(beforeSecond)).toEqual([]);
    expect(acceptedDealer.body).toMatchObject({ fullName: SELLER_CONTACT.fullName, contactEmail: email, contactPhone: SELLER_CONTACT.contactPhone, city: SELLER_CONTACT.city, state: SELLER_CONTACT.state });
    expect(acceptedDealer.body).not.toHaveProperty('streetAddress');
    expect(leaks(otherDealer)).toEqual([]);
    expect(log.body.map((entry) => entry.viewerId)).toContain(who.dealer.userId);
    expect(log.body.map((entry) => entry.viewerId)).not.toContain(who.secondDealer.userId);
  });

  it('When an offer is accepted, then no other offer on the car can be accepted or made', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 5_000 });
    await decide(seller, first.body.id, 'accept');

    const again = await decide(seller, first.body.id, 'accept');
    const newOffer = await offer(who.secondDealer, vehicleId, { amount: 6_000 });

    expect(again).toMatchObject({ status: 409, body: { message: 'This offer is already accepted' } });
    expect(newOffer).toMatchObject({ status: 409, body: { message: 'The seller has already accepted an offer on this vehicle' } });
  });

  it('When the seller accepts two offers at once, then exactly one is accepted', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 5_000 });
    const second = await offer(who.secondDealer, vehicleId, { amount: 5_100 });

    const answers = await Promise.all([decide(seller, first.body.id, 'accept'), decide(seller, second.body.id, 'accept')]);
    const all = await offersOn(seller, vehicleId);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(all.body.map((entry) => entry.status).sort()).toEqual(['accepted', 'declined']);
  });

  it('When the seller declines an offer, then it is declined, announced, and the dealer may offer again', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 5_000 });

    const declined = await decide(seller, first.body.id, 'decline');
    const acceptDeclined = await decide(seller, first.body.id, 'accept');
    const again = await offer(who.dealer, vehicleId, { amount: 5_500 });

    expect(declined).toMatchObject({ status: 200, body: { status: 'declined' } });
    expect(acceptDeclined).toMatchObject({ status: 409, body: { message: 'This offer is already declined' } });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    await expect.poll(async () => (await service.eventsAbout(first.body.id)).map((event) => event.name).sort(), { timeout: 5_000 }).toEqual(['offer.declined', 'offer.made']);
  });

  it('When callers other than the owning seller decide, then they are refused and the offer stays pending', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const pending = await offer(who.dealer, vehicleId, { amount: 5_000 });

    const statuses: Record<string, number> = {};
    for (const [role, caller] of Object.entries({ anonymous: who.anonymous, pendingDealer: who.pendingDealer, otherSeller: who.otherSeller, dealer: who.dealer, secondDealer: who.secondDealer, admin: who.admin })) {
      statuses[role] = (await decide(caller, pending.body.id, 'accept')).status;
    }
    const after = await offersOn(seller, vehicleId);

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, otherSeller: 403, dealer: 403, secondDealer: 403, admin: 403 });
    expect(after.body[0]?.status).toBe('pending');
  });

  it('When the offer does not exist, then it answers 404 "Offer not found"', async () => {
    const response = await decide(who.seller, '0123456789abcdef01234567', 'accept');

    expect(response).toMatchObject({ status: 404, body: { message: 'Offer not found' } });
  });
});

describe('Offer expiry', () => {
  it('When 48 hours have passed, then accepting answers 409, the offer reads as expired and offer.expired is published', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 5_000 });
    service.advanceClock(49 * HOUR_MS);

    const accept = await decide(seller, made.body.id, 'accept');
    const after = await offersOn(seller, vehicleId);

    expect(accept).toMatchObject({ status: 409, body: { message: 'This offer has expired' } });
    expect(after.body[0]?.status).toBe('expired');
    await expect.poll(async () => (await service.eventsAbout(made.body.id)).map((event) => event.name).sort(), { timeout: 5_000 }).toEqual(['offer.expired', 'offer.made']);
  });

  it('When an offer runs out and nobody reads it, then the periodic sweep expires it', async () => {
    const { vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 5_000 });

    service.advanceClock(49 * HOUR_MS);

    await expect.poll(async () => (await service.eventsAbout(made.body.id)).map((event) => event.name).sort(), { timeout: 5_000 }).toEqual(['offer.expired', 'offer.made']);
  });

  it('When a dealer offers again after its offer expired, then a new pending offer is made', async () => {
    const { vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 5_000 });
    service.advanceClock(49 * HOUR_MS);

    const second = await offer(who.dealer, vehicleId, { amount: 5_200 });
    const mine = await offersOn(who.dealer, vehicleId);

    expect(second.status).toBe(201);
    expect(mine.body.map((entry) => [entry.id === first.body.id, entry.status])).toEqual([
      [false, 'pending'],
      [true, 'expired'],
    ]);
  });
});

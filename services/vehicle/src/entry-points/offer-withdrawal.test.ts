import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerOwnRecord, ErrorBody, OfferView, SellerVehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { callers, startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
const who = callers();
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

async function sellerWithCar(): Promise<{ seller: TestCaller; vehicleId: string }> {
  const email = `seller-${randomUUID()}@example.com`;
  const vehicleId = await submitCar(service, { contactEmail: email });
  return { seller: { role: 'seller', userId: randomUUID(), email }, vehicleId };
}

function offer(caller: TestCaller, vehicleId: string, body: unknown) {
  return service.request<OfferView & ErrorBody>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body });
}

function withdraw(caller: TestCaller, offerId: string) {
  return service.request<OfferView & ErrorBody>(`/api/offers/${offerId}/withdraw`, { method: 'POST', as: caller });
}

function offersOn(caller: TestCaller, vehicleId: string) {
  return service.request<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { as: caller });
}

describe('changing a pending offer', () => {
  it('When the dealer sends a lower or equal amount for its pending offer, then it answers 400 on the amount and the offer stands', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    await offer(who.dealer, vehicleId, { amount: 12_500, message: 'First' });

    const lower = await offer(who.dealer, vehicleId, { amount: 10_000 });
    const equal = await offer(who.dealer, vehicleId, { amount: 12_500 });
    const standing = await offersOn(seller, vehicleId);

    const message = 'Your new offer must be higher than your current offer of $12,500';
    expect(lower).toMatchObject({ status: 400, body: { message, errors: { amount: message } } });
    expect(equal).toMatchObject({ status: 400, body: { errors: { amount: message } } });
    expect(standing.body.map((entry) => [entry.amount, entry.message, entry.status])).toEqual([[12_500, 'First', 'pending']]);
  });

  it('When the dealer raises its pending offer, then the higher amount takes its place', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 12_500 });

    const raised = await offer(who.dealer, vehicleId, { amount: 13_000 });
    const standing = await offersOn(seller, vehicleId);

    expect(raised).toMatchObject({ status: 200, body: { id: first.body.id, amount: 13_000, status: 'pending' } });
    expect(standing.body.map((entry) => entry.amount)).toEqual([13_000]);
  });

  it('When two raises arrive at once, then the higher one stands whichever is stored last', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    await offer(who.dealer, vehicleId, { amount: 10_000 });

    const answers = await Promise.all([offer(who.dealer, vehicleId, { amount: 11_000 }), offer(who.dealer, vehicleId, { amount: 12_000 })]);
    const standing = await offersOn(seller, vehicleId);

    expect(answers.find((answer) => answer.body.amount === 12_000)?.status).toBe(200);
    expect(standing.body.map((entry) => [entry.amount, entry.status])).toEqual([[12_000, 'pending']]);
  });
});

describe('POST /api/offers/{id}/withdraw', () => {
  it("When the dealer withdraws its pending offer, then it reads as withdrawn everywhere, the seller can no longer accept it, and the dealer may make a new offer", async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 12_500 });

    const withdrawn = await withdraw(who.dealer, made.body.id);
    const sellersOffers = await service.request<SellerVehicleView[]>('/api/seller/vehicles', { as: seller });
    const own = await service.request<DealerOwnRecord[]>(`/api/vehicles/mine?vehicleIds=${vehicleId}`, { as: who.dealer });
    const accept = await service.request<ErrorBody>(`/api/offers/${made.body.id}/accept`, { method: 'POST', as: seller });
    const again = await offer(who.dealer, vehicleId, { amount: 11_000 });

    expect(withdrawn).toMatchObject({ status: 200, body: { id: made.body.id, amount: 12_500, status: 'withdrawn' } });
    expect(sellersOffers.body[0]?.offers.map((entry) => [entry.id, entry.status])).toEqual([[made.body.id, 'withdrawn']]);
    expect(own.body[0]?.offer).toMatchObject({ id: made.body.id, status: 'withdrawn' });
    expect(accept).toMatchObject({ status: 409, body: { message: 'This offer is already withdrawn' } });
    // A new offer, which the seller sees beside the withdrawn one: not a silent lowering of it.
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(made.body.id);
  });

  it('When the offer is no longer pending (accepted, declined or withdrawn already), then it answers 409 and nothing changes', async () => {
    const accepted = await sellerWithCar();
    const acceptedOffer = await offer(who.dealer, accepted.vehicleId, { amount: 5_000 });
    await service.request(`/api/offers/${acceptedOffer.body.id}/accept`, { method: 'POST', as: accepted.seller });
    const declined = await sellerWithCar();
    const declinedOffer = await offer(who.dealer, declined.vehicleId, { amount: 5_000 });
    await service.request(`/api/offers/${declinedOffer.body.id}/decline`, { method: 'POST', as: declined.seller });
    const twice = await sellerWithCar();
    const twiceOffer = await offer(who.dealer, twice.vehicleId, { amount: 5_000 });
    await withdraw(who.dealer, twiceOffer.body.id);

    const answers = [await withdraw(who.dealer, acceptedOffer.body.id), await withdraw(who.dealer, declinedOffer.body.id), await withdraw(who.dealer, twiceOffer.body.id)];
    const stillAccepted = await offersOn(accepted.seller, accepted.vehicleId);

    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual([
      [409, 'This offer is already accepted'],
      [409, 'This offer is already declined'],
      [409, 'This offer is already withdrawn'],
    ]);
    expect(stillAccepted.body[0]?.status).toBe('accepted');
  });

  it('When the offer ran out before the withdrawal, then it answers 409 and the offer reads as expired', async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 5_000 });
    service.advanceClock(49 * HOUR_MS);

    const late = await withdraw(who.dealer, made.body.id);
    const after = await offersOn(seller, vehicleId);

    expect(late).toMatchObject({ status: 409, body: { message: 'This offer has expired' } });
    expect(after.body[0]?.status).toBe('expired');
  });

  it("When anyone but the dealer who made it tries, then it is refused and the offer stays pending; another dealer learns nothing of it (404)", async () => {
    const { seller, vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 5_000 });

    const statuses: Record<string, number> = {};
    for (const [role, caller] of Object.entries({ anonymous: who.anonymous, pendingDealer: who.pendingDealer, seller, otherSeller: who.otherSeller, secondDealer: who.secondDealer, admin: who.admin })) {
      statuses[role] = (await withdraw(caller, made.body.id)).status;
    }
    const unknown = await withdraw(who.dealer, '0123456789abcdef01234567');
    const after = await offersOn(seller, vehicleId);

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, otherSeller: 403, secondDealer: 404, admin: 403 });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Offer not found' } });
    expect(after.body[0]?.status).toBe('pending');
  });
});

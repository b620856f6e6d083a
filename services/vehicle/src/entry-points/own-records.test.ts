import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerOwnRecord, ErrorBody, OfferView } from '@cardirect/contracts';
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

async function offer(caller: TestCaller, vehicleId: string, amount: number): Promise<OfferView> {
  const response = await service.request<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body: { amount } });
  if (response.status !== 201 && response.status !== 200) throw new Error(`offer failed: ${response.status}`);
  return response.body;
}

function decide(seller: TestCaller, offerId: string, decision: 'accept' | 'decline') {
  return service.request(`/api/offers/${offerId}/${decision}`, { method: 'POST', as: seller });
}

function mine(caller: TestCaller, query: string) {
  return service.request<DealerOwnRecord[] & ErrorBody>(`/api/vehicles/mine${query}`, { as: caller });
}

describe('GET /api/vehicles/mine', () => {
  it("When a dealer asks for the cars on its dashboard, then it gets its latest offer on each, in the order asked, and never another dealer's", async () => {
    const declinedThenRenewed = await sellerWithCar();
    const othersOnly = await sellerWithCar();
    const offeredOnce = await sellerWithCar();
    const first = await offer(who.dealer, declinedThenRenewed.vehicleId, 10_000);
    await decide(declinedThenRenewed.seller, first.id, 'decline');
    await offer(who.dealer, declinedThenRenewed.vehicleId, 11_000);
    await offer(who.secondDealer, othersOnly.vehicleId, 20_000);
    await offer(who.dealer, offeredOnce.vehicleId, 9_000);

    const response = await mine(who.dealer, `?vehicleIds=${offeredOnce.vehicleId},${declinedThenRenewed.vehicleId},${othersOnly.vehicleId}`);

    expect(response.status).toBe(200);
    expect(response.body.map((entry) => [entry.vehicleId, entry.offerMade, entry.offer?.amount, entry.offer?.status, entry.offer?.dealerId])).toEqual([
      [offeredOnce.vehicleId, true, 9_000, 'pending', who.dealer.userId],
      [declinedThenRenewed.vehicleId, true, 11_000, 'pending', who.dealer.userId],
    ]);
  });

  it("When the seller accepted another dealer's offer, then the dealer's offer reads declined because of it; a seller's own decline gives no reason", async () => {
    const taken = await sellerWithCar();
    const declined = await sellerWithCar();
    const winner = await offer(who.secondDealer, taken.vehicleId, 15_000);
    await offer(who.dealer, taken.vehicleId, 14_000);
    const mineDeclined = await offer(who.dealer, declined.vehicleId, 8_000);
    await decide(taken.seller, winner.id, 'accept');
    await decide(declined.seller, mineDeclined.id, 'decline');

    const response = await mine(who.dealer, `?vehicleIds=${taken.vehicleId},${declined.vehicleId}`);
    const winners = await mine(who.secondDealer, `?vehicleIds=${taken.vehicleId}`);

    expect(response.body.map((entry) => [entry.offer?.status, entry.offer?.declineReason])).toEqual([
      ['declined', 'another-offer-accepted'],
      ['declined', undefined],
    ]);
    expect(winners.body.map((entry) => [entry.offer?.amount, entry.offer?.status])).toEqual([[15_000, 'accepted']]);
  });

  it('When a pending offer has run out, then it reads expired', async () => {
    const { vehicleId } = await sellerWithCar();
    await offer(who.dealer, vehicleId, 7_000);
    service.advanceClock(49 * HOUR_MS);

    const response = await mine(who.dealer, `?vehicleIds=${vehicleId}`);

    expect(response.body.map((entry) => entry.offer?.status)).toEqual(['expired']);
  });

  it('When the ids are missing, empty or more than 100, then it answers 400 naming the rule; unknown ids simply have no record', async () => {
    const message = 'List 1 to 100 vehicle ids, separated by commas';
    const tooMany = Array.from({ length: 101 }, () => '0123456789abcdef01234567').map((id, index) => `${id.slice(0, 20)}${String(index).padStart(4, '0')}`).join(',');

    const missing = await mine(who.dealer, '');
    const empty = await mine(who.dealer, '?vehicleIds=');
    const overLimit = await mine(who.dealer, `?vehicleIds=${tooMany}`);
    const unknown = await mine(who.dealer, '?vehicleIds=0123456789abcdef01234567,not-an-id');

    for (const answer of [missing, empty, overLimit]) expect(answer).toMatchObject({ status: 400, body: { errors: { vehicleIds: message } } });
    expect(unknown).toMatchObject({ status: 200, body: [] });
  });

  it('When callers of each role ask, then only approved dealers may', async () => {
    const { vehicleId } = await sellerWithCar();

    const statuses: Record<string, number> = {};
    for (const [role, caller] of Object.entries(who)) {
      if (typeof caller === 'string') continue;
      statuses[role] = (await mine(caller, `?vehicleIds=${vehicleId}`)).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, otherSeller: 403, dealer: 200, secondDealer: 200, admin: 403 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerProfileRef, NearbyDealer } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { callers, createApprovedDealer, createPendingDealer, newProfile, startDealerForTest, type DealerUnderTest } from '../testing/dealer-under-test';

let dealers: DealerUnderTest;
beforeAll(async () => {
  dealers = await startDealerForTest();
});
afterAll(async () => {
  await dealers?.stop();
});

const asService = { as: callers.service };
const users: Array<[string, number, TestCaller]> = [
  ['anonymous', 401, callers.anonymous],
  ['a seller', 403, callers.seller],
  ['a dealer', 403, callers.dealer],
  ['an admin', 403, callers.admin],
];

describe('POST /internal/dealers', () => {
  it('When auth creates a profile, then it is stored pending with the e-mail copy, and a retry answers the same profile', async () => {
    const profile = newProfile({ zipCode: '90210-1234' });

    const first = await dealers.service.request<DealerProfileRef>('/internal/dealers', { method: 'POST', body: profile, ...asService });
    const retry = await dealers.service.request<DealerProfileRef>('/internal/dealers', { method: 'POST', body: profile, ...asService });

    expect(first.status).toBe(201);
    expect(first.body).toEqual({ dealerId: expect.any(String), dealershipName: profile.dealershipName, isApproved: false });
    expect(retry.body.dealerId).toBe(first.body.dealerId);
    expect(await dealers.profiles.countDocuments({ userId: profile.userId })).toBe(1);
    expect(await dealers.profiles.findOne({ userId: profile.userId }).lean()).toMatchObject({ email: profile.email, zipCode: '90210-1234', zip5: '90210', isApproved: false });
  });

  it('When the profile breaks the rules of spec section 5, then 400 with field messages', async () => {
    const response = await dealers.service.request('/internal/dealers', {
      method: 'POST',
      body: { ...newProfile(), dealershipName: 'A', state: 'ZZ', userId: '' },
      ...asService,
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Validation failed',
      errors: { dealershipName: 'Dealership name is required', state: 'State is required', userId: 'userId is required' },
    });
  });

  it.each(users)('When %s calls it, then the answer is %i and nothing is stored', async (_who, status, caller) => {
    const profile = newProfile();

    const response = await dealers.service.request('/internal/dealers', { method: 'POST', body: profile, as: caller });

    expect(response.status).toBe(status);
    expect(await dealers.profiles.countDocuments({ userId: profile.userId })).toBe(0);
  });
});

describe('GET and DELETE /internal/dealers/by-user/:userId', () => {
  it('When auth asks about an account, then it learns the dealer id and approval', async () => {
    const dealer = await createApprovedDealer(dealers);

    const response = await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, asService);

    expect(response).toMatchObject({ status: 200, body: { dealerId: dealer.dealerId, dealershipName: dealer.dealershipName, isApproved: true } });
  });

  it('When the vehicle service asks about an account, then it learns the dealership phone the seller gets after accepting', async () => {
    const dealer = await createApprovedDealer(dealers, { phoneNumber: '(312) 555-0188' });

    const response = await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, asService);

    expect(response).toMatchObject({ status: 200, body: { dealershipName: dealer.dealershipName, phoneNumber: '(312) 555-0188' } });
  });

  it("When the vehicle service asks about an account, then it learns the dealership's ZIP code, what the dealer list's distance is measured from", async () => {
    const dealer = await createApprovedDealer(dealers, { zipCode: '60614' });

    const response = await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, asService);

    expect(response).toMatchObject({ status: 200, body: { dealerId: dealer.dealerId, zipCode: '60614' } });
  });

  it("When the vehicle service asks about an account, then it learns the dealership's address, for an appointment there and the bill of sale", async () => {
    const dealer = await createApprovedDealer(dealers, { address: '12 Lake St', city: 'Springfield', state: 'IL' });

    const response = await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, asService);

    expect(response).toMatchObject({ status: 200, body: { address: '12 Lake St', city: 'Springfield', state: 'IL' } });
  });

  it('When the account has no profile, then 404', async () => {
    expect((await dealers.service.request('/internal/dealers/by-user/nobody', asService)).status).toBe(404);
  });

  it('When auth rolls a registration back, then the pending profile is removed; an approved one never is', async () => {
    const pending = await createPendingDealer(dealers);
    const approved = await createApprovedDealer(dealers);

    const withdrawn = await dealers.service.request(`/internal/dealers/by-user/${pending.userId}`, { method: 'DELETE', ...asService });
    await dealers.service.request(`/internal/dealers/by-user/${approved.userId}`, { method: 'DELETE', ...asService });

    expect(withdrawn.status).toBe(204);
    expect(await dealers.profiles.countDocuments({ userId: pending.userId })).toBe(0);
    expect(await dealers.profiles.countDocuments({ userId: approved.userId })).toBe(1);
  });

  it.each(users)('When %s asks, then the answer is %i', async (_who, status, caller) => {
    const dealer = await createPendingDealer(dealers);

    expect((await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, { as: caller })).status).toBe(status);
    expect((await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, { method: 'DELETE', as: caller })).status).toBe(status);
    expect(await dealers.profiles.countDocuments({ userId: dealer.userId })).toBe(1);
  });
});

describe('GET /internal/dealers/nearby', () => {
  it('When the notifier asks for dealers within 100 miles of 90210, then it gets the approved ones in range, nearest first', async () => {
    const tag = `Nearby ${Date.now()}`;
    const santaMonica = await createApprovedDealer(dealers, { dealershipName: `${tag} Santa Monica`, zipCode: '90401' });
    const beverlyHills = await createApprovedDealer(dealers, { dealershipName: `${tag} Beverly Hills`, zipCode: '90210' });
    const pendingNearby = await createPendingDealer(dealers, { dealershipName: `${tag} Pending`, zipCode: '90211' });
    const newYork = await createApprovedDealer(dealers, { dealershipName: `${tag} New York`, zipCode: '10001' });

    const response = await dealers.service.request<NearbyDealer[]>('/internal/dealers/nearby?zip=90210&radiusMiles=100', asService);

    expect(response.status).toBe(200);
    const ours = response.body.filter((dealer) => dealer.dealershipName.startsWith(tag));
    expect(ours.map((dealer) => dealer.dealerId)).toEqual([beverlyHills.dealerId, santaMonica.dealerId]);
    expect(ours[0]).toEqual({ dealerId: beverlyHills.dealerId, dealershipName: `${tag} Beverly Hills`, email: beverlyHills.email, zipCode: '90210', distanceMiles: 0 });
    expect(ours[1].distanceMiles).toBeGreaterThan(0);
    expect(ours[1].distanceMiles).toBeLessThan(20);
    const ids = response.body.map((dealer) => dealer.dealerId);
    expect(ids).not.toContain(pendingNearby.dealerId);
    expect(ids).not.toContain(newYork.dealerId);
  });

  it('When the ZIP is unknown to the reference data, then nobody is near it', async () => {
    const response = await dealers.service.request('/internal/dealers/nearby?zip=00000&radiusMiles=100', asService);

    expect(response).toMatchObject({ status: 200, body: [] });
  });

  it.each([
    ['zip=abc&radiusMiles=100', { zip: 'zip must be a 5-digit US ZIP code' }],
    ['zip=90210&radiusMiles=0', { radiusMiles: 'radiusMiles must be more than 0' }],
    ['zip=90210&radiusMiles=far', { radiusMiles: 'radiusMiles must be a number of miles' }],
    ['', { zip: 'zip must be a 5-digit US ZIP code', radiusMiles: 'radiusMiles must be a number of miles' }],
  ])('When the query is "%s", then 400 with field messages', async (query, errors) => {
    const response = await dealers.service.request(`/internal/dealers/nearby?${query}`, asService);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors });
  });

  it.each(users)('When %s asks, then the answer is %i', async (_who, status, caller) => {
    expect((await dealers.service.request('/internal/dealers/nearby?zip=90210&radiusMiles=100', { as: caller })).status).toBe(status);
  });
});

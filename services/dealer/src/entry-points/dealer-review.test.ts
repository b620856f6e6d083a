import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { callers, createApprovedDealer, createPendingDealer, startDealerForTest, type DealerUnderTest } from '../testing/dealer-under-test';

let dealers: DealerUnderTest;
beforeAll(async () => {
  dealers = await startDealerForTest();
});
afterAll(async () => {
  await dealers?.stop();
});

const asAdmin = { as: callers.admin };
const notAdmins: Array<[string, number, TestCaller]> = [
  ['anonymous', 401, callers.anonymous],
  ['a seller', 403, callers.seller],
  ['a dealer', 403, callers.dealer],
  ['a service', 403, callers.service],
];
const missingId = '0123456789abcdef01234567';

describe('GET /api/dealers', () => {
  it('When the admin lists dealers, then pending and approved ones come newest first with the nested user e-mail', async () => {
    const older = await createApprovedDealer(dealers, { dealershipName: 'Older Motors' });
    const newer = await createPendingDealer(dealers, { dealershipName: 'Newer Motors' });

    const response = await dealers.service.request<DealerView[]>('/api/dealers', asAdmin);

    expect(response.status).toBe(200);
    const ids = response.body.map((dealer) => dealer.id);
    expect(ids.indexOf(newer.dealerId)).toBeLessThan(ids.indexOf(older.dealerId));
    expect(response.body.find((dealer) => dealer.id === newer.dealerId)).toEqual({
      id: newer.dealerId,
      userId: newer.userId,
      dealershipName: 'Newer Motors',
      isApproved: false,
      city: 'Los Angeles',
      state: 'CA',
      zipCode: '90028',
      address: '100 Sunset Blvd',
      phoneNumber: '(310) 555-0100',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user: { email: newer.email },
      adminActions: [],
    });
    expect(response.body.find((dealer) => dealer.id === older.dealerId)?.isApproved).toBe(true);
  });

  it.each(notAdmins)('When %s lists dealers, then the answer is %i', async (_who, status, caller) => {
    expect((await dealers.service.request('/api/dealers', { as: caller })).status).toBe(status);
  });
});

describe('PATCH /api/dealers/:id/approve', () => {
  it('When the admin approves a pending dealer, then it is approved, the admin log names who approved, and dealer.approved is announced', async () => {
    const dealer = await createPendingDealer(dealers);

    const response = await dealers.service.request<DealerView>(`/api/dealers/${dealer.dealerId}/approve`, { method: 'PATCH', ...asAdmin });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: dealer.dealerId, isApproved: true, user: { email: dealer.email } });
    expect(response.body.adminActions).toEqual([{ action: 'approved', by: callers.admin.email, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect((await dealers.profiles.findById(dealer.dealerId).lean())?.adminActions).toEqual([
      { action: 'approved', byEmail: callers.admin.email, byId: callers.admin.userId, at: expect.any(Date) },
    ]);
    const lookup = await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, { as: callers.service });
    expect(lookup.body).toMatchObject({ dealerId: dealer.dealerId, dealershipName: dealer.dealershipName, isApproved: true });
    const event = await dealers.events.waitFor('dealer.approved', (candidate) => candidate.payload.dealerId === dealer.dealerId);
    expect(event.payload).toEqual({ dealerId: dealer.dealerId, dealershipName: dealer.dealershipName, email: dealer.email });
  });

  it('When the dealer is already approved, then 409 and no second event', async () => {
    const dealer = await createApprovedDealer(dealers);

    const response = await dealers.service.request(`/api/dealers/${dealer.dealerId}/approve`, { method: 'PATCH', ...asAdmin });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This dealer is already approved' });
    await dealers.events.waitFor('dealer.approved', (candidate) => candidate.payload.dealerId === dealer.dealerId);
    const approvals = (await dealers.events.all()).filter((event) => event.name === 'dealer.approved' && JSON.stringify(event.payload).includes(dealer.dealerId));
    expect(approvals).toHaveLength(1);
  });

  it.each([
    ['an unknown id', missingId],
    ['an id that cannot exist', 'not-an-id'],
  ])('When the id is %s, then 404 "Dealer not found"', async (_what, id) => {
    const response = await dealers.service.request(`/api/dealers/${id}/approve`, { method: 'PATCH', ...asAdmin });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Dealer not found' });
  });

  it.each(notAdmins)('When %s approves, then the answer is %i and the dealer stays pending', async (_who, status, caller) => {
    const dealer = await createPendingDealer(dealers);

    const response = await dealers.service.request(`/api/dealers/${dealer.dealerId}/approve`, { method: 'PATCH', as: caller });

    expect(response.status).toBe(status);
    expect((await dealers.profiles.findById(dealer.dealerId).lean())?.isApproved).toBe(false);
  });
});

describe('DELETE /api/dealers/:id', () => {
  it('When the admin rejects a pending dealer, then auth removes the account, the profile is gone and dealer.rejected carries what the e-mail needs', async () => {
    const dealer = await createPendingDealer(dealers, { dealershipName: 'Rejected Motors' });

    const response = await dealers.service.request(`/api/dealers/${dealer.dealerId}`, { method: 'DELETE', ...asAdmin });

    expect(response.status).toBe(200);
    expect(dealers.auth.deletedAccounts).toContain(dealer.userId);
    const list = await dealers.service.request<DealerView[]>('/api/dealers', asAdmin);
    expect(list.body.some((listed) => listed.id === dealer.dealerId)).toBe(false);
    const event = await dealers.events.waitFor('dealer.rejected', (candidate) => candidate.payload.dealerId === dealer.dealerId);
    expect(event.payload).toEqual({ dealerId: dealer.dealerId, dealershipName: 'Rejected Motors', email: dealer.email });
    await expect.poll(() => dealers.profiles.countDocuments({ userId: dealer.userId })).toBe(0);
    expect((await dealers.service.request(`/internal/dealers/by-user/${dealer.userId}`, { as: callers.service })).status).toBe(404);
  });

  it('When the dealer is already approved, then 409 and nothing is removed', async () => {
    const dealer = await createApprovedDealer(dealers);

    const response = await dealers.service.request(`/api/dealers/${dealer.dealerId}`, { method: 'DELETE', ...asAdmin });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'Only a pending dealer can be rejected' });
    expect(dealers.auth.deletedAccounts).not.toContain(dealer.userId);
    expect(await dealers.profiles.countDocuments({ userId: dealer.userId })).toBe(1);
  });

  it('When the dealer was already rejected, then a second rejection is 404', async () => {
    const dealer = await createPendingDealer(dealers);
    await dealers.service.request(`/api/dealers/${dealer.dealerId}`, { method: 'DELETE', ...asAdmin });

    const again = await dealers.service.request(`/api/dealers/${dealer.dealerId}`, { method: 'DELETE', ...asAdmin });

    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Dealer not found' });
  });

  it('When the auth service fails, then the rejection answers 503, the dealer stays pending, and rejecting again works', async () => {
    const dealer = await createPendingDealer(dealers);
    dealers.auth.failAccountDeletion = true;

    const failed = await dealers.service.request(`/api/dealers/${dealer.dealerId}`, { method: 'DELETE', ...asAdmin });
    dealers.auth.failAccountDeletion = false;

    expect(failed.status).toBe(503);
    const stored = await dealers.profiles.findById(dealer.dealerId).lean();
    expect(stored).toMatchObject({ isApproved: false });
    expect(stored?.rejectionStartedAt).toBeUndefined();
    const retried = await dealers.service.request(`/api/dealers/${dealer.dealerId}`, { method: 'DELETE', ...asAdmin });
    expect(retried.status).toBe(200);
  });

  it('When the id is unknown, then 404', async () => {
    const response = await dealers.service.request(`/api/dealers/${missingId}`, { method: 'DELETE', ...asAdmin });

    expect(response.status).toBe(404);
  });

  it.each(notAdmins)('When %s rejects, then the answer is %i and nothing is removed', async (_who, status, caller) => {
    const dealer = await createPendingDealer(dealers);

    const response = await dealers.service.request(`/api/dealers/${dealer.dealerId}`, { method: 'DELETE', as: caller });

    expect(response.status).toBe(status);
    expect(await dealers.profiles.countDocuments({ userId: dealer.userId })).toBe(1);
    expect(dealers.auth.deletedAccounts).not.toContain(dealer.userId);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER_SUSPENSION_REASON_MAX, type DealerProfileRef, type DealerView, type NearbyDealer } from '@cardirect/contracts';
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
const isoInstant = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

type Answer = DealerView & { message?: string; errors?: Record<string, string> };
const post = (path: string, body: unknown, as: TestCaller) => dealers.service.request<Answer>(path, { method: 'POST', body, as });
const suspend = (dealerId: string, reason = 'Three no-shows this month', as: TestCaller = callers.admin) => post(`/api/dealers/${dealerId}/suspend`, { reason }, as);
const reinstate = (dealerId: string, reason = 'Talked it through on the phone', as: TestCaller = callers.admin) => post(`/api/dealers/${dealerId}/reinstate`, { reason }, as);
const lookUp = async (userId: string) => (await dealers.service.request<DealerProfileRef>(`/internal/dealers/by-user/${userId}`, { as: callers.service })).body;

/** Once the outbox is empty every event the profile stored has reached the queue, so counting them is final. */
async function relayedEventsOf(name: 'dealer.suspended' | 'dealer.reinstated', dealerId: string) {
  await expect.poll(async () => (await dealers.profiles.findById(dealerId).lean())?.outbox.length).toBe(0);
  return (await dealers.events.all()).filter((event) => event.name === name && (event.payload as { dealerId: string }).dealerId === dealerId);
}

describe('POST /api/dealers/:id/suspend', () => {
  it('When the admin suspends an approved dealer, then it is suspended, its sessions end, its offers are withdrawn, dealer.suspended carries the reason and the admin log names who', async () => {
    const dealer = await createApprovedDealer(dealers, { dealershipName: 'Suspended Motors' });

    const response = await suspend(dealer.dealerId, 'Three no-shows this month');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: dealer.dealerId,
      userId: dealer.userId,
      isApproved: true,
      suspension: { reason: 'Three no-shows this month', since: isoInstant, by: callers.admin.email },
      adminActions: [
        { action: 'approved', by: callers.admin.email, at: isoInstant },
        { action: 'suspended', by: callers.admin.email, at: isoInstant, reason: 'Three no-shows this month' },
      ],
    });
    expect(dealers.auth.endedSessionsOf).toContain(dealer.userId);
    expect(dealers.vehicles.offersWithdrawnOf).toContain(dealer.userId);
    expect(await lookUp(dealer.userId)).toMatchObject({ isApproved: true, isSuspended: true });
    const event = await dealers.events.waitFor('dealer.suspended', (candidate) => candidate.payload.dealerId === dealer.dealerId);
    expect(event.payload).toEqual({ dealerId: dealer.dealerId, userId: dealer.userId, dealershipName: 'Suspended Motors', email: dealer.email, reason: 'Three no-shows this month' });
    const stored = await dealers.profiles.findById(dealer.dealerId).lean();
    expect(stored?.adminActions.map(({ action, byId }) => [action, byId])).toEqual([
      ['approved', callers.admin.userId],
      ['suspended', callers.admin.userId],
    ]);
  });

  it('When the admin lists dealers, then a suspended one shows its suspension and log', async () => {
    const dealer = await createApprovedDealer(dealers);
    await suspend(dealer.dealerId, 'Fake listings');

    const list = await dealers.service.request<DealerView[]>('/api/dealers', asAdmin);

    const listed = list.body.find((candidate) => candidate.id === dealer.dealerId);
    expect(listed?.suspension).toEqual({ reason: 'Fake listings', since: isoInstant, by: callers.admin.email });
    expect(listed?.adminActions.map((entry) => entry.action)).toEqual(['approved', 'suspended']);
  });

  it('When a dealer is suspended, then the new-car e-mails leave it out', async () => {
    const tag = `Suspended nearby ${Date.now()}`;
    const working = await createApprovedDealer(dealers, { dealershipName: `${tag} Working`, zipCode: '90210' });
    const suspended = await createApprovedDealer(dealers, { dealershipName: `${tag} Suspended`, zipCode: '90210' });

    await suspend(suspended.dealerId);

    const nearby = await dealers.service.request<NearbyDealer[]>('/internal/dealers/nearby?zip=90210&radiusMiles=10', { as: callers.service });
    const ours = nearby.body.filter((candidate) => candidate.dealershipName.startsWith(tag)).map((candidate) => candidate.dealerId);
    expect(ours).toEqual([working.dealerId]);
  });

  it('When the dealer is still pending, then 409 says only an approved dealer can be suspended, and nothing happens', async () => {
    const dealer = await createPendingDealer(dealers);

    const response = await suspend(dealer.dealerId);

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This dealer is still pending approval; only an approved dealer can be suspended' });
    expect(await lookUp(dealer.userId)).toMatchObject({ isApproved: false, isSuspended: false });
    expect(dealers.auth.endedSessionsOf).not.toContain(dealer.userId);
  });

  it.each([
    ['an unknown id', missingId],
    ['an id that cannot exist', 'not-an-id'],
  ])('When the id is %s, then 404 "Dealer not found"', async (_what, id) => {
    const response = await suspend(id);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Dealer not found' });
  });

  it.each([
    ['empty', { reason: '' }],
    ['only spaces', { reason: '   ' }],
    ['missing', {}],
    ['not text', { reason: 42 }],
  ])('When the reason is %s, then 400 asks for one and the dealer stays unsuspended', async (_what, body) => {
    const dealer = await createApprovedDealer(dealers);

    const response = await post(`/api/dealers/${dealer.dealerId}/suspend`, body, callers.admin);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors: { reason: 'Give a reason; the dealer reads it in its e-mail' } });
    expect(await lookUp(dealer.userId)).toMatchObject({ isSuspended: false });
  });

  it(`When the reason is longer than ${DEALER_SUSPENSION_REASON_MAX} characters, then 400 on the reason`, async () => {
    const dealer = await createApprovedDealer(dealers);

    const response = await suspend(dealer.dealerId, 'x'.repeat(DEALER_SUSPENSION_REASON_MAX + 1));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors: { reason: `Must be at most ${DEALER_SUSPENSION_REASON_MAX} characters` } });
  });

  it.each(notAdmins)('When %s suspends, then the answer is %i and the dealer stays unsuspended', async (_who, status, caller) => {
    const dealer = await createApprovedDealer(dealers);

    const response = await suspend(dealer.dealerId, 'Not allowed', caller);

    expect(response.status).toBe(status);
    expect(await lookUp(dealer.userId)).toMatchObject({ isSuspended: false });
    expect(dealers.auth.endedSessionsOf).not.toContain(dealer.userId);
  });

  it('When an admin identity carries no e-mail to log, then 401 and the dealer stays unsuspended', async () => {
    const dealer = await createApprovedDealer(dealers);

    const response = await suspend(dealer.dealerId, 'Who am I', { role: 'admin', userId: 'admin-without-email' });

    expect(response.status).toBe(401);
    expect(await lookUp(dealer.userId)).toMatchObject({ isSuspended: false });
  });

  it('When auth cannot end the sessions, then 503 says to suspend again, the dealer is suspended already, and suspending again finishes without a second event or log line', async () => {
    const dealer = await createApprovedDealer(dealers);
    dealers.auth.failEndingSessions = true;

    const failed = await suspend(dealer.dealerId, 'First try');
    dealers.auth.failEndingSessions = false;

    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: 'The dealer is suspended, but ending its sessions could not be finished; suspend again to finish' });
    expect(await lookUp(dealer.userId)).toMatchObject({ isSuspended: true });
    // The offers wait for the sessions: an offer made in between is caught by the withdrawal after them.
    expect(dealers.vehicles.offersWithdrawnOf).not.toContain(dealer.userId);

    const retried = await suspend(dealer.dealerId, 'Second try');

    expect(retried.status).toBe(200);
    expect(retried.body.suspension?.reason).toBe('First try');
    expect(retried.body.adminActions.map((entry) => entry.action)).toEqual(['approved', 'suspended']);
    expect(dealers.auth.endedSessionsOf.filter((userId) => userId === dealer.userId)).toHaveLength(1);
    expect(dealers.vehicles.offersWithdrawnOf.filter((userId) => userId === dealer.userId)).toHaveLength(1);
    expect(await relayedEventsOf('dealer.suspended', dealer.dealerId)).toHaveLength(1);
  });

  it('When the vehicle service cannot withdraw the offers, then 503 says to suspend again, and suspending again ends the sessions again and withdraws them without a second event', async () => {
    const dealer = await createApprovedDealer(dealers);
    dealers.vehicles.failWithdrawingOffers = true;

    const failed = await suspend(dealer.dealerId);
    dealers.vehicles.failWithdrawingOffers = false;

    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: 'The dealer is suspended, but withdrawing its pending offers could not be finished; suspend again to finish' });
    expect(await lookUp(dealer.userId)).toMatchObject({ isSuspended: true });

    const retried = await suspend(dealer.dealerId);

    expect(retried.status).toBe(200);
    expect(dealers.auth.endedSessionsOf.filter((userId) => userId === dealer.userId)).toHaveLength(2);
    expect(dealers.vehicles.offersWithdrawnOf.filter((userId) => userId === dealer.userId)).toHaveLength(1);
    expect(retried.body.adminActions.map((entry) => entry.action)).toEqual(['approved', 'suspended']);
    expect(await relayedEventsOf('dealer.suspended', dealer.dealerId)).toHaveLength(1);
  });
});

describe('POST /api/dealers/:id/reinstate', () => {
  it('When the admin reinstates a suspended dealer, then the suspension is lifted, dealer.reinstated carries the reason, the log grows, and the withdrawn offers are left alone', async () => {
    const dealer = await createApprovedDealer(dealers, { dealershipName: 'Reinstated Motors' });
    await suspend(dealer.dealerId, 'Three no-shows this month');

    const response = await reinstate(dealer.dealerId, 'Talked it through on the phone');

    expect(response.status).toBe(200);
    expect(response.body.suspension).toBeUndefined();
    expect(response.body.adminActions).toEqual([
      { action: 'approved', by: callers.admin.email, at: isoInstant },
      { action: 'suspended', by: callers.admin.email, at: isoInstant, reason: 'Three no-shows this month' },
      { action: 'reinstated', by: callers.admin.email, at: isoInstant, reason: 'Talked it through on the phone' },
    ]);
    expect(await lookUp(dealer.userId)).toMatchObject({ isApproved: true, isSuspended: false });
    const event = await dealers.events.waitFor('dealer.reinstated', (candidate) => candidate.payload.dealerId === dealer.dealerId);
    expect(event.payload).toEqual({ dealerId: dealer.dealerId, userId: dealer.userId, dealershipName: 'Reinstated Motors', email: dealer.email, reason: 'Talked it through on the phone' });
    expect(dealers.vehicles.offersWithdrawnOf.filter((userId) => userId === dealer.userId)).toHaveLength(1);
  });

  it('When a reinstated dealer is suspended again, then it is suspended with the new reason and a second dealer.suspended', async () => {
    const dealer = await createApprovedDealer(dealers);
    await suspend(dealer.dealerId, 'First time');
    await reinstate(dealer.dealerId);

    const response = await suspend(dealer.dealerId, 'Second time');

    expect(response.status).toBe(200);
    expect(response.body.suspension?.reason).toBe('Second time');
    expect(response.body.adminActions.map((entry) => entry.action)).toEqual(['approved', 'suspended', 'reinstated', 'suspended']);
    expect((await relayedEventsOf('dealer.suspended', dealer.dealerId)).map((event) => (event.payload as { reason: string }).reason).sort()).toEqual(['First time', 'Second time']);
  });

  it.each([
    ['approved and not suspended', createApprovedDealer],
    ['pending', createPendingDealer],
  ])('When the dealer is %s, then 409 says only a suspended dealer can be reinstated', async (_what, create) => {
    const dealer = await create(dealers);

    const response = await reinstate(dealer.dealerId);

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This dealer is not suspended; only a suspended dealer can be reinstated' });
    expect((await dealers.profiles.findById(dealer.dealerId).lean())?.adminActions.some((entry) => entry.action === 'reinstated')).toBe(false);
  });

  it('When the dealer was reinstated already, then reinstating again is 409 and there is one dealer.reinstated', async () => {
    const dealer = await createApprovedDealer(dealers);
    await suspend(dealer.dealerId);
    await reinstate(dealer.dealerId);

    const again = await reinstate(dealer.dealerId);

    expect(again.status).toBe(409);
    expect(await relayedEventsOf('dealer.reinstated', dealer.dealerId)).toHaveLength(1);
  });

  it('When the id is unknown, then 404 "Dealer not found"', async () => {
    const response = await reinstate(missingId);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Dealer not found' });
  });

  it('When the reason is empty, then 400 asks for one and the dealer stays suspended', async () => {
    const dealer = await createApprovedDealer(dealers);
    await suspend(dealer.dealerId);

    const response = await reinstate(dealer.dealerId, '');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors: { reason: 'Give a reason; the dealer reads it in its e-mail' } });
    expect(await lookUp(dealer.userId)).toMatchObject({ isSuspended: true });
  });

  it.each(notAdmins)('When %s reinstates, then the answer is %i and the dealer stays suspended', async (_who, status, caller) => {
    const dealer = await createApprovedDealer(dealers);
    await suspend(dealer.dealerId);

    const response = await reinstate(dealer.dealerId, 'Not allowed', caller);

    expect(response.status).toBe(status);
    expect(await lookUp(dealer.userId)).toMatchObject({ isSuspended: true });
  });
});

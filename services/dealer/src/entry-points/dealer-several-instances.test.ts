import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerProfileRef, DealerView, EventName } from '@cardirect/contracts';
import type { RunningService } from '@cardirect/service-kit';
import { requestAs, type TestCaller } from '@cardirect/service-kit/testing';
import { startDealerService } from '../dealer-service';
import { callers, createApprovedDealer, createPendingDealer, startDealerForTest, type DealerUnderTest } from '../testing/dealer-under-test';

/**
 * Two instances of the dealer service, as production runs N of them: the same MongoDB database and
 * events queue, each with its own outbox relay. `dealers` is the test kit's instance; the second
 * starts beside it on the same configuration and fellow services.
 */

let dealers: DealerUnderTest;
let secondInstance: RunningService;

beforeAll(async () => {
  dealers = await startDealerForTest();
  secondInstance = await startDealerService(dealers.service.config, { relayIntervalMs: 50 });
});

afterAll(async () => {
  await secondInstance?.stop();
  await dealers?.stop();
});

type Answer = DealerView & { message?: string };
const throughFirst = <Body = Answer>(path: string, method = 'GET', as: TestCaller = callers.admin) => dealers.service.request<Body>(path, { method, as, ...(method === 'POST' ? { body: { reason: 'Three no-shows this month' } } : {}) });
const throughSecond = <Body = Answer>(path: string, method = 'GET', as: TestCaller = callers.admin) =>
  requestAs<Body>(secondInstance.url, path, { method, as, ...(method === 'POST' ? { body: { reason: 'Three no-shows this month' } } : {}) });

/** Once the profile's outbox is empty every event it stored is on the queue, so counting them is final. */
async function relayedEventsOf(name: EventName, dealerId: string) {
  await expect.poll(async () => (await dealers.profiles.findById(dealerId).lean())?.outbox.length, { timeout: 10_000 }).toBe(0);
  return (await dealers.events.all()).filter((event) => event.name === name && (event.payload as { dealerId: string }).dealerId === dealerId);
}

describe('dealer service: two instances on one database', () => {
  it('When an admin approves a dealer through one instance, then the other lists it approved and answers its profile as approved at once', async () => {
    // Arrange
    const pending = await createPendingDealer(dealers);

    // Act
    const approved = await throughFirst(`/api/dealers/${pending.dealerId}/approve`, 'PATCH');

    // Assert
    expect(approved.status).toBe(200);
    const listed = await throughSecond<DealerView[]>('/api/dealers');
    expect(listed.body.find((dealer) => dealer.id === pending.dealerId)?.isApproved).toBe(true);
    const profile = await throughSecond<DealerProfileRef>(`/internal/dealers/by-user/${pending.userId}`, 'GET', callers.service);
    expect(profile.body).toMatchObject({ dealerId: pending.dealerId, isApproved: true });
  });

  it('When two admins approve the same dealer through both instances at once, then one approval wins: one dealer.approved and one admin log line', async () => {
    // Arrange
    const pending = await createPendingDealer(dealers);
    const path = `/api/dealers/${pending.dealerId}/approve`;

    // Act
    const answers = await Promise.all([throughFirst(path, 'PATCH'), throughSecond(path, 'PATCH')]);

    // Assert
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await relayedEventsOf('dealer.approved', pending.dealerId)).toHaveLength(1);
    expect((await dealers.profiles.findById(pending.dealerId).lean())?.adminActions.map((action) => action.action)).toEqual(['approved']);
  });

  it('When two admins suspend the same dealer through both instances at once, then it is suspended once: one dealer.suspended, and both finish ending its sessions and offers', async () => {
    // Arrange
    const dealer = await createApprovedDealer(dealers);
    const path = `/api/dealers/${dealer.dealerId}/suspend`;

    // Act
    const answers = await Promise.all([throughFirst(path, 'POST'), throughSecond(path, 'POST')]);

    // Assert: the second to write finds the suspension done and finishes it, as suspending again does
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await relayedEventsOf('dealer.suspended', dealer.dealerId)).toHaveLength(1);
    expect((await dealers.profiles.findById(dealer.dealerId).lean())?.adminActions.map((action) => action.action)).toEqual(['approved', 'suspended']);
    expect(dealers.auth.endedSessionsOf).toContain(dealer.userId);
    expect(dealers.vehicles.offersWithdrawnOf).toContain(dealer.userId);
  });
});

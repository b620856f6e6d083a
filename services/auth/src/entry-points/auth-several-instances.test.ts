import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@cardirect/contracts';
import { createLogger, type RunningService } from '@cardirect/service-kit';
import { requestAs, type TestResponse } from '@cardirect/service-kit/testing';
import { startAuthService } from '../auth-service';
import { sessionCookieOf, startAuthForTest, uniqueEmail, uniqueIp, validRegistration, type AuthRequestOptions, type AuthUnderTest } from '../testing/auth-under-test';

/**
 * Two instances of the auth service, as production runs N of them: the same MongoDB database and
 * Redis (sessions, attempt logs, the events queue), each with its own relay and sweep of
 * registrations cut off half-way. `auth` is the test kit's instance; the second starts beside it
 * on the same configuration and clock.
 */

const SWEEP_INTERVAL_MS = 50;

let auth: AuthUnderTest;
let secondInstance: RunningService;

beforeAll(async () => {
  auth = await startAuthForTest({ registrationSweepIntervalMs: SWEEP_INTERVAL_MS });
  secondInstance = await startAuthService(auth.service.config, {
    now: auth.clock.now,
    logger: createLogger({ name: 'auth-2', level: 'silent' }),
    relayIntervalMs: 50,
    registrationSweepIntervalMs: SWEEP_INTERVAL_MS,
  });
});

afterAll(async () => {
  await secondInstance?.stop();
  await auth?.stop();
});

type Answer = { message?: string; email?: string; role?: string };

/** A request to the second instance, the client address signed in as the gateway does. */
function requestSecond<Body = unknown>(path: string, { ip, ...options }: AuthRequestOptions = {}): Promise<TestResponse<Body>> {
  return requestAs<Body>(secondInstance.url, path, ip ? { ...options, as: { ...(options.as ?? { role: 'anonymous' }), clientAddress: ip } } : options);
}

const instances = [(path: string, options?: AuthRequestOptions) => auth.request<Answer>(path, options), (path: string, options?: AuthRequestOptions) => requestSecond<Answer>(path, options)];

async function codeMailedTo(email: string): Promise<EventPayloads['seller.code.requested']> {
  return (await auth.events.waitFor('seller.code.requested', (event) => event.payload.email === email)).payload;
}

/** Resolves once no account holds an event still to relay. */
async function allRelayed(): Promise<void> {
  await expect.poll(() => auth.accounts.countDocuments({ 'outbox.id': { $exists: true } }), { timeout: 10_000 }).toBe(0);
}

describe('auth service: two instances on one database and one Redis', () => {
  it('When a seller asks for a code through one instance and enters it through the other, then the session starts, and a logout through the first ends it', async () => {
    // Arrange
    const email = uniqueEmail('seller');
    const ip = uniqueIp();
    expect((await auth.request('/api/auth/seller/request-otp', { method: 'POST', body: { email }, ip })).status).toBe(200);
    const { code } = await codeMailedTo(email);

    // Act
    const verified = await requestSecond<Answer>('/api/auth/seller/verify-otp', { method: 'POST', body: { email, otp: code }, ip });
    const sessionId = sessionCookieOf(verified)!;
    const session = await auth.sessions.get(sessionId);
    // The gateway resolves the cookie in Redis and signs the session into the identity.
    const loggedOut = await auth.request('/api/auth/logout', { method: 'POST', as: { role: 'seller', userId: session!.userId, email, sessionId }, ip });

    // Assert
    expect(verified).toMatchObject({ status: 200, body: { email, role: 'seller' } });
    expect(session).toMatchObject({ email, role: 'seller' });
    expect(loggedOut.status).toBe(200);
    expect(await auth.sessions.get(sessionId)).toBeNull();
  });

  it('When wrong codes are tried through both instances, then one limit counts them all: the sixth in ten minutes is refused', async () => {
    // Arrange
    const email = uniqueEmail('seller');
    const ip = uniqueIp();
    expect((await auth.request('/api/auth/seller/request-otp', { method: 'POST', body: { email }, ip })).status).toBe(200);
    const { code } = await codeMailedTo(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    // Act: five wrong codes, alternating between the instances, then one more through each
    const tries: number[] = [];
    for (let index = 0; index < 5; index++) tries.push((await instances[index % 2]!('/api/auth/seller/verify-otp', { method: 'POST', body: { email, otp: wrong }, ip })).status);
    const beyond = await Promise.all(instances.map((send) => send('/api/auth/seller/verify-otp', { method: 'POST', body: { email, otp: code }, ip })));

    // Assert
    expect(tries).toEqual([401, 401, 401, 401, 401]);
    expect(beyond.map((response) => response.status)).toEqual([429, 429]);
  });

  it('When both instances sweep the same registrations cut off half-way, then each is finished once: one dealer.registered per dealer', async () => {
    // Arrange: accounts cut off after their dealer profile was created, three minutes ago
    const registrations = Array.from({ length: 12 }, () => validRegistration({ email: uniqueEmail('cut-off') }));
    for (const [index, registration] of registrations.entries()) {
      const account = await auth.accounts.create({ email: registration.email, passwordHash: 'x', role: 'dealer', status: 'registering', createdAt: new Date(Date.now() - 3 * 60_000) });
      const userId = account._id.toString();
      auth.dealers.profiles.set(userId, { dealerId: `dealer-cut-${index}`, dealershipName: registration.dealershipName, isApproved: false, profile: { ...registration, userId } });
    }
    const emails = registrations.map((registration) => registration.email);

    // Act: both sweeps run every 50 ms
    await expect.poll(() => auth.accounts.countDocuments({ email: { $in: emails }, status: 'active' }), { timeout: 10_000 }).toBe(emails.length);
    await allRelayed();

    // Assert
    const announced = (await auth.events.all()).filter((event) => event.name === 'dealer.registered').map((event) => (event.payload as EventPayloads['dealer.registered']).email);
    for (const email of emails) expect(announced.filter((candidate) => candidate === email)).toHaveLength(1);
  });
});

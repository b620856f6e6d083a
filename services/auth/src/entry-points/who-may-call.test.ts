import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { registerApprovedDealer, startAuthForTest, uniqueEmail, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

// A pending dealer never holds a session (its login is refused), so it calls as anonymous.
const callers: Array<[string, TestCaller]> = [
  ['anonymous (or a pending dealer)', { role: 'anonymous' }],
  ['a seller', { role: 'seller', userId: 'seller-1', email: 'seller@example.com', sessionId: 'x'.repeat(43) }],
  ['an approved dealer', { role: 'dealer', userId: 'dealer-1', email: 'dealer@example.com', sessionId: 'y'.repeat(43) }],
  ['an admin', { role: 'admin', userId: 'admin-1', email: 'admin@example.com', sessionId: 'z'.repeat(43) }],
];

/** Each public call with a payload that succeeds (or, for a reset or a sign-in link, a token that is simply wrong). */
const publicCalls: Array<[string, () => Promise<unknown>, number]> = [
  ['POST /api/auth/dealer/login', async () => {
    const dealer = await registerApprovedDealer(auth);
    return { email: dealer.email, password: dealer.password };
  }, 200],
  ['POST /api/auth/admin/login', async () => auth.admin, 200],
  ['POST /api/auth/seller/request-otp', async () => ({ email: uniqueEmail('seller') }), 200],
  ['POST /api/auth/dealer/forgot-password', async () => ({ email: uniqueEmail('dealer') }), 200],
  ['POST /api/auth/dealer/reset-password', async () => ({ token: 'w'.repeat(43), password: 'new-password' }), 400],
  ['POST /api/auth/seller/sign-in-link', async () => ({ token: 'w'.repeat(43) }), 401],
  ['POST /api/auth/logout', async () => undefined, 200],
];

describe('Who may call the public auth routes', () => {
  for (const [route, payload, expected] of publicCalls) {
    it.each(callers)(`When %s calls ${route}, then the answer is ${expected} (open to every caller)`, async (_who, caller) => {
      const [method, path] = route.split(' ');

      const response = await auth.request(path, { method, body: await payload(), as: caller, ip: uniqueIp() });

      expect(response.status).toBe(expected);
    });
  }

  it.each(callers)('When %s verifies a code it received, then a seller session starts', async (_who, caller) => {
    const email = uniqueEmail('seller');
    await auth.request('/api/auth/seller/request-otp', { method: 'POST', body: { email }, ip: uniqueIp() });
    const { payload } = await auth.events.waitFor('seller.code.requested', (event) => event.payload.email === email);

    const response = await auth.request('/api/auth/seller/verify-otp', { method: 'POST', body: { email, otp: payload.code }, as: caller, ip: uniqueIp() });

    expect(response).toMatchObject({ status: 200, body: { email, role: 'seller' } });
  });

  it.each(callers)('When %s follows the sign-in link of a code e-mail it received, then a seller session starts', async (_who, caller) => {
    const email = uniqueEmail('seller');
    await auth.request('/api/auth/seller/request-otp', { method: 'POST', body: { email }, ip: uniqueIp() });
    const { payload } = await auth.events.waitFor('seller.code.requested', (event) => event.payload.email === email);

    const response = await auth.request('/api/auth/seller/sign-in-link', { method: 'POST', body: { token: payload.signInToken }, as: caller, ip: uniqueIp() });

    expect(response).toMatchObject({ status: 200, body: { email, role: 'seller' } });
  });
});

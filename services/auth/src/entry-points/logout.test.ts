import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedDealer, sessionCookieOf, startAuthForTest, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

describe('POST /api/auth/logout', () => {
  it('When a logged-in dealer logs out, then the session is deleted server-side and the cookie is cleared', async () => {
    const dealer = await registerApprovedDealer(auth);
    const loggedIn = await auth.request<{ email: string }>('/api/auth/dealer/login', {
      method: 'POST',
      body: { email: dealer.email, password: dealer.password },
      ip: uniqueIp(),
    });
    const sessionId = sessionCookieOf(loggedIn)!;
    const session = (await auth.sessions.get(sessionId))!;

    const response = await auth.request('/api/auth/logout', {
      method: 'POST',
      as: { role: 'dealer', userId: session.userId, email: session.email, sessionId },
    });

    expect(response.status).toBe(200);
    expect(await auth.sessions.get(sessionId)).toBeNull();
    const cleared = response.headers.getSetCookie().find((line) => line.startsWith('cd_session='));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('When an anonymous caller logs out, then it still succeeds (logging out twice is harmless)', async () => {
    const response = await auth.request('/api/auth/logout', { method: 'POST' });

    expect(response.status).toBe(200);
  });
});

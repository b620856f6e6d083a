import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServerHandle } from '@cardirect/service-kit/testing';
import { registerApprovedDealer, startAuthForTest, uniqueEmail, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
let restarted: RedisServerHandle | undefined;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
  await restarted?.stop();
});

describe('While Redis is down', () => {
  it('When a dealer logs in or a seller asks for a code, then the answer is 503 (try again), and logins work again once Redis is back', async () => {
    const dealer = await registerApprovedDealer(auth);
    const redisPort = Number(new URL(auth.service.config.REDIS_URL).port);
    await auth.service.redis!.stop();

    const login = await auth.request('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password }, ip: uniqueIp() });
    const code = await auth.request('/api/auth/seller/request-otp', { method: 'POST', body: { email: uniqueEmail('seller') }, ip: uniqueIp() });

    expect(login).toMatchObject({ status: 503, body: { message: 'Sign-in is unavailable right now. Please try again in a moment.' } });
    expect(code.status).toBe(503);

    restarted = await startRedisServer({ port: redisPort });
    await expect
      .poll(async () => (await auth.request('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password }, ip: uniqueIp() })).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
  });
});

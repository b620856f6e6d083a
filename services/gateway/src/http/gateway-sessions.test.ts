import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createSessionStore } from '@cardirect/service-kit';
import { startMailCatcher, startTestRedis } from '@cardirect/service-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { startEchoService, startGateway } from '../test-support/gateway-under-test';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('gateway: sessions while Redis is down', () => {
  it('When Redis is down, then a request with a session cookie gets 503 JSON and an anonymous one still passes', async () => {
    const auth = await startEchoService('auth');
    cleanups.push(() => auth.stop());
    const redis = await startTestRedis();
    const gateway = await startGateway({ AUTH_SERVICE_URL: auth.url }, redis);
    cleanups.push(() => gateway.stop());
    await redis.stop();

    const withCookie = await fetch(`${gateway.url}/api/auth/echo`, { headers: { cookie: `cd_session=${'B'.repeat(43)}` } });
    const anonymous = await fetch(`${gateway.url}/api/auth/echo`);

    expect(withCookie.status).toBe(503);
    expect(await withCookie.json()).toEqual({ message: 'Service unavailable' });
    expect(anonymous.status).toBe(200);
  });
});

describe('gateway: session idle expiry', () => {
  it('When a request passes, then it renews the idle expiry; a request refused by the rate limit or as cross-site does not', async () => {
    const auth = await startEchoService('auth');
    cleanups.push(() => auth.stop());
    const gateway = await startGateway({ AUTH_SERVICE_URL: auth.url, API_RATE_LIMIT_PER_MINUTE: '2' });
    cleanups.push(() => gateway.stop());
    const redis = new Redis(gateway.redis.url);
    cleanups.push(async () => redis.disconnect());
    const sessionId = await createSessionStore(redis).create({ userId: 'user-1', role: 'dealer', email: 'dealer@example.com' });
    const cookie = `cd_session=${sessionId}`;
    const call = (init: RequestInit = {}) => fetch(`${gateway.url}/api/auth/echo`, { ...init, headers: { cookie, ...init.headers } });

    await redis.expire(`session:${sessionId}`, 100);
    const crossSite = await call({ method: 'POST', headers: { origin: 'https://evil.example' } });
    const afterCrossSite = await redis.ttl(`session:${sessionId}`);
    const passed = await call();
    const afterPass = await redis.ttl(`session:${sessionId}`);
    await redis.expire(`session:${sessionId}`, 100);
    const limited = await call();
    const afterLimited = await redis.ttl(`session:${sessionId}`);

    expect([crossSite.status, passed.status, limited.status]).toEqual([403, 200, 429]);
    expect(afterCrossSite).toBeLessThanOrEqual(100);
    expect(afterPass).toBeGreaterThan(100);
    expect(afterLimited).toBeLessThanOrEqual(100);
  });
});

describe('gateway: local inbox', () => {
  async function gatewayWithInbox() {
    const catcher = await startMailCatcher();
    const inbox = createServer((req, res) => catcher.httpHandler(req, res));
    await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      inbox.close();
      await catcher.stop();
    });
    const gateway = await startGateway({ MAIL_CATCHER_URL: `http://127.0.0.1:${(inbox.address() as AddressInfo).port}` });
    cleanups.push(() => gateway.stop());
    const redis = new Redis(gateway.redis.url);
    cleanups.push(async () => redis.disconnect());
    const sessionOf = (role: 'admin' | 'dealer' | 'seller') => createSessionStore(redis).create({ userId: `${role}-1`, role, email: `${role}@example.com` });
    return { gateway, sessionOf };
  }

  it('When an admin opens /dev/mail, then the mail catcher inbox answers', async () => {
    const { gateway, sessionOf } = await gatewayWithInbox();

    const response = await fetch(`${gateway.url}/dev/mail/messages`, { headers: { cookie: `cd_session=${await sessionOf('admin')}` } });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('When someone who is not an admin opens /dev/mail, then it is refused and the inbox is not shown', async () => {
    const { gateway, sessionOf } = await gatewayWithInbox();

    const anonymous = await fetch(`${gateway.url}/dev/mail/messages`);
    const dealer = await fetch(`${gateway.url}/dev/mail/messages`, { headers: { cookie: `cd_session=${await sessionOf('dealer')}` } });
    const seller = await fetch(`${gateway.url}/dev/mail`, { headers: { cookie: `cd_session=${await sessionOf('seller')}` } });

    expect([anonymous.status, dealer.status, seller.status]).toEqual([401, 403, 403]);
    expect(await dealer.json()).toEqual({ message: 'You do not have permission to do this' });
  });
});

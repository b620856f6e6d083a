import { Redis } from 'ioredis';
import { createSessionStore, type RunningService } from '@cardirect/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoService, startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

let auth: RunningService;
let gateway: GatewayUnderTest;
let redis: Redis;

beforeAll(async () => {
  // An echo service stands in for auth: an answer that came from it would carry `service`.
  auth = await startEchoService('auth');
  gateway = await startGateway({ AUTH_SERVICE_URL: auth.url });
  redis = new Redis(gateway.redis.url);
});

afterAll(async () => {
  redis?.disconnect();
  await gateway?.stop();
  await auth?.stop();
});

const currentUser = (cookie?: string) => fetch(`${gateway.url}/api/auth/user`, { headers: cookie ? { cookie } : {} });

describe('gateway: GET /api/auth/user', () => {
  it.each(['seller', 'dealer', 'admin'] as const)('When a %s with a session asks, then the gateway answers their e-mail and role from the session', async (role) => {
    const sessionId = await createSessionStore(redis).create({ userId: `${role}-1`, role, email: `${role}@example.com` });

    const response = await currentUser(`cd_session=${sessionId}`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: `${role}@example.com`, role });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('When nobody is logged in or the cookie names no session, then 401 Not logged in', async () => {
    const anonymous = await currentUser();
    const unknown = await currentUser(`cd_session=${'A'.repeat(43)}`);

    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Not logged in' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Not logged in' });
  });

  it('When the session is ended (logout deletes it in Redis), then the very next ask is refused', async () => {
    const sessions = createSessionStore(redis);
    const sessionId = await sessions.create({ userId: 'dealer-2', role: 'dealer', email: 'leaving@example.com' });
    expect((await currentUser(`cd_session=${sessionId}`)).status).toBe(200);

    await sessions.destroy(sessionId);

    expect((await currentUser(`cd_session=${sessionId}`)).status).toBe(401);
  });
});

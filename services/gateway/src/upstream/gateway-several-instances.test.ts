import { Redis } from 'ioredis';
import { createLogger, createService, createSessionStore, type RunningService } from '@cardirect/service-kit';
import { startTestRedis, TEST_IDENTITY_SECRET, type TestRedis } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

/**
 * Two gateway instances, as production runs N of them behind one load balancer: the same Redis
 * (sessions, rate limits), the same services, each with its own shared-answer cache.
 */

/** The dealer list's max-age at the gateway (the vehicle service's SHARED_LIST_MAX_AGE_SECONDS): a change through another gateway shows within it. */
const LIST_MAX_AGE_MS = 1_000;
const PER_MINUTE = 10;

let redis: TestRedis;
let commands: Redis;
let vehicle: RunningService;
let gateways: GatewayUnderTest[];
/** The stand-in vehicle service's list: each write moves it on. */
let listVersion = 1;

beforeAll(async () => {
  redis = await startTestRedis();
  commands = new Redis(redis.url);
  vehicle = await createService({
    name: 'vehicle',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'vehicle', level: 'silent' }),
    routes(router) {
      // Marked as the real dealer list marks its pages: the same for every dealer, kept by the gateway for a second.
      router.get('/api/vehicles', (_req, res) => {
        res.set({ 'Cache-Control': 'private, no-cache', 'Gateway-Cache-Control': `max-age=${LIST_MAX_AGE_MS / 1000}` }).json({ listVersion });
      });
      router.patch('/api/vehicles/:id', (_req, res) => {
        listVersion += 1;
        res.json({ listVersion });
      });
    },
  }).start();
  gateways = [await startGateway({ VEHICLE_SERVICE_URL: vehicle.url }, redis), await startGateway({ VEHICLE_SERVICE_URL: vehicle.url }, redis)];
});

afterAll(async () => {
  for (const gateway of gateways ?? []) await gateway.stop();
  await vehicle?.stop();
  commands?.disconnect();
  await redis?.stop();
});

let clients = 0;
/** Each test calls from its own client address (the default TRUST_PROXY trusts the loopback proxy that names it), so the ceilings stay apart. */
function newClient(): Record<string, string> {
  clients += 1;
  return { 'x-forwarded-for': `203.0.113.${clients}` };
}

async function dealerSession(): Promise<{ id: string; headers: Record<string, string> }> {
  const client = newClient();
  const id = await createSessionStore(commands).create({ userId: `dealer-${clients}`, role: 'dealer', email: `dealer-${clients}@example.com` });
  return { id, headers: { ...client, cookie: `cd_session=${id}` } };
}

async function listVersionThrough(gateway: GatewayUnderTest, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${gateway.url}/api/vehicles`, { headers });
  return ((await response.json()) as { listVersion: number }).listVersion;
}

describe('gateway: two instances on one Redis', () => {
  it('When a write to a car passes through one gateway, then that gateway serves the new dealer page at once and the other within the page max-age', async () => {
    // Arrange: both gateways keep the page
    const [through, other] = gateways as [GatewayUnderTest, GatewayUnderTest];
    const dealer = await dealerSession();
    const before = await listVersionThrough(through, dealer.headers);
    expect(await listVersionThrough(other, dealer.headers)).toBe(before);

    // Act
    const write = await fetch(`${through.url}/api/vehicles/car-1`, { method: 'PATCH', headers: { ...dealer.headers, 'content-type': 'application/json' }, body: '{}' });

    // Assert
    expect(write.status).toBe(200);
    expect(await listVersionThrough(through, dealer.headers)).toBe(before + 1);
    // The margin is for the requests themselves on a busy machine; the staleness is the page's max-age.
    const deadline = Date.now() + LIST_MAX_AGE_MS + 1_000;
    let seen = await listVersionThrough(other, dealer.headers);
    while (seen === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await listVersionThrough(other, dealer.headers);
    }
    expect(seen).toBe(before + 1);
  });

  it('When a session ends (a logout through either gateway, or auth ending it), then both gateways treat its cookie as anonymous at once', async () => {
    // Arrange
    const dealer = await dealerSession();
    const whoAmI = (gateway: GatewayUnderTest) => fetch(`${gateway.url}/api/auth/user`, { headers: dealer.headers });
    expect((await Promise.all(gateways.map(whoAmI))).map((response) => response.status)).toEqual([200, 200]);

    // Act
    await createSessionStore(commands).destroy(dealer.id);

    // Assert
    expect((await Promise.all(gateways.map(whoAmI))).map((response) => response.status)).toEqual([401, 401]);
  });

  it('When one client sends requests through both gateways, then the per-minute ceiling counts them together', async () => {
    // Arrange: a pair with a low ceiling
    const env = { VEHICLE_SERVICE_URL: vehicle.url, API_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) };
    const limited = [await startGateway(env, redis), await startGateway(env, redis)];
    const client = newClient();
    const call = (gateway: GatewayUnderTest) => fetch(`${gateway.url}/api/vehicles`, { headers: client });

    // Act: the ceiling's worth, alternating between the gateways, then one more through each
    const allowed: number[] = [];
    let beyond: Response[];
    try {
      for (let index = 0; index < PER_MINUTE; index++) allowed.push((await call(limited[index % 2]!)).status);
      beyond = await Promise.all(limited.map(call));
    } finally {
      for (const gateway of limited) await gateway.stop();
    }

    // Assert
    expect(allowed).toEqual(Array.from({ length: PER_MINUTE }, () => 200));
    expect(beyond.map((response) => response.status)).toEqual([429, 429]);
  });
});

import { Redis } from 'ioredis';
import { createLogger, createService, createSessionStore, type RunningService } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

/** How often the stand-in vehicle service was asked for each path. */
const asked = new Map<string, number>();
let vehicle: RunningService;
let gateway: GatewayUnderTest;
let redis: Redis;

/** A promise and the function that settles it. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

/** `/api/vehicles/held` is answered only once the test releases it, and says when it has arrived. */
const heldReadArrived = signal();
const heldReadReleased = signal();

/** `/api/vehicles/refreshed` is answered at once the first time; later, only once the test releases it. */
const refreshArrived = signal();
const refreshReleased = signal();

/** `/api/vehicles/overtaken`, likewise, with signals of its own. */
const overtakenArrived = signal();
const overtakenReleased = signal();

const sharedPerRole = { 'Cache-Control': 'private, no-cache', 'Gateway-Cache-Control': 'max-age=1', ETag: '"page-1"' };

/** Answers `/api/vehicles/<name>` with the headers of that name, a body over 1 KB, and how often it was asked. */
const answersByName: Record<string, Record<string, string>> = {
  public: { 'Cache-Control': 'public, max-age=3600' },
  'short-lived': { 'Cache-Control': 'public, max-age=1' },
  private: { 'Cache-Control': 'private, max-age=3600' },
  unmarked: {},
  varying: { 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie' },
  'with-cookie': { 'Cache-Control': 'public, max-age=3600', 'Set-Cookie': 'x=1' },
  'per-role': sharedPerRole,
  held: sharedPerRole,
  refreshed: sharedPerRole,
  overtaken: sharedPerRole,
};

beforeAll(async () => {
  vehicle = await createService({
    name: 'vehicle',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'vehicle', level: 'silent' }),
    routes(router) {
      router.all('/api/vehicles/:name', async (req, res) => {
        const name = req.params.name as string;
        if (name === 'dropped') {
          req.socket.destroy();
          return;
        }
        const times = (asked.get(req.originalUrl) ?? 0) + 1;
        asked.set(req.originalUrl, times);
        if (name === 'refreshed' && times > 1) {
          refreshArrived.fire();
          await refreshReleased.fired;
        }
        if (name === 'overtaken' && times > 1) {
          overtakenArrived.fire();
          await overtakenReleased.fired;
        }
        if (name === 'held') {
          heldReadArrived.fire();
          await heldReadReleased.fired;
        }
        res.set(answersByName[name] ?? {});
        res.status(req.query.status ? Number(req.query.status) : 200).json({ times, padding: 'x'.repeat(2000) });
      });
    },
  }).start();
  gateway = await startGateway({ VEHICLE_SERVICE_URL: vehicle.url });
  redis = new Redis(gateway.redis.url);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  redis?.disconnect();
  await gateway?.stop();
  await vehicle?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${gateway.url}${path}`, { headers });

let users = 0;
/** The cookie header of a new session for a new user of the role. */
async function signedIn(role: 'seller' | 'dealer' | 'admin'): Promise<Record<string, string>> {
  users += 1;
  const sessionId = await createSessionStore(redis).create({ userId: `${role}-${users}`, role, email: `${role}-${users}@example.com` });
  return { cookie: `cd_session=${sessionId}` };
}

describe('gateway: answers a service marks public', () => {
  it('When a public answer is asked for again, then the gateway answers it without asking the service, compressed for a browser as before', async () => {
    const first = await get('/api/vehicles/public?make=honda');
    const again = await get('/api/vehicles/public?make=honda', { 'accept-encoding': 'br' });
    const otherQuery = await get('/api/vehicles/public?make=ford');

    expect(await first.json()).toMatchObject({ times: 1 });
    expect(again.status).toBe(200);
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(again.headers.get('age')).toMatch(/^\d+$/);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await again.json()).toMatchObject({ times: 1 });
    expect(await otherQuery.json()).toMatchObject({ times: 1 });
    expect(asked.get('/api/vehicles/public?make=honda')).toBe(1);
  });

  it.each([
    ['private', '/api/vehicles/private'],
    ['without a Cache-Control', '/api/vehicles/unmarked'],
    ['varying by a request header', '/api/vehicles/varying'],
    ['setting a cookie', '/api/vehicles/with-cookie'],
    ['that is not a 200', '/api/vehicles/public?status=404'],
  ])('When an answer %s is asked for twice, then the service answers both times', async (_kind, path) => {
    await get(path);
    await get(path);

    expect(asked.get(path)).toBe(2);
  });

  it('When the service allowed a second, then after it the service is asked again', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    await get('/api/vehicles/short-lived');
    vi.advanceTimersByTime(999);
    const within = await get('/api/vehicles/short-lived');
    vi.advanceTimersByTime(1);
    const later = await get('/api/vehicles/short-lived');

    expect(await within.json()).toMatchObject({ times: 1 });
    expect(await later.json()).toMatchObject({ times: 2 });
  });

  it('When a client is over its rate limit, then a kept answer is refused to it like any other', async () => {
    const strict = await startGateway({ VEHICLE_SERVICE_URL: vehicle.url, API_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let request = 0; request < 5; request++) statuses.push((await fetch(`${strict.url}/api/vehicles/public?make=kia`)).status);
    await strict.stop();

    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(asked.get('/api/vehicles/public?make=kia')).toBe(1);
  });
});

describe('gateway: answers a service marks Gateway-Cache-Control, shared by the callers of a role', () => {
  it('When two dealers ask for the same page, then the second is answered without asking the service, and no browser sees Gateway-Cache-Control', async () => {
    const path = '/api/vehicles/per-role?case=two-dealers';

    const first = await get(path, await signedIn('dealer'));
    const second = await get(path, await signedIn('dealer'));

    expect(await first.json()).toMatchObject({ times: 1 });
    expect(await second.json()).toMatchObject({ times: 1 });
    expect(asked.get(path)).toBe(1);
    for (const response of [first, second]) {
      expect(response.headers.get('gateway-cache-control')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('When an admin asks for the page a dealer was given, then the service answers the admin, whose copy then serves admins only', async () => {
    const path = '/api/vehicles/per-role?case=admin-after-dealer';

    const dealer = await get(path, await signedIn('dealer'));
    const admin = await get(path, await signedIn('admin'));
    const secondAdmin = await get(path, await signedIn('admin'));
    const secondDealer = await get(path, await signedIn('dealer'));

    expect(await dealer.json()).toMatchObject({ times: 1 });
    expect(await admin.json()).toMatchObject({ times: 2 });
    expect(await secondAdmin.json()).toMatchObject({ times: 2 });
    expect(await secondDealer.json()).toMatchObject({ times: 1 });
  });

  it('When anonymous callers ask for a page dealers share, then the service answers each of them', async () => {
    const path = '/api/vehicles/per-role?case=anonymous';
    await get(path, await signedIn('dealer'));
    const secondDealer = await get(path, await signedIn('dealer'));

    await get(path);
    const secondAnonymous = await get(path);

    expect(await secondDealer.json()).toMatchObject({ times: 1 });
    expect(await secondAnonymous.json()).toMatchObject({ times: 3 });
    expect(secondAnonymous.headers.get('gateway-cache-control')).toBeNull();
  });

  it('When a browser names the kept ETag in If-None-Match, then the gateway answers 304 without a body; another ETag gets the page', async () => {
    const path = '/api/vehicles/per-role?case=etag';
    // Left to its default, fetch adds `Cache-Control: no-cache` to a request with If-None-Match, which
    // express (the service's and the gateway's) answers in full; a browser revalidating its copy does not.
    const revalidate = async (etag: string) => fetch(`${gateway.url}${path}`, { headers: { ...(await signedIn('dealer')), 'if-none-match': etag }, cache: 'no-cache' });
    await get(path, await signedIn('dealer'));

    const unchanged = await revalidate('"page-1"');
    const changed = await revalidate('"page-0"');

    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ times: 1 });
    expect(asked.get(path)).toBe(1);
  });

  it('When the second the service allowed has passed, then the service is asked again', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const path = '/api/vehicles/per-role?case=expiry';
    const dealer = await signedIn('dealer');
    await get(path, dealer);

    vi.advanceTimersByTime(999);
    const within = await get(path, dealer);
    vi.advanceTimersByTime(1);
    const later = await get(path, dealer);

    expect(await within.json()).toMatchObject({ times: 1 });
    expect(await later.json()).toMatchObject({ times: 2 });
  });
});

describe('gateway: one request asks for an expired copy again', () => {
  it('When dealers ask for a page whose kept copy has just expired, then the service is asked once and every one of them gets that answer', async () => {
    const path = '/api/vehicles/refreshed';
    const dealers = await Promise.all([1, 2, 3, 4].map(() => signedIn('dealer')));
    vi.useFakeTimers({ toFake: ['performance'] });
    await get(path, dealers[0]);
    vi.advanceTimersByTime(1000);

    const countedBefore = Number(await redis.get('rate-limit:gateway:127.0.0.1'));
    const refreshing = get(path, dealers[0]);
    await refreshArrived.fired;
    const waiting = dealers.slice(1).map((dealer) => get(path, dealer));
    // Past the admission (counted), the three are at the cache or about to be: give them that turn.
    await expect.poll(() => redis.get('rate-limit:gateway:127.0.0.1').then(Number)).toBe(countedBefore + 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    refreshReleased.fire();
    const answers = await Promise.all([refreshing, ...waiting].map((response) => response.then((answer) => answer.json())));

    expect(answers).toEqual(Array.from({ length: 4 }, () => expect.objectContaining({ times: 2 })));
    expect(asked.get(path)).toBe(2);
  });

  it('When a write is answered while a copy is being asked for again, then a read that starts after the write does not get that answer', async () => {
    const path = '/api/vehicles/overtaken';
    const dealer = await signedIn('dealer');
    vi.useFakeTimers({ toFake: ['performance'] });
    await get(path, dealer);
    vi.advanceTimersByTime(1000);

    const refreshing = get(path, dealer);
    await overtakenArrived.fired;
    const write = await fetch(`${gateway.url}/api/vehicles/car-1`, { method: 'PATCH', headers: { ...dealer, 'content-type': 'application/json' }, body: '{}' });
    const countedBefore = Number(await redis.get('rate-limit:gateway:127.0.0.1'));
    const readAfterWrite = get(path, await signedIn('dealer'));
    await expect.poll(() => redis.get('rate-limit:gateway:127.0.0.1').then(Number)).toBe(countedBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    overtakenReleased.fire();

    expect(write.status).toBe(200);
    expect(await (await refreshing).json()).toMatchObject({ times: 2 });
    expect(await (await readAfterWrite).json()).toMatchObject({ times: 3 });
  });
});

describe('gateway: writes end the kept answers of the service they pass to', () => {
  it.each([
    ['a PATCH is answered', 'a page kept for dealers', 'PATCH', '/api/vehicles/car-1', 200, '/api/vehicles/per-role?case=patch'],
    ['a POST is answered', 'a public answer', 'POST', '/api/vehicles', 404, '/api/vehicles/public?case=post'],
    ['the service drops a PATCH unanswered', 'a page kept for dealers', 'PATCH', '/api/vehicles/dropped', 502, '/api/vehicles/per-role?case=dropped'],
  ])('When %s, then %s is asked of the service again', async (_write, _kept, method, writePath, writeStatus, readPath) => {
    const dealer = await signedIn('dealer');
    await get(readPath, dealer);
    const kept = await get(readPath, dealer);

    const write = await fetch(`${gateway.url}${writePath}`, { method, headers: { ...dealer, 'content-type': 'application/json' }, body: '{}' });
    const afterWrite = await get(readPath, dealer);

    expect(await kept.json()).toMatchObject({ times: 1 });
    expect(write.status).toBe(writeStatus);
    expect(await afterWrite.json()).toMatchObject({ times: 2 });
  });

  it('When a read started before a write was answered, then its answer is not kept', async () => {
    const dealer = await signedIn('dealer');
    const heldRead = get('/api/vehicles/held', dealer);
    await heldReadArrived.fired;

    const write = await fetch(`${gateway.url}/api/vehicles/car-1`, { method: 'PATCH', headers: { ...dealer, 'content-type': 'application/json' }, body: '{}' });
    heldReadReleased.fire();
    const readBeforeWrite = await heldRead;
    const readAfterWrite = await get('/api/vehicles/held', dealer);
    const keptReadAfterWrite = await get('/api/vehicles/held', dealer);

    expect(write.status).toBe(200);
    expect(await readBeforeWrite.json()).toMatchObject({ times: 1 });
    expect(await readAfterWrite.json()).toMatchObject({ times: 2 });
    expect(await keptReadAfterWrite.json()).toMatchObject({ times: 2 });
  });
});

import { createLogger, createService, type RunningService } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../../test-support/gateway-under-test';

/** How often the stand-in vehicle service was asked for each path. */
const asked = new Map<string, number>();
let vehicle: RunningService;
let gateway: GatewayUnderTest;

/** Answers `/api/vehicles/<name>` with the headers of that name, a body over 1 KB, and how often it was asked. */
const answersByName: Record<string, Record<string, string>> = {
  public: { 'Cache-Control': 'public, max-age=3600' },
  'short-lived': { 'Cache-Control': 'public, max-age=1' },
  private: { 'Cache-Control': 'private, max-age=3600' },
  unmarked: {},
  varying: { 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie' },
  'with-cookie': { 'Cache-Control': 'public, max-age=3600', 'Set-Cookie': 'x=1' },
};

beforeAll(async () => {
  vehicle = await createService({
    name: 'vehicle',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'vehicle', level: 'silent' }),
    routes(router) {
      router.all('/api/vehicles/:name', (req, res) => {
        const times = (asked.get(req.originalUrl) ?? 0) + 1;
        asked.set(req.originalUrl, times);
        res.set(answersByName[req.params.name as string] ?? {});
        res.status(req.query.status ? Number(req.query.status) : 200).json({ times, padding: 'x'.repeat(2000) });
      });
    },
  }).start();
  gateway = await startGateway({ VEHICLE_SERVICE_URL: vehicle.url });
});

afterAll(async () => {
  await gateway?.stop();
  await vehicle?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${gateway.url}${path}`, { headers });

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
    await get('/api/vehicles/short-lived');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await get('/api/vehicles/short-lived');

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

import { Redis } from 'ioredis';
import { createSessionStore, signIdentity, type RunningService } from '@cardirect/service-kit';
import { requestAs, TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_URL,
  startDroppingService,
  startEchoService,
  startGateway,
  startSilentService,
  stoppedServiceUrl,
  type DroppingService,
  type GatewayUnderTest,
} from '../test-support/gateway-under-test';

let auth: RunningService;
let vehicle: RunningService;
let silent: RunningService;
let dropping: DroppingService;
let gateway: GatewayUnderTest;
let redis: Redis;

beforeAll(async () => {
  [auth, vehicle, silent, dropping] = await Promise.all([startEchoService('auth'), startEchoService('vehicle'), startSilentService(), startDroppingService()]);
  gateway = await startGateway({
    AUTH_SERVICE_URL: auth.url,
    VEHICLE_SERVICE_URL: vehicle.url,
    DEALER_SERVICE_URL: dropping.url,
    BODY_LIMIT: '1kb',
    SUBMISSION_BODY_LIMIT: '4kb',
  });
  redis = new Redis(gateway.redis.url);
});

afterAll(async () => {
  redis?.disconnect();
  await gateway?.stop();
  await Promise.all([auth?.stop(), vehicle?.stop(), silent?.stop(), dropping?.stop()]);
});

interface Echo {
  service: string;
  method: string;
  path: string;
  identity: { role: string; userId?: string; email?: string; sessionId?: string; requestId: string };
  body: unknown;
}

describe('gateway: compressed answers', () => {
  const largeBody = { description: 'A one-owner car, garage kept, every service at the dealer. '.repeat(50) };

  it('When a browser accepts brotli, then an answer over 1 KB arrives compressed and decodes to the same JSON', async () => {
    const response = await fetch(`${gateway.url}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify(largeBody),
    });

    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(((await response.json()) as Echo).body).toEqual(largeBody);
  });

  it('When the answer is small or the client accepts no encoding, then it is sent as it is', async () => {
    const small = await fetch(`${gateway.url}/api/auth/echo`, { headers: { 'accept-encoding': 'br, gzip' } });
    const uncompressed = await fetch(`${gateway.url}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify(largeBody),
    });

    expect(small.headers.get('content-encoding')).toBeNull();
    expect(uncompressed.headers.get('content-encoding')).toBeNull();
    expect(((await uncompressed.json()) as Echo).body).toEqual(largeBody);
  });
});

describe('gateway: routing and identity', () => {
  it('When a client sends its own identity headers, then the service sees an anonymous caller', async () => {
    const forged = signIdentity({ role: 'admin', userId: 'attacker', requestId: 'x' }, { method: 'GET', target: '/api/auth/echo' }, TEST_IDENTITY_SECRET);

    const response = await fetch(`${gateway.url}/api/auth/echo`, { headers: forged });
    const echo = (await response.json()) as Echo;

    expect(response.status).toBe(200);
    expect(echo.identity.role).toBe('anonymous');
    expect(echo.identity.userId).toBeUndefined();
  });

  it('When a request reaches a service without a valid signature, then the service refuses it with 401', async () => {
    const forged = signIdentity({ role: 'admin', requestId: 'x' }, { method: 'GET', target: '/api/auth/echo' }, 'a-guessed-secret-that-is-32-characters-long');

    const response = await fetch(`${auth.url}/api/auth/echo`, { headers: forged });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Missing or invalid identity' });
  });

  it('When the caller has a session cookie, then the service sees that user, signed by the gateway', async () => {
    const sessionId = await createSessionStore(redis).create({ userId: 'dealer-1', role: 'dealer', email: 'dealer@example.com' });

    const response = await fetch(`${gateway.url}/api/vehicles/123?x=1`, { headers: { cookie: `cd_session=${sessionId}` } });
    const echo = (await response.json()) as Echo;

    expect(echo).toMatchObject({ service: 'vehicle', path: '/api/vehicles/123?x=1' });
    expect(echo.identity).toMatchObject({ role: 'dealer', userId: 'dealer-1', email: 'dealer@example.com', sessionId });
  });

  it('When the session cookie is unknown, then the caller is anonymous', async () => {
    const response = await fetch(`${gateway.url}/api/auth/echo`, { headers: { cookie: `cd_session=${'A'.repeat(43)}` } });

    expect(((await response.json()) as Echo).identity.role).toBe('anonymous');
  });

  it('When a request id is given, then the service receives the same id', async () => {
    const response = await fetch(`${gateway.url}/api/auth/echo`, { headers: { 'x-request-id': 'trace-42' } });

    expect(((await response.json()) as Echo).identity.requestId).toBe('trace-42');
    expect(response.headers.get('x-request-id')).toBe('trace-42');
  });

  it('When each prefix is called, then the table of ARCHITECTURE.md picks the service', async () => {
    const answeredBy = async (path: string) => (await fetch(`${gateway.url}${path}`)).headers.get('x-answered-by');

    expect(await answeredBy('/api/auth/echo')).toBe('auth');
    expect(await answeredBy('/api/vehicles/makes')).toBe('vehicle');
    expect(await answeredBy('/api/offers/1')).toBe('vehicle');
    expect(await answeredBy('/api/seller/vehicles')).toBe('vehicle');
  });

  it('When a JSON body is posted, then it reaches the service unchanged', async () => {
    const response = await requestAs<Echo>(gateway.url, '/api/vehicles', { method: 'POST', body: { make: 'Honda', year: 2020 }, signed: false });

    expect(response.body).toMatchObject({ method: 'POST', body: { make: 'Honda', year: 2020 } });
  });

  it('When no service owns an /api path, then 404 JSON answers', async () => {
    const response = await fetch(`${gateway.url}/api/nothing/here`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/nothing/here' });
  });
});

describe('gateway: failing services and limits', () => {
  // The upstream timeout is 30 s here, so a 503 within the 1 second can only come from
  // the refused connection, never from waiting; the 504 case uses a short timeout on a gateway of
  // its own so that a busy machine cannot slow the other tests into it.
  it('When a service is stopped, then 503 JSON answers within 1 second, without waiting for the upstream timeout', async () => {
    const stopped = await startGateway({ AUTH_SERVICE_URL: await stoppedServiceUrl(), UPSTREAM_TIMEOUT_MS: '30000' }, gateway.redis);
    const startedAt = performance.now();

    const response = await fetch(`${stopped.url}/api/auth/echo`);
    const elapsedMs = performance.now() - startedAt;
    await stopped.stop();

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Service unavailable' });
    expect(elapsedMs).toBeLessThan(1_000);
  });

  it('When a service does not answer in time, then 504 JSON answers', async () => {
    const impatient = await startGateway({ DEALER_SERVICE_URL: silent.url, UPSTREAM_TIMEOUT_MS: '300' }, gateway.redis);

    const response = await fetch(`${impatient.url}/api/dealers`);
    await impatient.stop();

    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ message: 'Service timed out' });
  });

  it('When a service takes a write and closes the connection without answering, then 502 JSON says it may have been saved, and it is not sent again', async () => {
    const response = await fetch(`${gateway.url}/api/dealers/write/drop-every`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'The service stopped before answering, so what you sent may have been saved. Please check before sending it again.' });
    expect(dropping.arrivals.get('/api/dealers/write/drop-every')).toBe(1);
  });

  it('When a read fails on a kept-alive connection, then the gateway sends it once more on a new one and the answer arrives', async () => {
    // The first call leaves the gateway a kept-alive connection to the service for the next.
    expect((await fetch(`${gateway.url}/api/dealers/warm-up`)).status).toBe(200);

    const response = await fetch(`${gateway.url}/api/dealers/read/drop-first`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ path: '/api/dealers/read/drop-first', times: 2 });
  });

  it('When a read is dropped again on the new connection, then 502 JSON asks to try again, after two attempts in all', async () => {
    expect((await fetch(`${gateway.url}/api/dealers/warm-up`)).status).toBe(200);

    const response = await fetch(`${gateway.url}/api/dealers/read/drop-every`);

    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'The service stopped before answering. Please try again.' });
    expect(dropping.arrivals.get('/api/dealers/read/drop-every')).toBe(2);
  });

  it('When a body is over the limit, then 413 JSON answers, whether its length is declared or streamed', async () => {
    const declared = await fetch(`${gateway.url}/api/vehicles/v1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notes: 'x'.repeat(2_000) }) });
    const chunks = [new TextEncoder().encode('{"notes":"'), new TextEncoder().encode('x'.repeat(2_000)), new TextEncoder().encode('"}')];
    const streamed = await fetch(`${gateway.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);

    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: 'Request body too large' });
    expect(streamed.status).toBe(413);
  });

  it('When a vehicle with photos is submitted, or a hand-over with fault photos recorded, then the larger limit applies to those calls only', async () => {
    const post = (path: string, size: number) =>
      fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ photos: ['x'.repeat(size)] }) });

    expect((await post('/api/vehicles', 2_000)).status).toBe(200);
    expect((await post('/api/vehicles', 5_000)).status).toBe(413);
    expect((await post('/api/deals/d1/hand-over', 2_000)).status).toBe(200);
    expect((await post('/api/deals/d1/hand-over', 5_000)).status).toBe(413);
    expect((await post('/api/deals/d1/cancel', 2_000)).status).toBe(413);
  });
});

describe('gateway: cross-site requests', () => {
  const post = (headers: Record<string, string>) => fetch(`${gateway.url}/api/auth/logout`, { method: 'POST', headers });

  it('When a POST comes from another origin, then 403 JSON answers', async () => {
    const response = await post({ origin: 'https://evil.example' });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('When a POST has only a Referer from another site, then 403 answers', async () => {
    expect((await post({ referer: 'https://evil.example/page' })).status).toBe(403);
  });

  it('When a POST comes from our own page or carries no Origin and no Referer, then it passes', async () => {
    expect((await post({ origin: PUBLIC_URL })).status).toBe(200);
    expect((await post({ referer: `${PUBLIC_URL}/dealer/dashboard` })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it('When another origin sends a method HTTP does not define as safe, even one the gateway does not know, then 403 answers', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'PROPPATCH']) {
      const response = await fetch(`${gateway.url}/api/auth/logout`, { method, headers: { origin: 'https://evil.example' } });

      expect(response.status, method).toBe(403);
    }
  });

  it('When a GET comes from another origin, then it passes (reads change nothing)', async () => {
    const response = await fetch(`${gateway.url}/api/auth/echo`, { headers: { origin: 'https://evil.example' } });

    expect(response.status).toBe(200);
  });
});

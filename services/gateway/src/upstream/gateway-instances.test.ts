import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createLogger, createService, getIdentity } from '@cardirect/service-kit';
import { startTestRedis, TEST_IDENTITY_SECRET, type TestRedis } from '@cardirect/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDroppingService, startEchoService, startGateway, stoppedServiceUrl } from '../test-support/gateway-under-test';

let redis: TestRedis;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  redis = await startTestRedis();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await redis?.stop();
});

/** A gateway of the test's own (stopped after it), on the file's Redis. */
async function gatewayWith(env: Record<string, string>): Promise<string> {
  const gateway = await startGateway(env, redis);
  cleanups.push(() => gateway.stop());
  return gateway.url;
}

async function echoInstance(name: string) {
  const instance = await startEchoService(name);
  cleanups.push(() => instance.stop());
  return instance;
}

/**
 * The URL of an instance that never takes a connection (a host that is down, say): a listener
 * whose accept queue is full, in a process that never accepts, so the kernel drops new connection
 * requests.
 */
async function unconnectableInstanceUrl(): Promise<string> {
  const listener = spawn(
    process.execPath,
    [
      '-e',
      `const server = require('node:net').createServer();
       server.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
         process.stdout.write(server.address().port + '\\n', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
       });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => void listener.kill('SIGKILL'));
  const port = await new Promise<number>((resolve, reject) => {
    listener.stdout.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
    listener.once('error', reject);
  });
  // A backlog of 1 queues two connections; these two fill it.
  const fillers = await Promise.all(
    [1, 2].map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  cleanups.push(() => fillers.forEach((socket) => socket.destroy()));
  return `http://127.0.0.1:${port}`;
}

interface Echo {
  service: string;
  method: string;
  body: unknown;
}

const read = (gatewayUrl: string, path: string) => fetch(`${gatewayUrl}${path}`);
const write = (gatewayUrl: string, path: string, body: unknown) =>
  fetch(`${gatewayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A body sent in many chunks (chunked), more than a connection takes before it is connected. */
function streamedBody(text: string): RequestInit {
  const bytes = new TextEncoder().encode(text);
  const chunkSize = 8 * 1024;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += chunkSize) controller.enqueue(bytes.slice(offset, offset + chunkSize));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit;
}

describe('gateway: a member running several times', () => {
  it('When a member runs twice, then reads and writes go to its instances in turn', async () => {
    const [first, second] = await Promise.all([echoInstance('vehicle-1'), echoInstance('vehicle-2')]);
    const gatewayUrl = await gatewayWith({ VEHICLE_SERVICE_URL: `${first.url},${second.url}` });

    const answers = [await read(gatewayUrl, '/api/vehicles/1'), await write(gatewayUrl, '/api/offers', {}), await read(gatewayUrl, '/api/vehicles/2'), await write(gatewayUrl, '/api/offers', {})];

    expect(answers.map((answer) => answer.headers.get('x-answered-by'))).toEqual(['vehicle-1', 'vehicle-2', 'vehicle-1', 'vehicle-2']);
  });

  it('When one of two instances is stopped, then every read and write is answered by the other, none with 503', async () => {
    const [staying, stopping] = await Promise.all([echoInstance('staying'), echoInstance('stopping')]);
    const gatewayUrl = await gatewayWith({ VEHICLE_SERVICE_URL: `${staying.url},${stopping.url}` });
    // Both instances answered once, so the gateway holds a kept-alive connection to each.
    expect((await Promise.all([read(gatewayUrl, '/api/vehicles/a'), read(gatewayUrl, '/api/vehicles/b')])).map((answer) => answer.status)).toEqual([200, 200]);

    await stopping.stop();
    const reads = [];
    for (let call = 0; call < 6; call++) reads.push(await read(gatewayUrl, `/api/vehicles/${call}`));
    const writes = [];
    for (let call = 0; call < 6; call++) writes.push(await write(gatewayUrl, '/api/offers', { call }));

    expect([...reads, ...writes].map((answer) => [answer.status, answer.headers.get('x-answered-by')])).toEqual(Array(12).fill([200, 'staying']));
    expect(await Promise.all(writes.map(async (answer) => ((await answer.json()) as Echo).body))).toEqual([0, 1, 2, 3, 4, 5].map((call) => ({ call })));
  });

  it.each([
    ['refuses the connection', stoppedServiceUrl],
    ['does not take the connection within UPSTREAM_CONNECT_TIMEOUT_MS', unconnectableInstanceUrl],
  ])('When the instance in turn %s, then the next one gets the request, a streamed body whole', async (_situation, unreachableUrl) => {
    const live = await echoInstance('live');
    const gatewayUrl = await gatewayWith({ VEHICLE_SERVICE_URL: `${await unreachableUrl()},${live.url}`, UPSTREAM_CONNECT_TIMEOUT_MS: '200', BODY_LIMIT: '1mb' });
    const notes = 'x'.repeat(300_000);

    // The first request is the first instance's turn.
    const written = await fetch(`${gatewayUrl}/api/offers`, streamedBody(JSON.stringify({ notes })));
    const readAfter = await read(gatewayUrl, '/api/vehicles/1');

    expect(written.status).toBe(200);
    expect(((await written.json()) as Echo).body).toEqual({ notes });
    expect([readAfter.status, readAfter.headers.get('x-answered-by')]).toEqual([200, 'live']);
  });

  it('When every instance is stopped, then 503 JSON answers reads and writes', async () => {
    const gatewayUrl = await gatewayWith({ VEHICLE_SERVICE_URL: `${await stoppedServiceUrl()},${await stoppedServiceUrl()}`, UPSTREAM_TIMEOUT_MS: '30000' });

    const answers = [await read(gatewayUrl, '/api/vehicles/1'), await write(gatewayUrl, '/api/offers', { amount: 1 })];

    expect(answers.map((answer) => answer.status)).toEqual([503, 503]);
    expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([{ message: 'Service unavailable' }, { message: 'Service unavailable' }]);
  });

  it('When a write reached an instance that closed the connection without answering, then 502 answers and no other instance gets it', async () => {
    const instances = await Promise.all([startDroppingService(), startDroppingService()]);
    cleanups.push(async () => void (await Promise.all(instances.map((instance) => instance.stop()))));
    const gatewayUrl = await gatewayWith({ DEALER_SERVICE_URL: instances.map((instance) => instance.url).join(',') });

    const response = await write(gatewayUrl, '/api/dealers/write/drop-every', {});

    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'The service stopped before answering, so what you sent may have been saved. Please check before sending it again.' });
    expect(instances.map((instance) => instance.arrivals.get('/api/dealers/write/drop-every') ?? 0)).toEqual([1, 0]);
  });

  it('When the notifier runs twice and one instance is stopped, then the queue dashboard is still reached', async () => {
    const notifier = await createService({
      name: 'notifier',
      config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
      logger: createLogger({ name: 'notifier', level: 'silent' }),
      routes(router) {
        router.get('/admin/queues/*path', (req, res) => res.json({ path: req.originalUrl, role: getIdentity(req).role }));
      },
    }).start();
    cleanups.push(() => notifier.stop());
    const gatewayUrl = await gatewayWith({ NOTIFIER_SERVICE_URL: `${await stoppedServiceUrl()},${notifier.url}` });

    const answers = [await read(gatewayUrl, '/admin/queues/api/queues'), await read(gatewayUrl, '/admin/queues/api/queues')];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await answers[0].json()).toEqual({ path: '/admin/queues/api/queues', role: 'anonymous' });
  });
});

describe('gateway: readiness of a member running several times', () => {
  it('When one of a member\'s two instances is down, then /readyz answers 200: the member is ready', async () => {
    const [auth, dealer, vehicle] = await Promise.all(['auth', 'dealer', 'vehicle'].map(echoInstance));
    const gatewayUrl = await gatewayWith({ AUTH_SERVICE_URL: auth.url, DEALER_SERVICE_URL: dealer.url, VEHICLE_SERVICE_URL: `${await stoppedServiceUrl()},${vehicle.url}` });

    const response = await read(gatewayUrl, '/readyz');

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', checks: { vehicle: { status: 'up' } } });
  });

  it('When every instance of a member is down, then /readyz answers 503 naming that member', async () => {
    const [auth, dealer] = await Promise.all(['auth', 'dealer'].map(echoInstance));
    const gatewayUrl = await gatewayWith({ AUTH_SERVICE_URL: auth.url, DEALER_SERVICE_URL: dealer.url, VEHICLE_SERVICE_URL: `${await stoppedServiceUrl()},${await stoppedServiceUrl()}` });

    const response = await read(gatewayUrl, '/readyz');
    const body = (await response.json()) as { status: string; checks: Record<string, { status: string; error?: string }> };

    expect(response.status).toBe(503);
    expect(body.status).toBe('not ready');
    expect(body.checks.vehicle).toMatchObject({ status: 'down', error: expect.stringMatching(/^no instance is ready: /) });
    expect(body.checks.auth.status).toBe('up');
  });
});

import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, notFound } from '../errors/app-error';
import { getIdentity, requireRole } from '../identity/identity-middleware';
import { findFreePort } from '../infra/find-free-port';
import { createLogger } from '../logging/logger';
import { createService } from '../service/create-service';
import { TEST_IDENTITY_SECRET } from '../testing/service-under-test';
import { createInternalClient } from './internal-client';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Directory {
  url: string;
  /** How many calls reached this instance, by path. */
  arrivals: Map<string, number>;
  stop(): Promise<void>;
}

/** One instance of a stand-in service; `/internal/who` names the instance that answered. */
async function startDirectory(name = 'directory'): Promise<Directory> {
  const arrivals = new Map<string, number>();
  const service = createService({
    name,
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name, level: 'silent' }),
    shutdownGraceMs: 0,
    routes(router) {
      router.use((req, _res, next) => {
        arrivals.set(req.path, (arrivals.get(req.path) ?? 0) + 1);
        next();
      });
      router.post('/internal/echo', requireRole('service'), (req, res) => {
        res.json({ caller: getIdentity(req).role, requestId: getIdentity(req).requestId, body: req.body, zip: req.query.zip });
      });
      router.all('/internal/who', requireRole('service'), (req, res) => {
        res.json({ instance: name, method: req.method, body: req.body ?? null });
      });
      router.get('/internal/missing', () => {
        throw notFound('Dealer not found');
      });
      router.get('/internal/hang', () => undefined);
      // Takes the call and dies before answering, as a process that crashes mid-request.
      router.post('/internal/crash', (req) => {
        req.socket.destroy();
      });
    },
  });
  const running = await service.start();
  cleanups.push(() => running.stop());
  return { url: running.url, arrivals, stop: () => running.stop() };
}

/** The URL of an instance that is not running. */
async function stoppedInstanceUrl(): Promise<string> {
  return `http://127.0.0.1:${await findFreePort()}`;
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

const instanceOf = async (call: Promise<unknown>) => ((await call) as { instance: string }).instance;

describe('createInternalClient', () => {
  it('When a service calls another, then it is signed as a service and JSON goes both ways', async () => {
    const directory = await startDirectory();
    const client = createInternalClient({ baseUrl: directory.url, secret: TEST_IDENTITY_SECRET });

    const answer = await client.post('/internal/echo', { body: { ids: [1, 2] }, query: { zip: '10001' }, requestId: 'req-7' });

    expect(answer).toEqual({ caller: 'service', requestId: 'req-7', body: { ids: [1, 2] }, zip: '10001' });
  });

  it('When the callee answers an error, then an AppError carries its status and message', async () => {
    const directory = await startDirectory();
    const client = createInternalClient({ baseUrl: directory.url, secret: TEST_IDENTITY_SECRET });

    const failure = await client.get('/internal/missing').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 404, message: 'Dealer not found' });
  });

  it('When the callee is down or too slow, then a 503 AppError is thrown', async () => {
    const directory = await startDirectory();
    const slowClient = createInternalClient({ baseUrl: directory.url, secret: TEST_IDENTITY_SECRET, timeoutMs: 200 });
    const downClient = createInternalClient({ baseUrl: await stoppedInstanceUrl(), secret: TEST_IDENTITY_SECRET });

    await expect(slowClient.get('/internal/hang')).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
    await expect(downClient.get('/internal/missing')).rejects.toMatchObject({ status: 503 });
  });
});

describe('createInternalClient: a member running several times', () => {
  it('When the callee runs twice, then the calls go to its instances in turn', async () => {
    const [first, second] = await Promise.all([startDirectory('first'), startDirectory('second')]);
    const client = createInternalClient({ baseUrl: [first.url, second.url], secret: TEST_IDENTITY_SECRET });

    const answeredBy: string[] = [];
    for (let call = 0; call < 4; call++) answeredBy.push(await instanceOf(client.get('/internal/who')));

    expect(answeredBy).toEqual(['first', 'second', 'first', 'second']);
  });

  it('When one instance is stopped, then every call, read or write, is answered by the other', async () => {
    const live = await startDirectory('live');
    const client = createInternalClient({ baseUrl: [await stoppedInstanceUrl(), live.url], secret: TEST_IDENTITY_SECRET });

    const answers = [];
    for (let call = 0; call < 3; call++) {
      answers.push(await client.get('/internal/who'));
      answers.push(await client.post('/internal/who', { body: { call } }));
    }

    expect(answers.map((answer) => (answer as { instance: string }).instance)).toEqual(Array(6).fill('live'));
    expect(answers.filter((answer) => (answer as { method: string }).method === 'POST').map((answer) => (answer as { body: unknown }).body)).toEqual([
      { call: 0 },
      { call: 1 },
      { call: 2 },
    ]);
  });

  it('When one instance does not take the connection within the connect timeout, then the next one answers the call', async () => {
    const live = await startDirectory('live');
    const client = createInternalClient({ baseUrl: [await unconnectableInstanceUrl(), live.url], secret: TEST_IDENTITY_SECRET, connectTimeoutMs: 200 });

    const answer = await client.post('/internal/who', { body: { zip: '10001' } });

    expect(answer).toEqual({ instance: 'live', method: 'POST', body: { zip: '10001' } });
  });

  it('When every instance is stopped, then a 503 AppError is thrown', async () => {
    const client = createInternalClient({ baseUrl: [await stoppedInstanceUrl(), await stoppedInstanceUrl()], secret: TEST_IDENTITY_SECRET });

    await expect(client.get('/internal/who')).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
    await expect(client.post('/internal/who', { body: {} })).rejects.toMatchObject({ status: 503 });
  });

  it('When a write reached an instance that died before answering, then 503 is thrown and no other instance receives it', async () => {
    const instances = await Promise.all([startDirectory('first'), startDirectory('second')]);
    const client = createInternalClient({ baseUrl: instances.map((instance) => instance.url), secret: TEST_IDENTITY_SECRET });

    const failure = client.post('/internal/crash', { body: { amount: 1 } });

    await expect(failure).rejects.toMatchObject({ status: 503 });
    expect(instances.map((instance) => instance.arrivals.get('/internal/crash') ?? 0)).toEqual([1, 0]);
  });
});

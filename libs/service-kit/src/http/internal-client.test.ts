import { spawn } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
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

interface ClosingInstance {
  url: string;
  /** The calls that arrived, in order, each with the number of the connection it came on (from 1). */
  arrivals: Array<{ method: string; connection: number }>;
}

/**
 * An instance that closes a kept-alive connection just as the next call arrives on it, as Node's
 * server does when its keep-alive timeout runs out at that moment: it answers the first call on a
 * connection and keeps the connection open, then drops the connection on the second call without
 * answering. `{ connection }` names the connection that answered.
 */
async function startClosingInstance(): Promise<ClosingInstance> {
  const arrivals: ClosingInstance['arrivals'] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    let received = '';
    let callsOnConnection = 0;
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      for (;;) {
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd === -1) return;
        const head = received.slice(0, headEnd);
        const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
        if (received.length < headEnd + 4 + length) return;
        received = received.slice(headEnd + 4 + length);
        const method = head.slice(0, head.indexOf(' '));
        arrivals.push({ method, connection });
        if (++callsOnConnection > 1) {
          socket.destroy();
          return;
        }
        const answer = JSON.stringify({ connection });
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${answer.length}\r\nConnection: keep-alive\r\n\r\n${answer}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => server.close(resolve));
  });
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, arrivals };
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

describe('createInternalClient: an instance closing a kept-alive connection as a call arrives', () => {
  it.each(['get', 'put', 'delete'] as const)('When a %s goes out on a connection the instance has just closed, then it is answered on a new connection', async (method) => {
    const instance = await startClosingInstance();
    const client = createInternalClient({ baseUrl: instance.url, secret: TEST_IDENTITY_SECRET });
    await client.get('/internal/who');

    const answer = await client[method]('/internal/who');

    expect(answer).toEqual({ connection: 2 });
    expect(instance.arrivals).toEqual([
      { method: 'GET', connection: 1 },
      { method: method.toUpperCase(), connection: 1 },
      { method: method.toUpperCase(), connection: 2 },
    ]);
  });

  it.each(['post', 'patch'] as const)('When a %s goes out on a connection the instance has just closed, then 503 is thrown and it is not sent again', async (method) => {
    const instance = await startClosingInstance();
    const client = createInternalClient({ baseUrl: instance.url, secret: TEST_IDENTITY_SECRET });
    await client.get('/internal/who');

    const failure = client[method]('/internal/who', { body: { amount: 1 } });

    await expect(failure).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
    expect(instance.arrivals).toEqual([
      { method: 'GET', connection: 1 },
      { method: method.toUpperCase(), connection: 1 },
    ]);
  });
});

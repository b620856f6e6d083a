import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../errors/error-handler';
import { signIdentity } from '../identity/identity';
import { createLogger } from '../logging/logger';
import { createService, type RunningService } from '../service/create-service';
import { TEST_IDENTITY_SECRET } from '../testing/service-under-test';
import { jsonBodies } from './json-body';
import { createHttpServer, type LingerBounds } from './lingering-close';

/**
 * Raw sockets against a real server: a client that writes its whole request before it reads a
 * byte of the answer, as a script or a proxy with a buffered body does. Bodies of several MB, far
 * over what the kernel buffers between two sockets, so that a server that closed without reading
 * them would reset the connection while the client is still writing.
 */

const logger = createLogger({ name: 'lingering-close-test', level: 'silent' });
const LIMIT = '64kb';
const OVERSIZED_BYTES = 6 * 1024 * 1024;
const DEADLINE_MS = 15_000;

let running: RunningService | undefined;
let server: Server | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

interface Exchange {
  /** Everything the server sent, as latin1 text. */
  received: string;
  /** The socket error the client got, if any (ECONNRESET, EPIPE). */
  errorCode?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The first answer in `received`: status, headers (lower-case names) and its Content-Length body. */
function firstAnswer(received: string): Answer {
  const headEnd = received.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = received.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const bodyStart = headEnd + 4;
  return { status: Number(statusLine.split(' ')[1]), headers, body: received.slice(bodyStart, bodyStart + Number(headers['content-length'] ?? 0)) };
}

function statusLines(received: string): string[] {
  return received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
}

/**
 * Writes every part without reading (the socket is paused, so nothing is taken from the kernel),
 * and once the last write has been handed to the kernel reads until the server closes the
 * connection. A server that does not close by the deadline fails the exchange.
 */
function sendWholeThenRead(url: string, parts: Array<string | Buffer>): Promise<Exchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let errorCode: string | undefined;
    socket.pause();
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      parts.forEach((part, index) => socket.write(part, index === parts.length - 1 ? () => socket.resume() : undefined));
    });
    socket.on('data', (data: string) => (received += data));
    socket.on('error', (error: NodeJS.ErrnoException) => (errorCode = error.code));
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The server did not close the connection; received: ${received.slice(0, 200)}`));
    }, DEADLINE_MS);
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve({ received, errorCode });
    });
  });
}

/**
 * Writes `head` and then chunks of a chunked body for as long as the connection takes them, never
 * ending: only the server can end the exchange. A server that does not by the deadline fails it.
 */
function sendWithoutEnd(url: string, head: string): Promise<Exchange> {
  const { hostname, port } = new URL(url);
  const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'x'), Buffer.from('\r\n')]);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let errorCode: string | undefined;
    let sentBytes = 0;
    const sendMore = () => {
      while (!socket.destroyed && socket.write(chunk)) sentBytes += chunk.length;
    };
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      socket.write(head);
      sendMore();
    });
    socket.on('drain', sendMore);
    socket.on('data', (data: string) => (received += data));
    socket.on('error', (error: NodeJS.ErrnoException) => (errorCode = error.code));
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The server never cut the connection; ${sentBytes} bytes of body sent`));
    }, DEADLINE_MS);
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve({ received, errorCode });
    });
  });
}

/** The head of a signed JSON POST, as the gateway sends it to a service. */
function signedPostHead(path: string, framing: string): string {
  const identity = signIdentity({ role: 'anonymous', requestId: randomUUID() }, { method: 'POST', target: path }, TEST_IDENTITY_SECRET);
  const headers = Object.entries(identity).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}${framing}\r\n`;
}

function chunked(body: Buffer): Buffer[] {
  return [Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')];
}

/** A JSON-looking body that is also, byte for byte, a string of requests, should anything parse it as such. */
function requestsAsBody(path: string, bytes: number): Buffer {
  const request = `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n`;
  return Buffer.from(request.repeat(Math.ceil(bytes / request.length)).slice(0, bytes), 'latin1');
}

interface ExampleService extends RunningService {
  /** How many requests reached the record route. */
  recorded(): number;
}

/** A service as every CarDirect service is built (createService), with a 64 KB body limit. */
async function startExampleService(): Promise<ExampleService> {
  let recorded = 0;
  const service = createService({
    name: 'example',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: LIMIT },
    logger,
    routes(router) {
      router.post('/api/example/records', (req, res) => {
        recorded += 1;
        res.status(201).json({ received: req.body });
      });
    },
    shutdownGraceMs: 1_000,
  });
  running = Object.assign(await service.start(), { recorded: () => recorded });
  return running as ExampleService;
}

/** The parts of a service that refuse a body (jsonBodies, errorHandler, the server), with the lingering bounds a test chooses. */
async function startRefusingApp(lingerBounds: LingerBounds): Promise<{ url: string }> {
  const app = express();
  app.use(jsonBodies(LIMIT));
  app.post('/api/example/records', (req, res) => {
    res.status(201).json({ received: req.body });
  });
  app.use(errorHandler(logger, { lingerBounds }));
  const started = createHttpServer(app, lingerBounds);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(started.address() as AddressInfo).port}` };
}

/** 64 KB of headers: four times what node's parser reads before it refuses them (431). */
const OVERSIZED_HEAD = `POST /api/example/records HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n`;

describe('a body over the limit, sent whole before the answer is read', () => {
  it('When its Content-Length is over the limit, then the client reads the whole 413 with its message and the connection closes without a reset', async () => {
    const service = await startExampleService();
    const body = Buffer.alloc(OVERSIZED_BYTES, 'a');

    const exchange = await sendWholeThenRead(service.url, [signedPostHead('/api/example/records', `Content-Length: ${body.length}\r\n`), body]);

    expect(exchange.errorCode).toBeUndefined();
    const answer = firstAnswer(exchange.received);
    expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request body too large' });
    expect(service.recorded()).toBe(0);
  });

  it('When a chunked body goes over the limit, then the client reads the whole 413 with its message and the connection closes without a reset', async () => {
    const service = await startExampleService();

    const exchange = await sendWholeThenRead(service.url, [signedPostHead('/api/example/records', 'Transfer-Encoding: chunked\r\n'), ...chunked(Buffer.alloc(OVERSIZED_BYTES, 'a'))]);

    expect(exchange.errorCode).toBeUndefined();
    const answer = firstAnswer(exchange.received);
    expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request body too large' });
  });

  it('When the refused body holds requests and another request follows it on the connection, then none of them is served and only the 413 comes back', async () => {
    const service = await startExampleService();
    const body = requestsAsBody('/api/example/records', OVERSIZED_BYTES);
    const next = `${signedPostHead('/api/example/records', 'Content-Length: 2\r\n')}{}`;

    const exchange = await sendWholeThenRead(service.url, [signedPostHead('/api/example/records', `Content-Length: ${body.length}\r\n`), body, next]);

    expect(statusLines(exchange.received)).toEqual(['HTTP/1.1 413']);
    expect(service.recorded()).toBe(0);
  });

  it('When 64 KB of headers come with a 6 MB body, all sent before reading, then the client reads the whole 431 with its message, without a reset', async () => {
    const service = await startExampleService();
    const body = Buffer.alloc(OVERSIZED_BYTES, 'a');

    const exchange = await sendWholeThenRead(service.url, [`${OVERSIZED_HEAD}Content-Length: ${body.length}\r\n\r\n`, body]);

    expect(exchange.errorCode).toBeUndefined();
    const answer = firstAnswer(exchange.received);
    expect(answer).toMatchObject({ status: 431, headers: { connection: 'close' } });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request header fields too large' });
    expect(service.recorded()).toBe(0);
  });

  it('When a body within the limit follows on the same kept-alive connection as before, then it is still served', async () => {
    const service = await startExampleService();
    const request = `${signedPostHead('/api/example/records', 'Content-Length: 11\r\n')}{"a":"one"}`;
    const last = `${signedPostHead('/api/example/records', 'Content-Length: 11\r\nConnection: close\r\n')}{"a":"two"}`;

    const exchange = await sendWholeThenRead(service.url, [request, last]);

    expect(exchange.errorCode).toBeUndefined();
    expect(statusLines(exchange.received)).toEqual(['HTTP/1.1 201', 'HTTP/1.1 201']);
    expect(service.recorded()).toBe(2);
  });
});

describe('the bounds on reading a refused body', () => {
  it('When a client never stops sending, then the connection is cut once the byte bound is read', async () => {
    const app = await startRefusingApp({ maxBytes: 512 * 1024, maxMs: 60_000 });

    const exchange = await sendWithoutEnd(app.url, `POST /api/example/records HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);

    // Cut, not closed in order: the client was still writing into a connection the server dropped.
    expect(['ECONNRESET', 'EPIPE']).toContain(exchange.errorCode);
    expect(statusLines(exchange.received)).toEqual(['HTTP/1.1 413']);
  });

  it('When a client never stops sending after headers the parser refused, then the connection is cut once the byte bound is read', async () => {
    const app = await startRefusingApp({ maxBytes: 512 * 1024, maxMs: 60_000 });

    const exchange = await sendWithoutEnd(app.url, `${OVERSIZED_HEAD}Transfer-Encoding: chunked\r\n\r\n`);

    expect(['ECONNRESET', 'EPIPE']).toContain(exchange.errorCode);
    expect(statusLines(exchange.received)).toEqual(['HTTP/1.1 431']);
  });

  it('When a client keeps the connection open after headers the parser refused, then it gets the 431 and the server drops the connection after the time bound', async () => {
    const app = await startRefusingApp({ maxBytes: 64 * 1024 ** 2, maxMs: 200 });
    const { hostname, port } = new URL(app.url);

    // Half-open: the client neither ends its side when the server ends its own nor sends any more.
    const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true }, () => socket.write(`${OVERSIZED_HEAD}Content-Length: 100\r\n\r\n{"a":`));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => (received += data));
    await new Promise((resolve) => socket.once('end', resolve));
    const openConnections = () => new Promise<number>((resolve, reject) => server!.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    const deadline = Date.now() + DEADLINE_MS;
    while ((await openConnections()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const stillOpen = await openConnections();
    socket.destroy();

    expect(firstAnswer(received)).toMatchObject({ status: 431, headers: { connection: 'close' } });
    expect(stillOpen).toBe(0);
  });

  it('When a client stops sending in the middle of a refused body, then it gets the 413 and the connection is cut after the time bound', async () => {
    const app = await startRefusingApp({ maxBytes: 64 * 1024 ** 2, maxMs: 200 });
    const { hostname, port } = new URL(app.url);

    const exchange = await new Promise<Exchange>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`POST /api/example/records HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 ** 2}\r\n\r\n{"a":`);
      });
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (data: string) => (received += data));
      socket.on('error', reject);
      const deadline = setTimeout(() => {
        socket.destroy();
        reject(new Error(`The server never cut the connection; received: ${received.slice(0, 200)}`));
      }, DEADLINE_MS);
      socket.on('close', () => {
        clearTimeout(deadline);
        resolve({ received });
      });
    });

    const answer = firstAnswer(exchange.received);
    expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request body too large' });
  });
});

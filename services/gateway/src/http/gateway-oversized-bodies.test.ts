import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

/**
 * A client that writes its whole request before it reads the answer, through the gateway (BODY_LIMIT
 * 1 MB by default): it must read the gateway's answer, not a connection reset, and nothing it sent
 * behind the refused body may be served. The bodies are of 6 MB rather than the 1.4 MB of issue 35:
 * more than the kernel buffers between two local sockets, so that a gateway that closed without
 * reading them resets this client every time, not only under load.
 */

const HOST = 'Host: localhost:8080';
const OVERSIZED_BYTES = 6 * 1024 * 1024;
const DEADLINE_MS = 15_000;

interface RecordingService {
  url: string;
  /** "METHOD /path" of every request the service read to its end. */
  arrived: string[];
  close(): Promise<void>;
}

async function startRecordingService(): Promise<RecordingService> {
  const arrived: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Exchange {
  received: string;
  /** The socket error the client got, if any (ECONNRESET, EPIPE). */
  errorCode?: string;
}

/**
 * Writes every part without reading (the socket is paused), and once the last write has been handed
 * to the kernel reads until the gateway closes the connection; one that does not close by the
 * deadline fails the exchange.
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
      reject(new Error(`The gateway did not close the connection; received: ${received.slice(0, 200)}`));
    }, DEADLINE_MS);
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve({ received, errorCode });
    });
  });
}

/** The first answer: its status, lower-cased headers and Content-Length body. */
function firstAnswer(received: string): { status: number; headers: Record<string, string>; body: string } {
  const headEnd = received.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = received.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: received.slice(headEnd + 4, headEnd + 4 + Number(headers['content-length'] ?? 0)) };
}

function statusLines(received: string): string[] {
  return received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
}

/** A body that reads, byte for byte, as a string of requests, should anything take it for them. */
function requestsAsBody(bytes: number): Buffer {
  const request = `POST /api/offers/smuggled/accept HTTP/1.1\r\n${HOST}\r\nContent-Length: 0\r\n\r\n`;
  return Buffer.from(request.repeat(Math.ceil(bytes / request.length)).slice(0, bytes), 'latin1');
}

function chunked(body: Buffer): Buffer[] {
  return [Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')];
}

let recorder: RecordingService;
let gateway: GatewayUnderTest;

beforeAll(async () => {
  recorder = await startRecordingService();
  gateway = await startGateway({ AUTH_SERVICE_URL: recorder.url, DEALER_SERVICE_URL: recorder.url, VEHICLE_SERVICE_URL: recorder.url });
});

afterAll(async () => {
  await gateway?.stop();
  await recorder?.close();
});

beforeEach(() => {
  recorder.arrived.length = 0;
});

describe('gateway: bodies over the limit, sent whole before the answer is read', () => {
  it('When a 6 MB body is declared by its length on a 1 MB route, then the client reads the whole 413 with its message, without a reset, and the connection closes', async () => {
    const body = Buffer.alloc(OVERSIZED_BYTES, 'a');

    const exchange = await sendWholeThenRead(gateway.url, [`POST /api/auth/dealer/login HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`, body]);

    expect(exchange.errorCode).toBeUndefined();
    const answer = firstAnswer(exchange.received);
    expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request body too large' });
    expect(recorder.arrived).toEqual([]);
  });

  it('When a chunked 6 MB body goes over the limit on its way to the service, then the client reads the whole 413 with its message, without a reset', async () => {
    const exchange = await sendWholeThenRead(gateway.url, [
      `POST /api/vehicles/some-car/offers HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      ...chunked(Buffer.alloc(OVERSIZED_BYTES, 'a')),
    ]);

    expect(exchange.errorCode).toBeUndefined();
    const answer = firstAnswer(exchange.received);
    expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request body too large' });
    expect(recorder.arrived).toEqual([]);
  });

  it('When the refused body holds requests and a keep-alive client sends its next request behind it, then no service gets any of them and only the 413 comes back', async () => {
    const body = requestsAsBody(OVERSIZED_BYTES);
    const next = `GET /api/seller/vehicles HTTP/1.1\r\n${HOST}\r\n\r\n`;

    const exchange = await sendWholeThenRead(gateway.url, [`POST /api/auth/logout HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`, body, next]);
    const victim = await fetch(`${gateway.url}/api/vehicles/makes`);
    await victim.text();

    expect(statusLines(exchange.received)).toEqual(['HTTP/1.1 413']);
    expect(recorder.arrived).toEqual(['GET /api/vehicles/makes']);
  });

  it('When a GET carries a 6 MB body sent whole, then the client reads the 400 without a reset', async () => {
    const body = Buffer.alloc(OVERSIZED_BYTES, 'a');

    const exchange = await sendWholeThenRead(gateway.url, [`GET /api/vehicles/some-car HTTP/1.1\r\n${HOST}\r\nContent-Length: ${body.length}\r\n\r\n`, body]);

    expect(exchange.errorCode).toBeUndefined();
    expect(firstAnswer(exchange.received)).toMatchObject({ status: 400, headers: { connection: 'close' } });
    expect(recorder.arrived).toEqual([]);
  });
});

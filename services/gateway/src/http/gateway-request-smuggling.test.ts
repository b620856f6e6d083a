import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createLogger, createService, IDENTITY_HEADER, readSignedIdentity, SIGNATURE_HEADER, signIdentity, type RunningService } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

/**
 * Raw bytes sent to the gateway itself (no HTTP client, which would frame them correctly, and no
 * load balancer, which would re-frame them), and what a recording service behind it actually
 * parsed: a request the gateway did not mean to send shows up there, whoever got which answer.
 */

interface ParsedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface RecordingService {
  url: string;
  parsed: ParsedRequest[];
  close(): Promise<void>;
}

/** Node's own HTTP parser, as every service uses it, recording each request it reads. */
async function startRecordingService(): Promise<RecordingService> {
  const parsed: ParsedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      parsed.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    parsed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `bytes` on a new connection and reads until the gateway closes it. */
function sendRaw(gatewayUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(gatewayUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`No close after: ${received}`)));
  });
}

function statusLines(received: string): string[] {
  return received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
}

const HOST = 'Host: localhost:8080';

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
  recorder.parsed.length = 0;
});

/** A victim's ordinary request after the attack, over the gateway's pooled connection to the service. */
async function victimReadsOwnVehicles(): Promise<void> {
  const response = await fetch(`${gateway.url}/api/seller/vehicles`);
  await response.text();
}

describe('gateway: request framing between the client and the services', () => {
  it('When a GET carries a chunked body holding the start of another request, then it gets 400 and the service parses only the next real request', async () => {
    const smuggled = 'POST /api/offers/attacker-offer/accept HTTP/1.1\r\nX-Ignore: ';
    const raw = `GET /api/vehicles/some-car HTTP/1.1\r\n${HOST}\r\nTransfer-Encoding: chunked\r\n\r\n${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;

    const received = await sendRaw(gateway.url, raw);
    await victimReadsOwnVehicles();

    expect(statusLines(received)).toEqual(['HTTP/1.1 400']);
    expect(recorder.parsed.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /api/seller/vehicles']);
  });

  it('When a GET, HEAD, DELETE or OPTIONS declares a body by its length, then it gets 400 and reaches no service', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'OPTIONS']) {
      const body = 'GET /api/vehicles/all HTTP/1.1\r\n\r\n';
      const received = await sendRaw(gateway.url, `${method} /api/vehicles/some-car HTTP/1.1\r\n${HOST}\r\nContent-Length: ${body.length}\r\n\r\n${body}`);

      expect(statusLines(received), method).toEqual(['HTTP/1.1 400']);
    }
    expect(recorder.parsed).toEqual([]);
  });

  it('When a request has both Content-Length and Transfer-Encoding, then it gets 400 and reaches no service', async () => {
    const raw = `POST /api/vehicles/some-car/offers HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api/vehicles/all HTTP/1.1\r\n${HOST}\r\n\r\n`;

    const received = await sendRaw(gateway.url, raw);
    await victimReadsOwnVehicles();

    expect(statusLines(received)).toEqual(['HTTP/1.1 400']);
    expect(recorder.parsed.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /api/seller/vehicles']);
  });

  it('When a POST body is chunked and holds a whole request, then the service gets it as that POST’s body, framed, and no second request', async () => {
    const inner = `GET /api/vehicles/all HTTP/1.1\r\n${HOST}\r\n\r\n`;
    const raw = `POST /api/offers/some-offer/accept HTTP/1.1\r\n${HOST}\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${inner.length.toString(16)}\r\n${inner}\r\n0\r\n\r\n`;

    const received = await sendRaw(gateway.url, raw);
    await victimReadsOwnVehicles();

    expect(statusLines(received)).toEqual(['HTTP/1.1 200']);
    expect(recorder.parsed.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/offers/some-offer/accept', body: inner },
      { method: 'GET', url: '/api/seller/vehicles', body: '' },
    ]);
    expect(recorder.parsed[0]?.headers['transfer-encoding']).toBe('chunked');
  });

  it('When a POST body is sent by its length and holds a request, then the service gets exactly that POST', async () => {
    const inner = `DELETE /api/dealers/some-dealer HTTP/1.1\r\n${HOST}\r\n\r\n`;
    const raw = `POST /api/auth/logout HTTP/1.1\r\n${HOST}\r\nContent-Type: text/plain\r\nContent-Length: ${inner.length}\r\nConnection: close\r\n\r\n${inner}`;

    await sendRaw(gateway.url, raw);
    await victimReadsOwnVehicles();

    expect(recorder.parsed.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/auth/logout', body: inner },
      { method: 'GET', url: '/api/seller/vehicles', body: '' },
    ]);
  });

  it('When requests arrive pipelined on one connection, then the service parses each of them once, in order, and nothing else', async () => {
    const json = '{"amount":12500}';
    const raw =
      `GET /api/vehicles/makes HTTP/1.1\r\n${HOST}\r\n\r\n` +
      `POST /api/vehicles/some-car/offers HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}` +
      `GET /api/vehicles/some-car HTTP/1.1\r\n${HOST}\r\nConnection: close\r\n\r\n`;

    const received = await sendRaw(gateway.url, raw);

    expect(statusLines(received)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(recorder.parsed.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'GET', url: '/api/vehicles/makes', body: '' },
      { method: 'POST', url: '/api/vehicles/some-car/offers', body: json },
      { method: 'GET', url: '/api/vehicles/some-car', body: '' },
    ]);
  });

  it('When the gateway signs a caller for a request, then the signature holds for that method and path with its query, and no other', async () => {
    await fetch(`${gateway.url}/api/vehicles/models?make=honda`);
    const [received] = recorder.parsed;
    const read = (method: string, target: string) =>
      readSignedIdentity(String(received?.headers[IDENTITY_HEADER]), String(received?.headers[SIGNATURE_HEADER]), TEST_IDENTITY_SECRET, { method, target });

    expect(read('GET', '/api/vehicles/models?make=honda')).toMatchObject({ ok: true, identity: { role: 'anonymous' } });
    expect(read('GET', '/api/vehicles/models?make=toyota')).toEqual({ ok: false, reason: 'identity signed for another request' });
  });

  it('When a query is long, then the identity signed for it stays small', async () => {
    await fetch(`${gateway.url}/api/vehicles?q=${'a'.repeat(8_000)}`);

    expect(String(recorder.parsed[0]?.headers[IDENTITY_HEADER]).length).toBeLessThan(1_000);
  });
});

describe('a service behind the gateway', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await createService({
      name: 'signed',
      config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
      logger: createLogger({ name: 'signed', level: 'silent' }),
      routes(router) {
        router.all('/api/*path', (_req, res) => res.json({ ok: true }));
      },
    }).start();
  });

  afterAll(async () => {
    await service?.stop();
  });

  /** Identity headers signed for one request, sent with another. */
  async function signedForAnother(signedFor: { method: string; path: string }, sentAs: { method: string; path: string }): Promise<number> {
    const headers = signIdentity({ role: 'seller', email: 'seller@example.com', requestId: 'r1' }, { method: signedFor.method, target: signedFor.path }, TEST_IDENTITY_SECRET);
    const response = await fetch(`${service.url}${sentAs.path}`, { method: sentAs.method, headers });
    return response.status;
  }

  it('When it gets an identity signed for this method and path, then it serves the request', async () => {
    expect(await signedForAnother({ method: 'GET', path: '/api/seller/vehicles' }, { method: 'GET', path: '/api/seller/vehicles' })).toBe(200);
  });

  it('When it gets an identity signed for another path, another query or another method, then it refuses it with 401', async () => {
    expect(await signedForAnother({ method: 'GET', path: '/api/seller/vehicles' }, { method: 'GET', path: '/api/vehicles/all' })).toBe(401);
    expect(await signedForAnother({ method: 'GET', path: '/api/vehicles?make=honda' }, { method: 'GET', path: '/api/vehicles?make=toyota' })).toBe(401);
    expect(await signedForAnother({ method: 'GET', path: '/api/seller/vehicles' }, { method: 'POST', path: '/api/seller/vehicles' })).toBe(401);
  });
});

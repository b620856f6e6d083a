// Malformed input anywhere a caller can put it (paths, query strings, headers, cookies, JSON bodies,
// data URLs) answers a clear 4xx through the whole product, never a 5xx, and the product stays up.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, vehicleSubmission } from '../support/api';
import { freshClientAddress, hostileClient, sendWholeThenRead, type Client, type RawReply, type Reply } from '../support/hostile-client';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let call: Client;
let admin: string;
const startedAt = Date.now();

beforeAll(async () => {
  stack = await startStack();
  call = hostileClient(stack.baseUrl);
  const login = await call({ method: 'POST', path: '/api/auth/admin/login', body: stack.admin });
  admin = login.session!;
});

afterAll(async () => {
  await stack?.stop();
  console.log(`hostile input: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
});

/** A 4xx with the API's JSON error body `{message}`. */
function expectClearRefusal(reply: Reply): void {
  expect(reply.status, reply.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
  expect(reply.status, reply.text.slice(0, 200)).toBeLessThan(500);
  expect(reply.json).toMatchObject({ message: expect.any(String) });
}

/** Writes the bytes of a request on a socket as given and answers the status line's code. */
function rawHttp(request: string): Promise<number> {
  // A gateway itself: a load balancer in front (a scaled stack) would re-frame the bytes.
  const { hostname, port } = new URL(stack.gatewayUrls[0]!);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    const statusRead = () => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
    // A reset (ECONNRESET, EPIPE) is a failure too: the client may lose the answer with it.
    socket.on('error', reject);
    socket.on('close', () => resolve(statusRead()));
  });
}

const badEncodings = ['%E0%A4%A', '%', '%ZZ', '%C0%AF', '%ED%A0%80', '%FF%FE'];

describe('Malformed percent-encoding in a path', () => {
  const apiPaths = (bad: string) => [
    `/api/vehicles/${bad}`,
    `/api/dealers/${bad}`,
    `/api/dealers/${bad}/approve`,
    `/api/vehicles/${bad}/photos/0`,
    `/api/vehicles/${bad}/photos/${bad}/thumbnail`,
    `/api/vehicles/${bad}/offers`,
    `/api/vehicles/${bad}/access-log`,
    `/api/offers/${bad}/accept`,
    `/api/auth/${bad}`,
    `/api/${bad}`,
  ];

  it.each(badEncodings)('When an admin asks for any API route with %s in it, then every answer is a JSON 4xx', async (bad) => {
    for (const path of apiPaths(bad)) {
      const method = path.endsWith('/accept') ? 'POST' : path.endsWith('/approve') ? 'PATCH' : 'GET';
      expectClearRefusal(await call({ method, path, session: admin }));
    }
  });

  it('When the vehicle and dealer services get a malformed id, then they answer 400 (the issue\'s two examples)', async () => {
    expect(await call({ path: '/api/vehicles/%E0%A4%A', session: admin })).toMatchObject({ status: 400, json: { message: 'Malformed percent-encoding in the URL' } });
    expect(await call({ method: 'PATCH', path: '/api/dealers/%E0%A4%A/approve', session: admin })).toMatchObject({ status: 400, json: { message: 'Malformed percent-encoding in the URL' } });
  });

  it.each(['/%E0%A4%A', '/dealer/%E0%A4%A', '/remotes/%E0%A4%A/x.js', '/admin/queues/%E0%A4%A', '/config/%E0%A4%A'])('When a page or file path is %s, then the answer is not a 5xx', async (path) => {
    const reply = await call({ path, session: admin });

    expect(reply.status).toBeLessThan(500);
  });
});

describe('Malformed query strings', () => {
  const queries = [
    '/api/vehicles?limit=abc',
    '/api/vehicles?limit=-1',
    '/api/vehicles?limit=1e309',
    '/api/vehicles?limit=1&limit=2',
    '/api/vehicles?cursor=%E0%A4%A',
    '/api/vehicles?cursor=not-a-cursor',
    '/api/vehicles?zipPrefix[$ne]=1',
    '/api/vehicles?make[$gt]=&model[$regex]=.*',
    `/api/vehicles?q=${'a'.repeat(8_000)}`,
    '/api/vehicles?__proto__[admin]=1&constructor[prototype][x]=1',
    '/api/vehicles/all?status=__proto__',
    '/api/vehicles/all?status[]=new&status[]=pending',
    '/api/vehicles/all?limit=0',
    `/api/vehicles/all?q=${encodeURIComponent('(.*)+$'.repeat(50))}`,
    '/api/vehicles/decode?vin=%E0%A4%A',
    '/api/vehicles/decode?vin[]=1HGCV1F34JA000000',
    '/api/vehicles/models?make=%00',
    '/api/vehicles/trims?make=honda&model=%F0%9F%92%A9&year=99999',
    '/api/vehicles/mine?vehicleIds=' + 'x,'.repeat(500),
  ];

  const shortly = (path: string) => (path.length > 100 ? `${path.slice(0, 100)}…` : path);

  it.each(queries.map((path) => [shortly(path), path]))('When the query is %s, then the answer is 200 or a JSON 4xx', async (_name, path) => {
    const reply = await call({ path, session: admin });

    if (reply.status !== 200) expectClearRefusal(reply);
  });
});

describe('Malformed JSON bodies', () => {
  const writes: Array<[method: string, path: string]> = [
    ['POST', '/api/vehicles'],
    ['POST', '/api/auth/dealer/register'],
    ['POST', '/api/auth/dealer/login'],
    ['POST', '/api/auth/admin/login'],
    ['POST', '/api/auth/seller/request-otp'],
    ['POST', '/api/auth/seller/verify-otp'],
    ['POST', '/api/auth/dealer/forgot-password'],
    ['POST', '/api/auth/dealer/reset-password'],
  ];
  const bodies: Array<[label: string, body: string, contentType: string]> = [
    ['truncated JSON', '{"email":', 'application/json'],
    ['a bare string', '"admin@cardirect.local"', 'application/json'],
    ['an array', '[1,2,3]', 'application/json'],
    ['null', 'null', 'application/json'],
    ['deeply nested arrays', '['.repeat(5_000) + ']'.repeat(5_000), 'application/json'],
    ['a UTF-16 charset', '{}', 'application/json; charset=utf-16'],
    ['an unknown charset', '{}', 'application/json; charset=klingon'],
    ['form encoding', 'email=a%40b.c&password[$ne]=x', 'application/x-www-form-urlencoded'],
    ['lone surrogates', '{"email":"\\ud800@example.com","password":"\\udfff"}', 'application/json'],
    ['operators', '{"email":{"$ne":null},"password":{"$gt":""}}', 'application/json'],
    ['prototype keys', '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}', 'application/json'],
  ];

  it.each(bodies)('When every public write gets %s, then each answers a JSON 4xx', async (_label, rawBody, contentType) => {
    for (const [method, path] of writes) {
      const reply = await call({ method, path, rawBody, headers: { 'content-type': contentType } });
      expectClearRefusal(reply);
    }
  });

  it('When a write says gzip but is not, then it answers a JSON 4xx', async () => {
    expectClearRefusal(await call({ method: 'POST', path: '/api/auth/dealer/login', rawBody: 'not gzip', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }));
  });

  it('When an admin PATCHes a car with operators and prototype keys, then nothing but the schema\'s fields can change', async () => {
    const submitted = await call({ method: 'POST', path: '/api/vehicles', body: vehicleSubmission({ fullName: 'Hostile Body', contactEmail: uniqueEmail('hostile'), contactPhone: '(201) 555-0100', city: 'Hoboken', state: 'NJ' }, '07030') });
    const id = (submitted.json as { id: string }).id;

    const patched = await call({ method: 'PATCH', path: `/api/vehicles/${id}`, session: admin, rawBody: '{"status":{"$ne":"new"},"__proto__":{"status":"completed"}}', headers: { 'content-type': 'application/json' } });
    const read = await call({ path: `/api/vehicles/${id}`, session: admin });

    expectClearRefusal(patched);
    expect(read.json).toMatchObject({ status: 'new' });
  });
});

describe('Malformed data URLs', () => {
  it.each([
    ['a URL that is not data:', 'https://example.com/car.jpg'],
    ['an empty data URL', 'data:,'],
    ['a data URL without base64', 'data:image/jpeg,%FF%D8%FF'],
    ['a data URL with a broken base64', 'data:image/jpeg;base64,/9j/4AAQ===='],
    ['a data URL naming a type of 100 KB', `data:image/${'x'.repeat(100_000)};base64,AAAA`],
    ['an SVG data URL', `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`],
  ])('When the photo is %s, then the submission answers a JSON 4xx', async (_label, photo) => {
    const body = { ...vehicleSubmission({ fullName: 'Hostile Photo', contactEmail: uniqueEmail('hostile'), contactPhone: '(201) 555-0100', city: 'Hoboken', state: 'NJ' }, '07030'), photoUrls: [photo] };

    expectClearRefusal(await call({ method: 'POST', path: '/api/vehicles', body }));
  });
});

describe('Malformed cookies and headers', () => {
  const cookies = [
    'cd_session=%E0%A4%A',
    'cd_session=',
    'cd_session',
    `cd_session=${'a'.repeat(4_000)}`,
    'cd_session="quoted"; cd_session=second',
    'cd_session=../../etc/passwd',
    'cd_session=*',
    'cd_session=s%3Aforged.signature',
    '=; ;;; cd_session=;=',
  ];

  it.each(cookies)('When the cookie header is %s, then the caller is anonymous (401 JSON) and never a 5xx', async (cookie) => {
    const reply = await call({ path: '/api/auth/user', headers: { cookie } });

    expect(reply).toMatchObject({ status: 401, json: { message: expect.any(String) } });
  });

  it('When a client sends its own identity and signature headers claiming admin, then the gateway replaces them and the caller stays anonymous', async () => {
    const forged = Buffer.from(JSON.stringify({ role: 'admin', userId: 'x', email: 'admin@cardirect.local', issuedAt: Date.now() })).toString('base64');

    const reply = await call({ path: '/api/vehicles/all', headers: { 'x-cardirect-identity': forged, 'x-cardirect-signature': 'f'.repeat(64) } });

    expect(reply.status).toBe(401);
  });

  it.each([
    ['x-forwarded-for', 'not-an-address, 999.999.999.999, ::ffff:zz'],
    ['x-forwarded-for', Array.from({ length: 500 }, (_, index) => `10.0.${index % 250}.1`).join(', ')],
    ['x-request-id', '\u00ff'.repeat(300)],
    ['x-request-id', 'a'.repeat(8_000)],
    ['accept', '*/*;q=nope'],
    ['accept-encoding', 'gzip;q=2, br;q=-1, zstd'],
    ['if-none-match', '"'.repeat(1_000)],
    ['range', 'bytes=999999999-0'],
    ['content-type', 'application/json; boundary=' + 'x'.repeat(2_000)],
  ])('When the header %s is odd, then a read answers without a 5xx', async (name, value) => {
    const reply = await call({ path: '/api/vehicles/makes', headers: { [name]: value } });

    expect(reply.status).toBeLessThan(500);
  });

  it.each([
    ['an Origin of null', { origin: 'null' }],
    ['another site\'s Origin', { origin: 'https://evil.example' }],
    ['only a Referer of another site', { referer: 'https://evil.example/page' }],
  ])('When a write comes with %s, then it is refused as cross-site (403)', async (_label, headers) => {
    const reply = await call({ method: 'POST', path: '/api/auth/admin/login', body: stack.admin, headers, sameOrigin: false });

    expect(reply).toMatchObject({ status: 403, json: { message: 'Cross-site request refused' } });
    expect(reply.session).toBeUndefined();
  });

  it.each([
    ['a header line without a colon', 'GET /api/vehicles/makes HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /api/auth/dealer/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'],
    ['two different Content-Lengths', 'POST /api/auth/dealer/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['a broken chunked body', 'POST /api/auth/dealer/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n'],
    ['64 KB of headers', `GET /api/vehicles/makes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`],
    ['a request line of garbage', '\u0000\u0001\u0002 / HTTP/9.9\r\n\r\n'],
    ['a body shorter than its Content-Length', 'POST /api/auth/dealer/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"email":'],
  ])('When the request has %s, then the answer is a 4xx (or the connection is closed), never a 5xx', async (_label, request) => {
    const status = await rawHttp(request);

    expect(status === 0 || (status >= 400 && status < 500), `status ${status}`).toBe(true);
  });
});

describe('Bodies over the limit, sent whole before the answer is read', () => {
  // The 1 MB routes of each service: the gateway refuses the body (BODY_LIMIT) before any service.
  const writes: Array<[method: string, path: string]> = [
    ['POST', '/api/auth/dealer/login'],
    ['POST', '/api/auth/seller/request-otp'],
    ['POST', '/api/dealers/some-dealer/suspend'],
    ['PATCH', '/api/dealers/some-dealer/approve'],
    ['POST', '/api/vehicles/some-car/offers'],
    ['POST', '/api/offers/some-offer/accept'],
    ['POST', '/api/deals/some-deal/slots'],
  ];
  const BARRAGE = 240;
  const AT_ONCE = 8;
  const OVERSIZED_BYTES = 1_400_000;

  it(`When ${BARRAGE} bodies of 1.4 MB (by length or chunked) are each written whole before reading, then every client reads a JSON 413 and none is reset`, async () => {
    const [gatewayUrl] = stack.gatewayUrls;
    const clientAddress = freshClientAddress();
    const body = Buffer.alloc(OVERSIZED_BYTES, 'a');
    const chunkedBody = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    const send = (index: number): Promise<RawReply> => {
      const [method, path] = writes[index % writes.length];
      const framing = index % 2 === 0 ? `Content-Length: ${body.length}` : 'Transfer-Encoding: chunked';
      const head = `${method} ${path} HTTP/1.1\r\nHost: ${new URL(gatewayUrl).host}\r\nX-Forwarded-For: ${clientAddress}\r\nContent-Type: application/json\r\n${framing}`;
      return sendWholeThenRead(gatewayUrl, head, index % 2 === 0 ? body : chunkedBody);
    };

    const replies: RawReply[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let index = next++; index < BARRAGE; index = next++) replies.push(await send(index));
      }),
    );

    const resets = replies.filter((reply) => reply.errorCode !== undefined);
    console.log(`oversized barrage: ${replies.length} requests, ${resets.length} reset (${resets.map((reply) => reply.errorCode).join(', ')})`);
    expect(resets).toEqual([]);
    for (const reply of replies) expect(reply).toMatchObject({ status: 413, headers: { connection: 'close' }, json: { message: 'Request body too large' } });
  });
});

describe('After all of the above', () => {
  it('When the hostile requests are done, then every member is ready and a car can still be submitted', async () => {
    const ready = await call({ path: '/readyz' });
    const submitted = await call({ method: 'POST', path: '/api/vehicles', body: vehicleSubmission({ fullName: 'After Hostile', contactEmail: uniqueEmail('after'), contactPhone: '(201) 555-0100', city: 'Hoboken', state: 'NJ' }, '07030') });

    expect(ready.status).toBe(200);
    expect(submitted.status).toBe(201);
  });
});

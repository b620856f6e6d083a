// One HTTP call through the gateway exactly as the test writes it: any method, path, headers,
// raw or JSON body, a session cookie and the client address the gateway should count it under.
import net from 'node:net';
import { SESSION_COOKIE } from '@cardirect/contracts';

export interface Call {
  method?: string;
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with the content type given in headers, if any). */
  rawBody?: string;
  /** The session id sent as the cd_session cookie. */
  session?: string;
  headers?: Record<string, string>;
  /** X-Forwarded-For, so that rate limits per client address count this caller apart. */
  clientAddress?: string;
  /** Same-origin writes by default, as the browser sends them; false sends no Origin. */
  sameOrigin?: boolean;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the answer is not JSON. */
  json: unknown;
  /** The cd_session value a Set-Cookie gave, if any. */
  session?: string;
}

export type Client = (call: Call) => Promise<Reply>;

export function hostileClient(baseUrl: string): Client {
  return async (call) => {
    const method = call.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (method !== 'GET' && method !== 'HEAD' && call.sameOrigin !== false) headers.origin = baseUrl;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.session) headers.cookie = `${SESSION_COOKIE}=${call.session}`;
    if (call.clientAddress) headers['x-forwarded-for'] = call.clientAddress;
    Object.assign(headers, call.headers);
    const body = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    const response = await fetch(`${baseUrl}${call.path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let json: unknown;
    if (response.headers.get('content-type')?.includes('json') && text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const session = response.headers
      .getSetCookie()
      .map((line) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(line)?.[1])
      .find(Boolean);
    return { status: response.status, headers: response.headers, text, json, session };
  };
}

let addressCounter = 0;

/** A client address of its own (198.18.0.0/15, the benchmarking range), for X-Forwarded-For. */
export function freshClientAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** What a client that sent its whole request before reading got back (see sendWholeThenRead). */
export interface RawReply {
  /** The answer's status, 0 when none arrived. */
  status: number;
  headers: Record<string, string>;
  /** The answer's body parsed as JSON, or undefined. */
  json: unknown;
  /** The socket error the client got (ECONNRESET, EPIPE), if the connection did not close cleanly. */
  errorCode?: string;
}

/**
 * Speaks raw HTTP as a client with a buffered body does: writes the head and the whole body
 * without reading anything (the socket is paused, nothing is taken from the kernel), then reads the
 * answer until the server closes the connection. `head` is the request line and headers, without
 * the blank line that ends them.
 */
export function sendWholeThenRead(baseUrl: string, head: string, body: Buffer, options: { deadlineMs?: number } = {}): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    let errorCode: string | undefined;
    socket.pause();
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      socket.write(body, () => socket.resume());
    });
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', (error: NodeJS.ErrnoException) => (errorCode = error.code));
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No close within ${options.deadlineMs ?? 30_000} ms after: ${Buffer.concat(received).toString('latin1').slice(0, 200)}`));
    }, options.deadlineMs ?? 30_000);
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve({ ...parseFirstAnswer(Buffer.concat(received).toString('latin1')), errorCode });
    });
  });
}

/** The first answer in raw bytes: status, lower-cased headers and its Content-Length body as JSON. */
function parseFirstAnswer(text: string): Omit<RawReply, 'errorCode'> {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return { status: 0, headers: {}, json: undefined };
  const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const body = text.slice(headEnd + 4, headEnd + 4 + Number(headers['content-length'] ?? 0));
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, json };
}

// One HTTP call through the gateway exactly as the test writes it: any method, path, headers,
// raw or JSON body, a session cookie and the client address the gateway should count it under.
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

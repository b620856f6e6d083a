import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { AppError } from '../errors/app-error';
import { signIdentity } from '../identity/identity';
import { createInstanceRotation, watchConnection } from './member-instances';
import { REQUEST_ID_HEADER } from './request-id';

export interface InternalRequestOptions {
  body?: unknown;
  /** The request id of the call being served, so one id follows the work across services. */
  requestId?: string;
  query?: Record<string, string | number | undefined>;
}

export interface InternalClient {
  get<T>(path: string, options?: InternalRequestOptions): Promise<T>;
  post<T>(path: string, options?: InternalRequestOptions): Promise<T>;
  put<T>(path: string, options?: InternalRequestOptions): Promise<T>;
  patch<T>(path: string, options?: InternalRequestOptions): Promise<T>;
  delete<T>(path: string, options?: InternalRequestOptions): Promise<T>;
}

/** How long an instance has to take the connection before the call goes to the next instance. */
const CONNECT_TIMEOUT_MS = 1_000;

interface Instance {
  url: URL;
  agent: HttpAgent;
  send(url: URL, options: RequestOptions): ClientRequest;
}

/** Each instance keeps its own connections alive between calls. */
function instanceAt(baseUrl: string): Instance {
  const url = new URL(baseUrl);
  return url.protocol === 'https:'
    ? { url, agent: new HttpsAgent({ keepAlive: true }), send: httpsRequest }
    : { url, agent: new HttpAgent({ keepAlive: true }), send: httpRequest };
}

/** Nothing of the call reached the instance: it refused the connection or did not take it in time. */
class InstanceUnreachable extends Error {}

/**
 * The instance closed the kept-alive connection the call went out on, before any of the answer:
 * most likely it closed the connection as idle just as the call was sent, so it never read the call.
 */
class KeptAliveConnectionClosed extends Error {}

/** A call with these methods may be sent twice: doing it twice comes to the same as doing it once. */
const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);

interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** `newConnection` keeps the call off the instance's kept-alive connections, which may all be as stale as the one that failed. */
function exchangeWith(
  instance: Instance,
  exchange: Exchange,
  options: { connectTimeoutMs: number; signal: AbortSignal; newConnection?: boolean },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const agent = options.newConnection ? false : instance.agent;
    const attempt = instance.send(exchange.url, { method: exchange.method, headers: exchange.headers, agent, signal: options.signal });
    const connection = watchConnection(attempt, options.connectTimeoutMs);
    let answering = false;
    attempt.on('response', (response) => {
      answering = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    attempt.on('error', (error: NodeJS.ErrnoException) => {
      if (!connection.reached()) reject(new InstanceUnreachable(error.message));
      else if (attempt.reusedSocket && !answering && error.code === 'ECONNRESET') reject(new KeptAliveConnectionClosed(error.message));
      else reject(error);
    });
    attempt.end(exchange.body);
  });
}

function buildUrl(baseUrl: URL, path: string, query: InternalRequestOptions['query']): URL {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A client for another service's internal API, calling as role 'service'. `baseUrl` is the
 * service's URL, or its instances' URLs (see urlListSchema): calls go to them in turn, and a call
 * that reaches no instance (refused, or no connection within connectTimeoutMs) goes to the next
 * one, since nothing of it was sent; one that reached an instance is not sent again, as it may
 * have been carried out there. The exception: a GET, PUT or DELETE whose kept-alive connection the
 * instance reset before any answer goes to it once more on a new connection, since the instance
 * most likely closed that connection as idle just as the call went out (Node's server does so
 * after 5 s), and doing such a call twice comes to the same as once. timeoutMs covers both tries.
 * A failed answer becomes an AppError with the callee's status and message; a call that reached
 * no instance, failed on the way or took longer than timeoutMs in all becomes 503.
 */
export function createInternalClient(options: {
  baseUrl: string | readonly string[];
  secret: string;
  timeoutMs?: number;
  connectTimeoutMs?: number;
}): InternalClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const instances = createInstanceRotation((typeof options.baseUrl === 'string' ? [options.baseUrl] : options.baseUrl).map(instanceAt));

  async function call<T>(method: string, path: string, request: InternalRequestOptions = {}): Promise<T> {
    const requestId = request.requestId ?? randomUUID();
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const signal = AbortSignal.timeout(timeoutMs);
    let answer: { status: number; text: string } | undefined;
    for (const instance of instances.inTurn()) {
      const url = buildUrl(instance.url, path, request.query);
      const headers: Record<string, string> = {
        accept: 'application/json',
        [REQUEST_ID_HEADER]: requestId,
        ...signIdentity({ role: 'service', requestId }, { method, target: url.pathname + url.search }, options.secret),
      };
      if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
      const exchange = { method, url, headers, body };
      try {
        answer = await exchangeWith(instance, exchange, { connectTimeoutMs, signal }).catch((error: unknown) => {
          if (!(error instanceof KeptAliveConnectionClosed) || !IDEMPOTENT_METHODS.has(method) || signal.aborted) throw error;
          return exchangeWith(instance, exchange, { connectTimeoutMs, signal, newConnection: true });
        });
        break;
      } catch (error) {
        if (!(error instanceof InstanceUnreachable) || signal.aborted) throw new AppError(503, 'Service unavailable');
        instances.markUnreachable(instance);
      }
    }
    if (!answer) throw new AppError(503, 'Service unavailable');
    const parsed = parseBody(answer.text);
    if (answer.status < 200 || answer.status > 299) {
      const message =
        typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string'
          ? (parsed as { message: string }).message
          : `${method} ${path} failed with status ${answer.status}`;
      const errors = typeof parsed === 'object' && parsed !== null ? (parsed as { errors?: Record<string, string> }).errors : undefined;
      throw new AppError(answer.status, message, errors);
    }
    return parsed as T;
  }

  return {
    get: (path, request) => call('GET', path, request),
    post: (path, request) => call('POST', path, request),
    put: (path, request) => call('PUT', path, request),
    patch: (path, request) => call('PATCH', path, request),
    delete: (path, request) => call('DELETE', path, request),
  };
}

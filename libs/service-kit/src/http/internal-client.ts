import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error';
import { signIdentity } from '../identity/identity';
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

function buildUrl(baseUrl: string, path: string, query: InternalRequestOptions['query']): string {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A client for another service's internal API, calling as role 'service'. A failed answer becomes
 * an AppError with the callee's status and message; a timeout or refused connection becomes 503.
 */
export function createInternalClient(options: { baseUrl: string; secret: string; timeoutMs?: number }): InternalClient {
  const timeoutMs = options.timeoutMs ?? 5_000;

  async function call<T>(method: string, path: string, request: InternalRequestOptions = {}): Promise<T> {
    const requestId = request.requestId ?? randomUUID();
    const url = new URL(buildUrl(options.baseUrl, path, request.query));
    const headers: Record<string, string> = {
      accept: 'application/json',
      [REQUEST_ID_HEADER]: requestId,
      ...signIdentity({ role: 'service', requestId }, { method, target: url.pathname + url.search }, options.secret),
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new AppError(503, 'Service unavailable');
    }
    const body = await readBody(response);
    if (!response.ok) {
      const message =
        typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : `${method} ${path} failed with status ${response.status}`;
      const errors = typeof body === 'object' && body !== null ? (body as { errors?: Record<string, string> }).errors : undefined;
      throw new AppError(response.status, message, errors);
    }
    return body as T;
  }

  return {
    get: (path, request) => call('GET', path, request),
    post: (path, request) => call('POST', path, request),
    put: (path, request) => call('PUT', path, request),
    patch: (path, request) => call('PATCH', path, request),
    delete: (path, request) => call('DELETE', path, request),
  };
}

import { NEXT_CURSOR_HEADER } from '@cardirect/contracts';
import { apiErrorOf } from './api-error';
import { takeEarlyRequest } from './early';

/** One page of a list call and the cursor of the next one (none on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

async function send(method: string, url: string, body?: unknown): Promise<Response> {
  // A GET the shell started while this screen's code was loading (early.ts) is not asked twice.
  const early = method === 'GET' ? takeEarlyRequest(url) : undefined;
  const response = await (early ?? fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
  if (!response.ok) throw apiErrorOf(response.status, response.statusText, await response.text());
  return response;
}

// Some answers (204, or a POST whose body the spec does not show) carry no JSON.
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await readJson(await send(method, url, body))) as T;
}

/**
 * The one way screens talk to the API: session cookies are always sent, bodies are JSON, and a
 * non-OK answer throws an ApiError whose message is `'{status}: {response body or status text}'`.
 */
export const api = {
  get: <T = unknown>(url: string) => request<T>('GET', url),
  post: <T = unknown>(url: string, body?: unknown) => request<T>('POST', url, body),
  patch: <T = unknown>(url: string, body?: unknown) => request<T>('PATCH', url, body),
  delete: <T = unknown>(url: string) => request<T>('DELETE', url),
  /** A paged list: the answer's array and the `X-Next-Cursor` header. */
  getPage: async <T>(url: string): Promise<Page<T>> => {
    const response = await send('GET', url);
    return { items: (await readJson(response)) as T[], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
  },
};

import { vi } from 'vitest';

/** What a stubbed route answers: a JSON body (200), a full Response, or a function giving either. */
type StubAnswer = unknown | Response | ((request: StubRequest) => unknown | Response | Promise<unknown | Response>);

export interface StubRequest {
  url: URL;
  body: unknown;
}

export interface ApiStub {
  /** Every request made, as "METHOD /path?query". */
  calls: string[];
  /** The last JSON body sent, by "METHOD /path". */
  bodies: Map<string, unknown>;
}

/**
 * Replaces fetch with answers by "METHOD /path" (the query is ignored when matching and kept in
 * `calls`); an unknown route answers 404 so a test never waits on a call it did not expect.
 */
export function stubApi(routes: Record<string, StubAnswer>): ApiStub {
  const stub: ApiStub = { calls: [], bodies: new Map() };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(input, 'http://localhost');
      stub.calls.push(`${method} ${url.pathname}${url.search}`);
      const key = `${method} ${url.pathname}`;
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (body !== undefined) stub.bodies.set(key, body);
      if (!(key in routes)) return new Response(JSON.stringify({ message: `No stub for ${key}` }), { status: 404 });
      const route = routes[key];
      const answer = typeof route === 'function' ? await (route as (request: StubRequest) => unknown)({ url, body }) : route;
      return answer instanceof Response ? answer.clone() : new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return stub;
}

/** A JSON answer with a status and headers (an error, or a page with X-Next-Cursor). */
export function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

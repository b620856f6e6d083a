import { vi } from 'vitest';

/** What a stubbed route answers: a JSON body (200), or a full Response. */
type StubAnswer = unknown | Response | (() => unknown | Response | Promise<unknown | Response>);

export interface ApiStub {
  /** Every request made, as "METHOD /path?query". */
  calls: string[];
  /** The JSON bodies sent, by "METHOD /path". */
  bodies: Map<string, unknown>;
}

/**
 * Replaces fetch with answers by "METHOD /path" (the query is ignored when matching, kept in
 * `calls`); an unknown route answers 404 so a test never hangs on a call it did not expect.
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
      if (init?.body) stub.bodies.set(key, JSON.parse(String(init.body)));
      if (!(key in routes)) return new Response(JSON.stringify({ message: `No stub for ${key}` }), { status: 404 });
      const route = routes[key];
      const answer = typeof route === 'function' ? await (route as () => unknown)() : route;
      return answer instanceof Response ? answer.clone() : new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return stub;
}

/** A vPIC list answer. */
export function vpic<Result>(results: Result[]) {
  return { Count: results.length, Message: 'Response returned successfully', SearchCriteria: null, Results: results };
}

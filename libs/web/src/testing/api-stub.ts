import { vi } from 'vitest';

/** A request as a stubbed route sees it. */
export interface StubRequest {
  url: URL;
  body: unknown;
}

/** What a stubbed route answers: a JSON body (200), a full Response, or a function of the request giving either. */
type StubAnswer = unknown | Response | ((request: StubRequest) => unknown | Response | Promise<unknown | Response>);

export interface ApiStub {
  /** Every request made, as "METHOD /path?query", in order. */
  calls: string[];
  /** The last JSON body sent to each route, by "METHOD /path". */
  bodies: Map<string, unknown>;
  /** Every JSON body sent, as ["METHOD /path", body], in order. */
  sent: Array<[string, unknown]>;
}

/**
 * Replaces fetch with answers by "METHOD /path" (the query is left out when matching and kept in
 * `calls`). A route without an answer gets 404, so a test never waits on a call it did not expect.
 */
export function stubApi(routes: Record<string, StubAnswer>): ApiStub {
  const stub: ApiStub = { calls: [], bodies: new Map(), sent: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(input, 'http://localhost');
      const route = `${method} ${url.pathname}`;
      stub.calls.push(`${route}${url.search}`);
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (body !== undefined) {
        stub.bodies.set(route, body);
        stub.sent.push([route, body]);
      }
      if (!(route in routes)) return jsonAnswer(404, { message: `No stub for ${route}` });
      const answerOrFunction = routes[route];
      const answer = typeof answerOrFunction === 'function' ? await (answerOrFunction as (request: StubRequest) => unknown)({ url, body }) : answerOrFunction;
      return answer instanceof Response ? answer.clone() : jsonAnswer(200, answer);
    }),
  );
  return stub;
}

/** A JSON answer with a status and headers: an error, or a page with X-Next-Cursor. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** An answer the test releases when it wants, to look at the screen while a call is under way. */
export function heldAnswer(): { answer: Promise<Response>; release(response: Response): void } {
  let release: (response: Response) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}

/** The catalogue's (NHTSA vPIC's) list answer around these results. */
export function vpic<Result>(results: Result[]) {
  return { Count: results.length, Message: 'Response returned successfully', SearchCriteria: null, Results: results };
}

// The HTTP side of the reliability bench: browser-like calls through the gateway over a keep-alive
// pool (node's http module: fetch spends several times the CPU per request, which the stack under
// test on the same cores would then miss), each recorded with its kind, status and latency.
import http from 'node:http';
import { round } from './bench-tools';

export interface CallRecord {
  kind: string;
  status: number;
  /** Milliseconds since the recorder started. */
  startedAt: number;
  latencyMs: number;
  /** A 5xx whose body was not JSON `{message}` (the API promises JSON errors). */
  nonJsonError?: boolean;
}

export interface Reply<Body = unknown> {
  /** 0 when the connection failed or timed out before an answer. */
  status: number;
  body: Body;
  sessionCookie?: string;
  headers: http.IncomingHttpHeaders;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  /** The client address the gateway counts rate limits by (it trusts X-Forwarded-For from loopback). */
  clientAddress?: string;
}

/** Every call of a run, in the order they ended; read by phase windows and kinds. */
export class CallRecorder {
  readonly records: CallRecord[] = [];
  private readonly origin = performance.now();

  now(): number {
    return performance.now() - this.origin;
  }

  add(record: CallRecord): void {
    this.records.push(record);
  }

  /** The wall-clock time (ISO) of a moment of the run, to set beside e-mails' Date headers. */
  wallClock(moment: number): string {
    return new Date(Date.now() - (this.now() - moment)).toISOString();
  }

  between(from: number, to: number): CallRecord[] {
    return this.records.filter((record) => record.startedAt >= from && record.startedAt < to);
  }
}

const REQUEST_TIMEOUT_MS = 40_000;

/** A client of the gateway at baseUrl; every call is recorded under its kind. */
export function createLoadClient(baseUrl: string, recorder: CallRecorder, maxSockets = 64) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });

  function call<Body = { message?: string }>(kind: string, path: string, options: CallOptions = {}): Promise<Reply<Body>> {
    const method = options.method ?? 'GET';
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {};
    if (method !== 'GET') headers.origin = baseUrl;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.cookie) headers.cookie = `cd_session=${options.cookie}`;
    if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
    const startedAt = recorder.now();
    return new Promise((resolve) => {
      const finish = (reply: Reply<Body>, nonJsonError = false) => {
        recorder.add({ kind, status: reply.status, startedAt, latencyMs: round(recorder.now() - startedAt), ...(nonJsonError ? { nonJsonError } : {}) });
        resolve(reply);
      };
      const request = http.request({ hostname: base.hostname, port: base.port, method, path, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => finish({ status: 0, body: undefined as Body, headers: {} }));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          let json = false;
          try {
            body = text ? JSON.parse(text) : undefined;
            json = typeof body === 'object' && body !== null;
          } catch {
            // not JSON: kept as text
          }
          const sessionCookie = [response.headers['set-cookie'] ?? []]
            .flat()
            .map((line) => /^cd_session=([^;]+)/.exec(line)?.[1])
            .find(Boolean);
          finish({ status, body: body as Body, sessionCookie, headers: response.headers }, status >= 500 && !json);
        });
      });
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => finish({ status: 0, body: undefined as Body, headers: {} }));
      request.end(payload);
    });
  }

  return { call, close: () => agent.destroy() };
}

export type LoadClient = ReturnType<typeof createLoadClient>;

import { randomUUID } from 'node:crypto';
import { signIdentity, type Identity } from '../identity/identity';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { startMailCatcher, type MailCatcher } from '../infra/mail-catcher';
import { stopInOrder } from './stop-in-order';
import type { RunningService } from '../service/create-service';
import { startTestMongo, uniqueDbName, type TestMongo } from './test-mongo';
import { startTestRedis, type TestRedis } from './test-redis';

/** The identity secret test services and signed test requests share. */
export const TEST_IDENTITY_SECRET = 'test-identity-secret-at-least-32-characters';

/** Who a test request claims to be; signed like the gateway would. */
export type TestCaller = Omit<Identity, 'requestId' | 'issuedAt' | 'method' | 'targetHash'>;

export interface TestRequestOptions {
  method?: string;
  /** Sent as JSON unless it is a string (sent as is). */
  body?: unknown;
  /** Defaults to an anonymous caller. */
  as?: TestCaller;
  /** false sends no identity at all, as a client reaching the service directly would. */
  signed?: boolean;
  headers?: Record<string, string>;
}

export interface TestResponse<Body = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: Body;
}

export interface ServiceUnderTest<Config> {
  url: string;
  config: Config;
  mongo?: TestMongo;
  redis?: TestRedis;
  mail?: MailCatcher;
  request<Body = unknown>(path: string, options?: TestRequestOptions): Promise<TestResponse<Body>>;
  stop(): Promise<void>;
}

export interface StartServiceForTestOptions<Config> {
  /** Names the test database (`test_<name>_<random>`). */
  name: string;
  loadConfig(env: Record<string, string | undefined>): Config;
  start(config: Config): Promise<RunningService>;
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /** Which real infrastructure to start; MongoDB and Redis by default, the mail catcher on request. */
  needs?: { mongo?: boolean; redis?: boolean; mail?: boolean };
}

/** Sends a request to `baseUrl + path`, signing the caller's identity as the gateway would. */
export async function requestAs<Body = unknown>(baseUrl: string, path: string, options: TestRequestOptions = {}, secret = TEST_IDENTITY_SECRET): Promise<TestResponse<Body>> {
  const requestId = randomUUID();
  const headers: Record<string, string> = { [REQUEST_ID_HEADER]: requestId, ...options.headers };
  const url = new URL(path, baseUrl);
  const method = options.method ?? 'GET';
  if (options.signed !== false) Object.assign(headers, signIdentity({ ...(options.as ?? { role: 'anonymous' }), requestId }, { method, target: url.pathname + url.search }, secret));
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') && text.length > 0;
  return { status: response.status, headers: response.headers, body: (isJson ? JSON.parse(text) : text) as Body };
}

/**
 * Starts a service in-process on a free port against real infrastructure (see startTestMongo,
 * startTestRedis, startMailCatcher) with its own database, and gives a request function that signs
 * identities like the gateway does.
 */
export async function startServiceForTest<Config>(options: StartServiceForTestOptions<Config>): Promise<ServiceUnderTest<Config>> {
  const needs = { mongo: true, redis: true, mail: false, ...options.needs };
  const [mongo, redis, mail] = await Promise.all([
    needs.mongo ? startTestMongo() : undefined,
    needs.redis ? startTestRedis() : undefined,
    needs.mail ? startMailCatcher() : undefined,
  ]);
  const env: Record<string, string | undefined> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    PUBLIC_URL: 'http://localhost:8080',
    MONGODB_URI: mongo?.uri,
    MONGODB_DB: uniqueDbName(options.name),
    REDIS_URL: redis?.url,
    SMTP_URL: mail?.smtpUrl,
    ...options.env,
  };
  const config = options.loadConfig(env);
  const running = await options.start(config);
  return {
    url: running.url,
    config,
    mongo,
    redis,
    mail,
    request: (path, requestOptions) => requestAs(running.url, path, requestOptions),
    async stop() {
      await stopInOrder(options.name, {
        'the service (its server, then what it opened)': () => running.stop(),
        'MongoDB, Redis and the mail catcher': () => Promise.all([mongo?.stop(), redis?.stop(), mail?.stop()]),
      });
    },
  };
}

import {
  createLogger,
  createService,
  findFreePort,
  getIdentity,
  type RunningService,
} from '@cardirect/service-kit';
import { startTestRedis, stopInOrder, TEST_IDENTITY_SECRET, type TestRedis } from '@cardirect/service-kit/testing';
import { loadGatewayConfig } from '../config';
import { start } from '../http/server';

export const PUBLIC_URL = 'http://localhost:8080';

/**
 * A stand-in for a back-end service, built with the same service-kit as the real ones: it
 * verifies the gateway's signature and echoes what reached it.
 */
export async function startEchoService(name: string): Promise<RunningService> {
  const service = createService({
    name,
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '10mb' },
    logger: createLogger({ name, level: 'silent' }),
    routes(router) {
      router.all('/api/*path', (req, res) => {
        res.setHeader('x-answered-by', name);
        res.json({ service: name, method: req.method, path: req.originalUrl, identity: getIdentity(req), body: req.body ?? null });
      });
    },
  });
  return service.start();
}

/** A service that accepts connections but never answers, to see the gateway give up. */
export async function startSilentService(): Promise<RunningService> {
  const service = createService({
    name: 'silent',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'silent', level: 'silent' }),
    routes(router) {
      router.all('/api/*path', () => undefined);
    },
    shutdownGraceMs: 0,
  });
  return service.start();
}

export interface DroppingService extends RunningService {
  /** How many times each path reached the service. */
  arrivals: Map<string, number>;
}

/**
 * A service that takes requests and closes the connection without answering, as one that crashes
 * mid-request: always under `/api/<any>/drop-every`, the first time under `/api/<any>/drop-first`
 * (then it echoes like startEchoService); any other path it echoes.
 */
export async function startDroppingService(): Promise<DroppingService> {
  const arrivals = new Map<string, number>();
  const service = createService({
    name: 'dropping',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'dropping', level: 'silent' }),
    routes(router) {
      router.all('/api/*path', (req, res) => {
        const times = (arrivals.get(req.path) ?? 0) + 1;
        arrivals.set(req.path, times);
        if (req.path.endsWith('/drop-every') || (req.path.endsWith('/drop-first') && times === 1)) {
          req.socket.destroy();
          return;
        }
        res.json({ service: 'dropping', method: req.method, path: req.originalUrl, times });
      });
    },
  });
  return Object.assign(await service.start(), { arrivals });
}

/** A URL where nothing listens: a stopped service. */
export async function stoppedServiceUrl(): Promise<string> {
  return `http://127.0.0.1:${await findFreePort()}`;
}

export interface GatewayUnderTest {
  url: string;
  redis: TestRedis;
  stop(): Promise<void>;
}

export async function startGateway(env: Record<string, string>, redis?: TestRedis): Promise<GatewayUnderTest> {
  const testRedis = redis ?? (await startTestRedis());
  const config = loadGatewayConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    PUBLIC_URL,
    REDIS_URL: testRedis.url,
    ...env,
  });
  const running = await start(config);
  return {
    url: running.url,
    redis: testRedis,
    async stop() {
      await stopInOrder('gateway', {
        'the gateway under test': () => running.stop(),
        // A Redis the test passed in is the test's to stop.
        'its Redis': async () => (redis ? undefined : testRedis.stop()),
      });
    },
  };
}

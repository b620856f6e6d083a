import { Redis } from 'ioredis';
import { createLogger, createService, createSessionStore, getIdentity, type RunningService } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

/** Stands in for the notifier: echoes the identity the gateway signed for /admin/queues. */
async function startDashboardEcho(): Promise<RunningService> {
  const service = createService({
    name: 'notifier',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'notifier', level: 'silent' }),
    routes(router) {
      router.get('/admin/queues/*path', (req, res) => res.json({ path: req.originalUrl, role: getIdentity(req).role }));
    },
  });
  return service.start();
}

describe('gateway: e-mail queue dashboard', () => {
  let notifier: RunningService;
  let gateway: GatewayUnderTest;
  let redis: Redis;

  beforeAll(async () => {
    notifier = await startDashboardEcho();
    gateway = await startGateway({ NOTIFIER_SERVICE_URL: notifier.url });
    redis = new Redis(gateway.redis.url);
  });
  afterAll(async () => {
    redis.disconnect();
    await gateway.stop();
    await notifier.stop();
  });

  it('When an admin opens /admin/queues, then the notifier receives the path and a signed admin identity', async () => {
    const sessions = createSessionStore(redis, { idleSeconds: 60, absoluteSeconds: 600 });
    const sessionId = await sessions.create({ userId: 'admin-1', role: 'admin', email: 'admin@example.test' });

    const response = await fetch(`${gateway.url}/admin/queues/api/queues`, { headers: { cookie: `cd_session=${sessionId}` } });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ path: '/admin/queues/api/queues', role: 'admin' });
  });

  it('When nobody is logged in, then the notifier sees an anonymous caller (and refuses it)', async () => {
    const response = await fetch(`${gateway.url}/admin/queues/api/queues`);

    expect(await response.json()).toMatchObject({ role: 'anonymous' });
  });
});

import { startServiceForTest, type ServiceUnderTest } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, start, type NotifierConfig } from './index';

let notifier: ServiceUnderTest<NotifierConfig>;

beforeAll(async () => {
  notifier = await startServiceForTest({ name: 'notifier', loadConfig, start: (config) => start(config), needs: { mongo: false, redis: true, mail: true } });
});

afterAll(async () => {
  await notifier?.stop();
});

describe('notifier', () => {
  it('When it runs against a real Redis, then /healthz answers 200 and /readyz turns 200 once Redis has connected', async () => {
    const health = await notifier.request('/healthz', { signed: false });

    expect(health.status).toBe(200);
    // The notifier starts without waiting for Redis (its workers connect when Redis comes), so
    // readiness follows the connection instead of being true at the first request.
    await vi.waitFor(
      async () => expect(await notifier.request('/readyz', { signed: false })).toMatchObject({ status: 200, body: { status: 'ready', checks: { redis: { status: 'up' } } } }),
      { timeout: 4_000, interval: 100 },
    );
  });
});

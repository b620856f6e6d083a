import { startServiceForTest, type ServiceUnderTest } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, start, type NotifierConfig } from './index';

let notifier: ServiceUnderTest<NotifierConfig>;

beforeAll(async () => {
  notifier = await startServiceForTest({ name: 'notifier', loadConfig, start: (config) => start(config), needs: { mongo: false, redis: true, mail: true } });
});

afterAll(async () => {
  await notifier?.stop();
});

describe('notifier', () => {
  it('When it runs against a real Redis, then /healthz and /readyz answer 200', async () => {
    const health = await notifier.request('/healthz', { signed: false });
    const ready = await notifier.request('/readyz', { signed: false });

    expect(health.status).toBe(200);
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { redis: { status: 'up' } } } });
  });
});

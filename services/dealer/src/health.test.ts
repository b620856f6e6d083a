import { startServiceForTest, type ServiceUnderTest } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, start, type DealerConfig } from './index';

let dealer: ServiceUnderTest<DealerConfig>;

beforeAll(async () => {
  dealer = await startServiceForTest({ name: 'dealer', loadConfig, start });
});

afterAll(async () => {
  await dealer?.stop();
});

describe('dealer service', () => {
  it('When it runs against a real MongoDB, then /healthz and /readyz answer 200', async () => {
    const health = await dealer.request('/healthz', { signed: false });
    const ready = await dealer.request('/readyz', { signed: false });

    expect(health.status).toBe(200);
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { mongo: { status: 'up' } } } });
  });

  it('When a request carries no identity signed by the gateway, then it is refused with 401', async () => {
    const response = await dealer.request('/api/dealers', { signed: false });

    expect(response.status).toBe(401);
  });
});

import { startServiceForTest, type ServiceUnderTest } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CATALOGUE_CACHE_DIR } from './catalogue/testing/shared-catalogue-cache';
import { loadConfig, start, type VehicleConfig } from './index';

let vehicle: ServiceUnderTest<VehicleConfig>;

beforeAll(async () => {
  vehicle = await startServiceForTest({ name: 'vehicle', loadConfig, start, env: { CATALOGUE_CACHE_DIR: SHARED_CATALOGUE_CACHE_DIR } });
});

afterAll(async () => {
  await vehicle?.stop();
});

describe('vehicle service', () => {
  it('When it runs against a real MongoDB, then /healthz and /readyz answer 200', async () => {
    const health = await vehicle.request('/healthz', { signed: false });
    const ready = await vehicle.request('/readyz', { signed: false });

    expect(health.status).toBe(200);
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { mongo: { status: 'up' } } } });
  });

  it('When a request carries no identity signed by the gateway, then it is refused with 401', async () => {
    const response = await vehicle.request('/api/vehicles', { signed: false });

    expect(response.status).toBe(401);
  });
});

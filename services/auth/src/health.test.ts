import { startServiceForTest, type ServiceUnderTest } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, start, type AuthConfig } from './index';

let auth: ServiceUnderTest<AuthConfig>;

beforeAll(async () => {
  auth = await startServiceForTest({ name: 'auth', loadConfig, start, env: { ADMIN_PASSWORD: 'an-admin-password' } });
});

afterAll(async () => {
  await auth?.stop();
});

describe('auth service', () => {
  it('When it runs against real MongoDB and Redis, then /healthz and /readyz answer 200', async () => {
    const health = await auth.request('/healthz', { signed: false });
    const ready = await auth.request('/readyz', { signed: false });

    expect(health.status).toBe(200);
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { mongo: { status: 'up' }, redis: { status: 'up' } } } });
  });

  it('When a request carries no identity signed by the gateway, then it is refused with 401', async () => {
    const response = await auth.request('/api/auth/logout', { method: 'POST', signed: false });

    expect(response.status).toBe(401);
  });
});

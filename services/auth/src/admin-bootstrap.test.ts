import { afterEach, describe, expect, it } from 'vitest';
import { startServiceForTest, uniqueDbName, type ServiceUnderTest } from '@cardirect/service-kit/testing';
import { startAuthService } from './auth-service';
import { loadAuthConfig, type AuthConfig } from './config';

const running: Array<ServiceUnderTest<AuthConfig>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
});

async function startWithAdmin(dbName: string, email: string, password: string): Promise<ServiceUnderTest<AuthConfig>> {
  const service = await startServiceForTest({
    name: 'auth-admin',
    loadConfig: loadAuthConfig,
    start: (config) => startAuthService(config),
    env: { MONGODB_DB: dbName, ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
  });
  running.push(service);
  return service;
}

const adminLogin = (service: ServiceUnderTest<AuthConfig>, email: string, password: string) =>
  service.request('/api/auth/admin/login', { method: 'POST', body: { email, password } });

describe('Admin account from the configuration', () => {
  it('When auth starts again with another ADMIN_PASSWORD, then only the new password works', async () => {
    const dbName = uniqueDbName('auth_admin');
    const first = await startWithAdmin(dbName, 'boss@cardirect.test', 'first-admin-password');
    expect((await adminLogin(first, 'boss@cardirect.test', 'first-admin-password')).status).toBe(200);
    await running.pop()!.stop();

    const second = await startWithAdmin(dbName, 'boss@cardirect.test', 'second-admin-password');

    expect((await adminLogin(second, 'boss@cardirect.test', 'second-admin-password')).status).toBe(200);
    expect((await adminLogin(second, 'boss@cardirect.test', 'first-admin-password')).status).toBe(401);
  });

  it('When ADMIN_EMAIL changes, then the former admin address can no longer log in', async () => {
    const dbName = uniqueDbName('auth_admin');
    await startWithAdmin(dbName, 'old-boss@cardirect.test', 'old-admin-password');
    await running.pop()!.stop();

    const restarted = await startWithAdmin(dbName, 'new-boss@cardirect.test', 'new-admin-password');

    expect((await adminLogin(restarted, 'old-boss@cardirect.test', 'old-admin-password')).status).toBe(401);
    expect((await adminLogin(restarted, 'new-boss@cardirect.test', 'new-admin-password')).status).toBe(200);
    expect((await restarted.request('/internal/admins', { as: { role: 'service' } })).body).toEqual([{ email: 'new-boss@cardirect.test' }]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startEchoService, startGateway } from '../test-support/gateway-under-test';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gatewayInFrontOfAuth(env: Record<string, string>) {
  const auth = await startEchoService('auth');
  cleanups.push(() => auth.stop());
  const gateway = await startGateway({ AUTH_SERVICE_URL: auth.url, ...env });
  cleanups.push(() => gateway.stop());
  return gateway;
}

const from = (clientAddress: string) => ({ headers: { 'x-forwarded-for': clientAddress } });

describe('gateway: requests per client', () => {
  it('When one client goes over the limit per minute, then it gets 429 with Retry-After while another client still passes', async () => {
    const gateway = await gatewayInFrontOfAuth({ API_RATE_LIMIT_PER_MINUTE: '3' });
    const call = (clientAddress: string) => fetch(`${gateway.url}/api/auth/echo`, from(clientAddress));

    const allowed = [await call('203.0.113.7'), await call('203.0.113.7'), await call('203.0.113.7')];
    const refused = await call('203.0.113.7');
    const otherClient = await call('198.51.100.20');

    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please try again in a minute.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(otherClient.status).toBe(200);
  });

  it('When the proxy in front is not trusted, then a forged X-Forwarded-For does not buy a fresh allowance', async () => {
    const gateway = await gatewayInFrontOfAuth({ API_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' });
    const statuses: number[] = [];
    for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      statuses.push((await fetch(`${gateway.url}/api/auth/echo`, from(forged))).status);
    }

    expect(statuses).toEqual([200, 200, 429]);
  });

  it('When a trusted proxy names the client, then the service receives that address in the signed identity', async () => {
    const gateway = await gatewayInFrontOfAuth({});

    const response = await fetch(`${gateway.url}/api/auth/echo`, from('203.0.113.9'));
    const echo = (await response.json()) as { identity: { clientAddress?: string } };

    expect(echo.identity.clientAddress).toBe('203.0.113.9');
  });

  it('When the front end or the probes are fetched, then they do not count against the client', async () => {
    const gateway = await gatewayInFrontOfAuth({ API_RATE_LIMIT_PER_MINUTE: '1' });

    for (let i = 0; i < 3; i += 1) expect((await fetch(`${gateway.url}/config/remotes.json`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/auth/echo`)).status).toBe(200);
  });
});

describe('gateway: vehicle submissions per client', () => {
  it('When one client submits more cars in an hour than allowed, then the next gets 429 and reaches no service, while another client still submits', async () => {
    const vehicle = await startEchoService('vehicle');
    cleanups.push(() => vehicle.stop());
    const gateway = await startGateway({ VEHICLE_SERVICE_URL: vehicle.url, SUBMISSIONS_PER_HOUR: '2' });
    cleanups.push(() => gateway.stop());
    const submit = (clientAddress: string) =>
      fetch(`${gateway.url}/api/vehicles`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress }, body: '{}' });

    const allowed = [await submit('203.0.113.7'), await submit('203.0.113.7')];
    const refused = await submit('203.0.113.7');
    const otherClient = await submit('198.51.100.20');
    const readsStillPass = await fetch(`${gateway.url}/api/vehicles/makes`, from('203.0.113.7'));

    expect(allowed.map((response) => response.status)).toEqual([200, 200]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many vehicles were submitted from your network in the last hour. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(otherClient.status).toBe(200);
    expect(readsStillPass.status).toBe(200);
  });
});

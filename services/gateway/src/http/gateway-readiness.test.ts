import { afterEach, describe, expect, it } from 'vitest';
import { startEchoService, startGateway, stoppedServiceUrl } from '../test-support/gateway-under-test';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('gateway: readiness', () => {
  it('When Redis and every service are ready, then /readyz answers 200 listing each dependency', async () => {
    const services = await Promise.all(['auth', 'dealer', 'vehicle'].map(startEchoService));
    cleanups.push(async () => void (await Promise.all(services.map((service) => service.stop()))));
    const [auth, dealer, vehicle] = services;
    const gateway = await startGateway({ AUTH_SERVICE_URL: auth.url, DEALER_SERVICE_URL: dealer.url, VEHICLE_SERVICE_URL: vehicle.url });
    cleanups.push(() => gateway.stop());

    const response = await fetch(`${gateway.url}/readyz`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      service: 'gateway',
      checks: { redis: { status: 'up' }, auth: { status: 'up' }, dealer: { status: 'up' }, vehicle: { status: 'up' } },
    });
  });

  it('When a service is stopped, then /readyz answers 503 naming it while /healthz stays 200', async () => {
    const services = await Promise.all(['auth', 'vehicle'].map(startEchoService));
    cleanups.push(async () => void (await Promise.all(services.map((service) => service.stop()))));
    const gateway = await startGateway({ AUTH_SERVICE_URL: services[0].url, DEALER_SERVICE_URL: await stoppedServiceUrl(), VEHICLE_SERVICE_URL: services[1].url });
    cleanups.push(() => gateway.stop());

    const ready = await fetch(`${gateway.url}/readyz`);
    const health = await fetch(`${gateway.url}/healthz`);
    const body = (await ready.json()) as { status: string; checks: Record<string, { status: string }> };

    expect(ready.status).toBe(503);
    expect(body.status).toBe('not ready');
    expect(body.checks.dealer.status).toBe('down');
    expect(body.checks.auth.status).toBe('up');
    expect(health.status).toBe(200);
  });
});

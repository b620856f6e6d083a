import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@cardirect/service-kit';
import { startEchoService, startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

/** A GET with the Host header given (fetch always sends the URL's own). */
function getWithHost(baseUrl: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}${path}`, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('gateway: the host names it answers for', () => {
  let services: RunningService[];
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    services = await Promise.all(['auth', 'dealer', 'vehicle'].map(startEchoService));
    const [auth, dealer, vehicle] = services;
    gateway = await startGateway({
      PUBLIC_URL: 'https://cardirect.example.com',
      ALLOWED_HOSTS: 'gateway.cardirect.svc, gateway',
      AUTH_SERVICE_URL: auth!.url,
      DEALER_SERVICE_URL: dealer!.url,
      VEHICLE_SERVICE_URL: vehicle!.url,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all(services.map((service) => service.stop()));
  });

  it('When a request names a host that is neither the public one nor an allowed one, then it gets 421 and reaches no service', async () => {
    const rebound = await getWithHost(gateway.url, '/api/vehicles/makes', 'attacker.example:8080');
    const loopback = await getWithHost(gateway.url, '/api/vehicles/makes', 'localhost:8080');

    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toEqual({ message: 'This server does not answer for that host name' });
    expect(loopback.status).toBe(421);
  });

  it('When a request names the public host or an allowed internal one, whatever the port or case, then it is served', async () => {
    const statuses = await Promise.all(
      ['cardirect.example.com', 'CarDirect.Example.com:443', 'gateway.cardirect.svc:8080', 'gateway'].map(async (host) => (await getWithHost(gateway.url, '/api/vehicles/makes', host)).status),
    );

    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('When a probe asks /healthz or /readyz under any host name, then it is answered', async () => {
    const health = await getWithHost(gateway.url, '/healthz', '10.1.2.3:8080');
    const ready = await getWithHost(gateway.url, '/readyz', 'attacker.example');

    expect(health.status).toBe(200);
    expect(ready.status).toBe(200);
  });
});

describe('gateway: the local default', () => {
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await startGateway({ PUBLIC_URL: 'http://localhost:8080' });
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it('When the public URL is on this machine, then its loopback names are served and no other', async () => {
    const statuses = await Promise.all(
      ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'rebound.attacker.example:8080'].map(async (host) => (await getWithHost(gateway.url, '/config/remotes.json', host)).status),
    );

    expect(statuses).toEqual([200, 200, 200, 421]);
  });
});

// Which address the per-client limits count, for each way TRUST_PROXY can be set (docs/deploying.md,
// "TRUST_PROXY"). The loopback addresses 127.0.0.2, 127.0.0.3 and 127.0.0.4 stand in for an ingress
// controller, a cloud load balancer and a pod that reaches the gateway directly: on Linux every
// 127.x address is this machine, and a request can leave from any of them.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startEchoService, startGateway } from '../test-support/gateway-under-test';

const INGRESS = '127.0.0.2';
const LOAD_BALANCER = '127.0.0.3';
const POD_INSIDE_THE_CLUSTER = '127.0.0.4';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gatewayTrusting(trustProxy: string) {
  const auth = await startEchoService('auth');
  cleanups.push(() => auth.stop());
  // One request per client address per minute: a second request in the same bucket is refused.
  const gateway = await startGateway({ AUTH_SERVICE_URL: auth.url, TRUST_PROXY: trustProxy, API_RATE_LIMIT_PER_MINUTE: '1' });
  cleanups.push(() => gateway.stop());
  return gateway;
}

interface Answer {
  status: number;
  /** The client address the gateway signed into the identity (what the services rate-limit on). */
  clientAddress?: string;
}

/** GET through the gateway from `from` (the last hop's own address), with the X-Forwarded-For it carries. */
function requestFrom(gatewayUrl: string, from: string, forwardedFor: string): Promise<Answer> {
  const url = new URL('/api/auth/echo', gatewayUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress: from, agent: false, headers: { 'x-forwarded-for': forwardedFor } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const clientAddress = status === 200 ? (JSON.parse(body) as { identity: { clientAddress?: string } }).identity.clientAddress : undefined;
        resolve({ status, clientAddress });
      });
    });
    request.on('error', reject);
  });
}

describe('gateway: the client address behind trusted proxies', () => {
  it('When TRUST_PROXY names the one proxy and a request through it carries a forged address before the client\'s, then the limit counts the client', async () => {
    const gateway = await gatewayTrusting(INGRESS);

    const first = await requestFrom(gateway.url, INGRESS, '192.0.2.1, 203.0.113.7');
    const sameClientOtherForgery = await requestFrom(gateway.url, INGRESS, '192.0.2.99, 203.0.113.7');
    const otherClientSameForgery = await requestFrom(gateway.url, INGRESS, '192.0.2.1, 203.0.113.8');

    expect(first).toEqual({ status: 200, clientAddress: '203.0.113.7' });
    expect(sameClientOtherForgery.status).toBe(429);
    expect(otherClientSameForgery).toEqual({ status: 200, clientAddress: '203.0.113.8' });
  });

  it('When TRUST_PROXY names both proxies (a load balancer, then the ingress), then the limit counts the client the outer one saw', async () => {
    const gateway = await gatewayTrusting(`${LOAD_BALANCER}, ${INGRESS}`);

    // The load balancer appends the address it saw; the ingress appends the load balancer's.
    const first = await requestFrom(gateway.url, INGRESS, `192.0.2.1, 203.0.113.7, ${LOAD_BALANCER}`);
    const sameClientOtherForgery = await requestFrom(gateway.url, INGRESS, `192.0.2.99, 203.0.113.7, ${LOAD_BALANCER}`);
    const otherClient = await requestFrom(gateway.url, INGRESS, `192.0.2.1, 203.0.113.8, ${LOAD_BALANCER}`);

    expect(first).toEqual({ status: 200, clientAddress: '203.0.113.7' });
    expect(sameClientOtherForgery.status).toBe(429);
    expect(otherClient).toEqual({ status: 200, clientAddress: '203.0.113.8' });
  });

  it('When a caller that is not a named proxy sends X-Forwarded-For, then its own address counts, whatever it names', async () => {
    const gateway = await gatewayTrusting(`${LOAD_BALANCER}, ${INGRESS}`);

    const first = await requestFrom(gateway.url, POD_INSIDE_THE_CLUSTER, '203.0.113.7');
    const namingAnotherClient = await requestFrom(gateway.url, POD_INSIDE_THE_CLUSTER, '203.0.113.8');
    const realClientThroughTheIngress = await requestFrom(gateway.url, INGRESS, '203.0.113.7');

    expect(first).toEqual({ status: 200, clientAddress: POD_INSIDE_THE_CLUSTER });
    expect(namingAnotherClient.status).toBe(429);
    // The direct caller did not use up the allowance of the client it named.
    expect(realClientThroughTheIngress).toEqual({ status: 200, clientAddress: '203.0.113.7' });
  });

  it('When TRUST_PROXY is a hop count, then a caller that reaches the gateway directly names any address it likes (why the cluster names networks instead)', async () => {
    const gateway = await gatewayTrusting('1');

    const answers = [
      await requestFrom(gateway.url, POD_INSIDE_THE_CLUSTER, '198.51.100.1'),
      await requestFrom(gateway.url, POD_INSIDE_THE_CLUSTER, '198.51.100.2'),
      await requestFrom(gateway.url, POD_INSIDE_THE_CLUSTER, '198.51.100.3'),
    ];

    expect(answers).toEqual([
      { status: 200, clientAddress: '198.51.100.1' },
      { status: 200, clientAddress: '198.51.100.2' },
      { status: 200, clientAddress: '198.51.100.3' },
    ]);
  });
});

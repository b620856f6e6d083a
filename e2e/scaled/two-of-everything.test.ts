// Issue 35: the end-to-end story and the API suites again, on two gateways behind HAProxy and two
// of every service, with one stack for the whole run (vitest.scaled.config.ts sets its scale;
// each suite's startStack() gets the shared one). Suites that stop members or start a stack of
// their own (the fault suites) are not here: they test one instance's outage.
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, stopSharedStack } from '../support/stack';
import '../browser/story.test';
import '../api/accounts-flow.test';
import '../api/authorization-matrix.test';
import '../api/emails-accounts.test';
import '../api/emails-fixes.test';
import '../api/emails-vehicles.test';
import '../api/fuzz-routes.test';
import '../api/hostile-input.test';

afterAll(stopSharedStack);

describe('the stack the suites above share', () => {
  it('When the suites run, then two instances of every member answer, and the public address is the load balancer, not a gateway', async () => {
    const stack = await startStack();

    const running = stack.instances().filter((instance) => instance.pid !== undefined);
    const perMember = Object.fromEntries(['gateway', 'auth', 'dealer', 'vehicle', 'notifier'].map((name) => [name, running.filter((instance) => instance.name === name).length]));
    const healthy = await Promise.all(running.map(async (instance) => (await fetch(`${instance.url}/healthz`)).status));

    expect(perMember).toEqual({ gateway: 2, auth: 2, dealer: 2, vehicle: 2, notifier: 2 });
    expect(healthy.every((status) => status === 200)).toBe(true);
    expect(stack.gatewayUrls).toHaveLength(2);
    expect(stack.gatewayUrls.map((url) => new URL(url).port)).not.toContain(new URL(stack.baseUrl).port);
    expect((await fetch(`${stack.baseUrl}/readyz`)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, savedSearchCar, savedSearchMailing, uniqueEmail } from './test-support/events';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';

let harness: NotifierHarness;

beforeAll(async () => {
  harness = await startNotifierHarness();
});

afterAll(async () => {
  await harness?.stop();
});

const admin = { role: 'admin' as const, userId: 'admin-1', email: 'admin@cardirect.local' };

interface QueuesAnswer {
  queues: Array<{ name: string; counts: Record<string, number>; jobs: Array<{ id: string; data: unknown }> }>;
}

describe('notifier: queue dashboard at /admin/queues', () => {
  it('When an admin opens it, then the dashboard page answers', async () => {
    // Act
    const response = await harness.request<string>('/admin/queues', admin);

    // Assert
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.body).toContain('<base href="/admin/queues/"');
    const script = /<script defer src="(static\/js\/[^"]+)"/.exec(response.body)?.[1];
    expect((await harness.request(`/admin/queues/${script}`, admin)).status).toBe(200);
  });

  it('When an admin opens it, then its menu offers the way back to the admin dashboard', async () => {
    // Act
    const response = await harness.request<string>('/admin/queues', admin);

    // Assert: the board's page reads its settings from this script element.
    const uiConfig = /<script id="__UI_CONFIG__" type="application\/json">([^<]*)<\/script>/.exec(response.body)?.[1];
    expect(JSON.parse(uiConfig ?? '{}')).toMatchObject({ miscLinks: [{ text: 'Back to CarDirect', url: '/admin/dashboard' }] });
  });

  it('When a dealer, an anonymous caller or an unsigned request asks for it, then it is refused', async () => {
    // Act
    const asDealer = await harness.request('/admin/queues', { role: 'dealer', userId: 'dealer-1', email: 'd@example.test' });
    const asAnonymous = await harness.request('/admin/queues/api/queues', { role: 'anonymous' });
    const unsigned = await fetch(`${harness.notifier.url}/admin/queues/api/queues`);

    // Assert
    expect(asDealer.status).toBe(403);
    expect(asAnonymous.status).toBe(401);
    expect(unsigned.status).toBe(401);
  });

  it("When an admin reads the queues, then both queues show their counts and a login code and its link's token are hidden", async () => {
    // Arrange
    const email = uniqueEmail('seller');
    const requested = event('seller.code.requested', {
      email,
      code: '615243',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      signInToken: 'sign-in-token-dashboard-0123456789abcdefghij',
      signInExpiresAt: new Date(Date.now() + 900_000).toISOString(),
    });
    await harness.publish(requested);
    await harness.mail.waitFor((mail) => mail.to.includes(email));
    await harness.settled();

    // Act
    const response = await harness.request<QueuesAnswer>('/admin/queues/api/queues?activeQueue=events&status=completed&page=1', admin);

    // Assert
    expect(response.status).toBe(200);
    expect(response.body.queues.map((queue) => queue.name).sort()).toEqual(['emails', 'events']);
    const events = response.body.queues.find((queue) => queue.name === 'events')!;
    expect(events.counts.completed).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(events.jobs)).toContain(requested.id);
    expect(JSON.stringify(response.body)).not.toContain('615243');
    expect(JSON.stringify(response.body)).not.toContain('sign-in-token-dashboard-0123456789abcdefghij');
  });

  it("When an admin reads a submitted car's event or a saved search's, then its link's token is hidden", async () => {
    // Arrange
    const sellerEmail = uniqueEmail('seller');
    const confirmationToken = 'confirm-token-dashboard-0123456789abcdefghij';
    const submitted = event('vehicle.submitted', {
      vehicleId: '6650f0c2a1b2c3d4e5f60718',
      car: { year: 2018, makeName: 'Honda', modelName: 'Accord' },
      sellerEmail,
      confirmationToken,
      confirmationExpiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    });
    const mailing = savedSearchMailing({ dealer: { dealershipName: 'Valley Cars', email: uniqueEmail('dealer') } });
    const matched = event('saved-search.matched', { ...mailing, car: savedSearchCar() });
    await harness.publish(submitted);
    await harness.publish(matched);
    await harness.mail.waitFor((mail) => mail.to.includes(sellerEmail));
    await harness.mail.waitFor((mail) => mail.to.includes(mailing.dealer.email));
    await harness.settled();

    // Act
    const response = await harness.request<QueuesAnswer>('/admin/queues/api/queues?activeQueue=events&status=completed&page=1', admin);

    // Assert
    expect(JSON.stringify(response.body)).toContain(submitted.id);
    expect(JSON.stringify(response.body)).toContain(matched.id);
    expect(JSON.stringify(response.body)).not.toContain(confirmationToken);
    expect(JSON.stringify(response.body)).not.toContain(mailing.unsubscribeToken);
  });
});

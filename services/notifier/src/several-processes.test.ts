import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';
import { loadNotifierConfig } from './config';
import { startNotifier } from './notifier';
import { camry, event, nearbyDealer, uniqueZip } from './test-support/events';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';
import { waitUntil } from './test-support/wait-until';

let harness: NotifierHarness;
let secondNotifier: RunningService;

beforeAll(async () => {
  harness = await startNotifierHarness();
  // A second notifier process on the same Redis, SMTP server and recipient APIs.
  secondNotifier = await startNotifier(
    loadNotifierConfig({
      PORT: '0',
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      PUBLIC_URL: 'http://cardirect.test',
      REDIS_URL: harness.redis.url,
      SMTP_URL: harness.mail.smtpUrl,
      DEALER_SERVICE_URL: harness.recipients.url,
      AUTH_SERVICE_URL: harness.recipients.url,
      LOG_LEVEL: 'silent',
    }),
  );
});

afterAll(async () => {
  await secondNotifier?.stop();
  await harness?.stop();
});

describe('notifier: several processes at once', () => {
  it('When two processes handle copies of one event at the same moment, then each of its 120 recipients gets exactly one e-mail', async () => {
    // Arrange: more dealers than one batch holds, so both processes work on the fan-out
    const zipCode = uniqueZip();
    const dealers = Array.from({ length: 120 }, () => nearbyDealer({ zipCode }));
    harness.recipients.setNearbyDealers(zipCode, dealers);
    const listed = event('vehicle.listed', { vehicleId: 'veh-many', vehicle: camry, mileage: 5_000, zipCode });

    // Act: two relays publish the same event under different job ids at once
    await Promise.all([harness.publish(listed, `${listed.id}-a`), harness.publish(listed, `${listed.id}-b`)]);

    // Assert
    const reached = (address: string) => harness.mail.messages().some((mail) => mail.to.includes(address));
    await waitUntil(() => dealers.every((dealer) => reached(dealer.email)), 20_000, 'an e-mail to every dealer');
    await harness.settled(20_000);
    const received = harness.mail.messages();
    for (const dealer of dealers) expect(received.filter((mail) => mail.to.includes(dealer.email))).toHaveLength(1);
    expect(received).toHaveLength(120);
  });
});

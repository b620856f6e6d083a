import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';
import { loadNotifierConfig } from './config';
import { startNotifier } from './notifier';
import { camry, event, nearbyDealer, uniqueEmail, uniqueZip } from './test-support/events';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';
import { waitUntil } from './test-support/wait-until';

/**
 * Two notifier instances on one Redis (the events and e-mail queues, the sent marks), one SMTP
 * server and the same recipient APIs. several-processes.test.ts covers two copies of an event
 * handled at the same moment; this file covers copies that come after the e-mails went out, and
 * many events shared between the instances.
 */

let harness: NotifierHarness;
let secondNotifier: RunningService;

beforeAll(async () => {
  harness = await startNotifierHarness();
  secondNotifier = await startNotifier(
    loadNotifierConfig({
      PORT: '0',
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      PUBLIC_URL: 'http://cardirect.test',
      REDIS_URL: harness.redis.url,
      SMTP_URL: harness.mail.smtpUrl,
      DEALER_SERVICE_URL: harness.recipients.url,
      AUTH_SERVICE_URL: harness.recipients.url,
      EMAIL_RETRY_DELAY_MS: '100',
      LOG_LEVEL: 'silent',
    }),
  );
});

afterAll(async () => {
  await secondNotifier?.stop();
  await harness?.stop();
});

const mailsTo = (address: string) => harness.mail.messages().filter((mail) => mail.to.includes(address));

describe('notifier: two instances', () => {
  it('When an event is relayed again after its e-mails went out, under its own job id or a new one (its job gone after the day it is kept), then nobody gets a second e-mail', async () => {
    // Arrange: an event to more dealers than one batch holds, handled and sent
    const zipCode = uniqueZip();
    const dealers = Array.from({ length: 70 }, () => nearbyDealer({ zipCode }));
    harness.recipients.setNearbyDealers(zipCode, dealers);
    const listed = event('vehicle.listed', { vehicleId: 'veh-relayed-again', vehicle: camry, mileage: 12_000, zipCode });
    await harness.publish(listed);
    await waitUntil(() => dealers.every((dealer) => mailsTo(dealer.email).length > 0), 20_000, 'an e-mail to every dealer');
    await harness.settled(20_000);

    // Act: the late copies an instance's outbox relay could send
    await harness.publish(listed);
    await harness.publish(listed, `${listed.id}-after-a-day`);
    await harness.settled(20_000);

    // Assert
    for (const dealer of dealers) expect(mailsTo(dealer.email)).toHaveLength(1);
  });

  it('When many events arrive at once, then every recipient gets each of its e-mails once, whichever instance handles it', async () => {
    // Arrange: 30 login codes and 10 cars near 5 dealers each
    const sellers = Array.from({ length: 30 }, () => uniqueEmail('seller'));
    const codes = sellers.map((email) =>
      event('seller.code.requested', { email, code: '246810', expiresAt: new Date(Date.now() + 600_000).toISOString(), signInToken: `token-${email}`, signInExpiresAt: new Date(Date.now() + 900_000).toISOString() }),
    );
    const cars = Array.from({ length: 10 }, (_, index) => {
      const zipCode = uniqueZip();
      const dealers = Array.from({ length: 5 }, () => nearbyDealer({ zipCode }));
      harness.recipients.setNearbyDealers(zipCode, dealers);
      return { dealers, listed: event('vehicle.listed', { vehicleId: `veh-many-${index}`, vehicle: camry, mileage: 30_000 + index, zipCode }) };
    });

    // Act
    await Promise.all([...codes, ...cars.map((car) => car.listed)].map((published) => harness.publish(published)));

    // Assert
    const dealerAddresses = cars.flatMap((car) => car.dealers.map((dealer) => dealer.email));
    await waitUntil(() => [...sellers, ...dealerAddresses].every((address) => mailsTo(address).length > 0), 20_000, 'an e-mail to every recipient');
    await harness.settled(20_000);
    for (const address of [...sellers, ...dealerAddresses]) expect(mailsTo(address)).toHaveLength(1);
  });
});

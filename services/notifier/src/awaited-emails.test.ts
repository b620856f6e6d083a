import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAILS_QUEUE } from './data-access/email-delivery-queue';
import { camry, event, nearbyDealer, uniqueEmail, uniqueZip } from './test-support/events';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';
import { waitUntil } from './test-support/wait-until';

let harness: NotifierHarness;
let connection: Redis;
let emails: Queue;

beforeAll(async () => {
  harness = await startNotifierHarness({ LOG_LEVEL: 'warn' });
  connection = new Redis(harness.redis.url);
  emails = new Queue(EMAILS_QUEUE, { connection });
});

afterAll(async () => {
  await emails?.close();
  connection?.disconnect();
  await harness?.stop();
});

describe('notifier: e-mail a person is waiting for', () => {
  it('When a seller asks for a login code behind three cars announced to 120 dealers each, then the code is among the first e-mails sent', async () => {
    // Arrange: the e-mail queue holds still while three cars' fan-outs are queued, then the code's
    const zipCode = uniqueZip();
    harness.recipients.setNearbyDealers(zipCode, Array.from({ length: 120 }, () => nearbyDealer({ zipCode })));
    await emails.pause();
    for (let car = 1; car <= 3; car++) {
      await harness.publish(event('vehicle.listed', { vehicleId: `veh-${car}`, vehicle: camry, mileage: 5_000, zipCode }));
    }
    const queuedBatches = async () => {
      const counts = await emails.getJobCounts('waiting', 'prioritized');
      return counts.waiting + counts.prioritized;
    };
    // 3 cars x 120 e-mails in batches of 50: 3 batches each
    await waitUntil(async () => (await queuedBatches()) === 9, 10_000, "the cars' batches queued");
    const sellerEmail = uniqueEmail('waiting-seller');
    await harness.publish(
      event('seller.code.requested', {
        email: sellerEmail,
        code: '204816',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        signInToken: 'sign-in-token-awaited-0123456789abcdefghijkl',
        signInExpiresAt: new Date(Date.now() + 900_000).toISOString(),
      }),
    );
    await waitUntil(async () => (await queuedBatches()) === 10, 10_000, "the code's batch queued");

    // Act
    await emails.resume();
    await harness.mail.waitFor((mail) => mail.to.includes(sellerEmail), 20_000);
    await harness.settled(30_000);

    // Assert: at most the sends already under way (8 at once) went out before it, of 361
    const sent = harness.mail.messages();
    expect(sent).toHaveLength(361);
    const codePosition = sent.findIndex((mail) => mail.to.includes(sellerEmail));
    expect(sent[codePosition].subject).toBe('Your CarDirect login code');
    expect(codePosition).toBeLessThan(8);
  });
});

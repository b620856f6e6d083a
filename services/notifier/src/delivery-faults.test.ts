import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '@cardirect/service-kit/testing';
import { EMAILS_QUEUE } from './data-access/email-delivery-queue';
import type { EmailBatch } from './domain/email-delivery';
import { event, uniqueEmail } from './test-support/events';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';
import { waitUntil } from './test-support/wait-until';

const to = (address: string) => (mail: CaughtMail) => mail.to.includes(address);
const approvedDealer = (email: string) => event('dealer.approved', { dealerId: 'd-1', dealershipName: 'Patient Motors', email });

describe('notifier: when SMTP or Redis fail for a while', () => {
  let harness: NotifierHarness;

  beforeAll(async () => {
    // Retries after 0.1, 0.2, 0.4 ... 3.2 s: several can fail while SMTP is down, yet the test stays short.
    harness = await startNotifierHarness({ EMAIL_ATTEMPTS: '7' });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it('When the SMTP server refuses connections for a while, then the e-mail arrives once it is back, exactly once', async () => {
    // Arrange
    const email = uniqueEmail('dealer');
    const approved = approvedDealer(email);
    await harness.mail.stop();

    // Act
    await harness.publish(approved);
    const failedAttempt = () => harness.logs().split('\n').some((line) => line.includes(approved.id) && line.includes('"outcome":"will-retry"'));
    await waitUntil(failedAttempt, 10_000, 'a failed SMTP attempt');
    await harness.restartMail();

    // Assert
    const mail = await harness.mail.waitFor(to(email), 10_000);
    expect(mail.subject).toBe('Your dealer account is approved');
    await harness.settled();
    expect(harness.mail.messages().filter(to(email))).toHaveLength(1);
  });

  it('When Redis restarts, then the workers reconnect and handle the events published afterwards', async () => {
    // Arrange
    const email = uniqueEmail('dealer');
    await harness.redis.restart!();

    // Act
    await waitUntil(
      () =>
        harness.publish(approvedDealer(email)).then(
          () => true,
          () => false,
        ),
      10_000,
      'the events queue accepting jobs again',
    );

    // Assert
    const mail = await harness.mail.waitFor(to(email), 15_000);
    expect(mail.subject).toBe('Your dealer account is approved');
  });
});

describe('notifier: when an e-mail can never be sent', () => {
  let harness: NotifierHarness;

  beforeAll(async () => {
    harness = await startNotifierHarness({ EMAIL_ATTEMPTS: '2' });
  });

  afterAll(async () => {
    await harness?.restartMail();
    await harness?.stop();
  });

  it('When every attempt fails, then the e-mail job stays in the failed set with the reason, and the log says so', async () => {
    // Arrange
    const email = uniqueEmail('dealer');
    const approved = approvedDealer(email);
    await harness.mail.stop();
    const connection = new Redis(harness.redis.url).on('error', () => undefined);
    const emails = new Queue<EmailBatch>(EMAILS_QUEUE, { connection });

    try {
      // Act
      await harness.publish(approved);

      // Assert
      await waitUntil(async () => (await emails.getFailed()).some((job) => job.data.eventId === approved.id), 10_000, 'the e-mail in the failed set');
      const failed = (await emails.getFailed()).find((job) => job.data.eventId === approved.id)!;
      expect(failed.attemptsMade).toBe(2);
      expect(failed.failedReason).toMatch(/ECONNREFUSED|connect/i);
      expect(harness.logs()).toContain('E-mails failed for good');
    } finally {
      await emails.close();
      connection.disconnect();
    }
  });
});

import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEventsQueue, createEvent, createEventsQueue, startRedisServer, type MailCatcher, type RedisServerHandle } from '@cardirect/service-kit';
import { startMailCatcher } from '@cardirect/service-kit/testing';
import { freshTempDir } from '../support/paths';
import { startStack, type Stack } from '../support/stack';
import {
  LISTING_CONFIRMATION_SUBJECT,
  MAIL_TIMEOUT_MS,
  apiClient,
  approveDealer,
  confirmationTokenIn,
  loginAdmin,
  registerDealer,
  sellerContact,
  to,
  uniqueEmail,
  vehicleSubmission,
  type Api,
  type RegisteredDealer,
} from '../support/api';

// The suite runs the product against a Redis it controls (persisting to disk, like the local
// default), so it can stop and restart it; the notifier's own queue is read to see retries.
let redis: RedisServerHandle;
let redisDir: string;
let stack: Stack;
let api: Api;
let dealer: RegisteredDealer;

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms; e-mail queue: ${await describeEmailsQueue()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The notifier's e-mail queue, read as the dashboard reads it. */
async function withEmailsQueue<T>(use: (queue: Queue) => Promise<T>): Promise<T> {
  const connection = new Redis(redis.url).on('error', () => undefined);
  const queue = new Queue('emails', { connection });
  try {
    return await use(queue);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Counts and the reasons of retried batches, to explain a wait that timed out. */
const describeEmailsQueue = () =>
  withEmailsQueue(async (emails) => {
    const counts = await emails.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed', 'completed');
    const retried = [...(await emails.getDelayed()), ...(await emails.getActive())].map((job) => `${job.id} after ${job.attemptsMade} attempts: ${job.failedReason ?? '-'}`);
    return JSON.stringify({ counts, retried });
  });

const hasNoPendingWork = () =>
  withEmailsQueue(async (emails) => {
    const counts = await emails.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    return counts.waiting + counts.prioritized + counts.delayed + counts.active === 0;
  });

beforeAll(async () => {
  redisDir = freshTempDir('e2e-redis');
  redis = await startRedisServer({ dataDir: path.join(redisDir, 'data') });
  stack = await startStack({ env: { REDIS_URL: redis.url } });
  api = apiClient(stack);
  const adminCookie = await loginAdmin(api, stack);
  dealer = await registerDealer(api, adminCookie, { zipCode: '60602', dealershipName: 'Loop Auto Group' });
  await approveDealer(api, adminCookie, dealer);
  await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'Your dealer account is approved', MAIL_TIMEOUT_MS);
  // The e-mail arrives a moment before its job is recorded as done; stopping Redis in between
  // would leave that job to BullMQ's stalled-job check (30 s) and slow the next tests down.
  await waitUntil(hasNoPendingWork, MAIL_TIMEOUT_MS, 'the e-mail queue drained');
});

afterAll(async () => {
  await stack?.stop();
  await redis?.stop();
});

describe('E-mails when Redis or SMTP fail for a while', () => {
  it('When Redis is down, then a car submission still answers 201, its confirmation e-mail arrives once Redis is back, and then the dealers hear of it', async () => {
    // Arrange
    const seller = sellerContact();
    await redis.stop();

    // Act
    const submitted = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: vehicleSubmission(seller, '60601') });
    redis = await startRedisServer({ port: redis.port, dataDir: path.join(redisDir, 'data') });
    const confirmation = await stack.mail.waitFor((candidate) => to(seller.contactEmail)(candidate) && candidate.subject === LISTING_CONFIRMATION_SUBJECT, MAIL_TIMEOUT_MS);
    const confirmed = await api('/api/auth/seller/confirm-listing', { method: 'POST', body: { token: confirmationTokenIn(confirmation) } });

    // Assert
    expect(submitted.status).toBe(201);
    expect(confirmed.status).toBe(200);
    const mail = await stack.mail.waitFor(
      (candidate) => to(dealer.email)(candidate) && candidate.text.includes(`/vehicles/${submitted.body.id}`),
      MAIL_TIMEOUT_MS,
    );
    expect(mail.subject).toBe('New car near you: 2018 Honda Accord EX-L');
  });

  it('When the same event is delivered twice, then each recipient gets one e-mail', async () => {
    // Arrange: a car event as the vehicle service's relay sends it, recipients resolved by the real dealer service
    const vehicleId = `twice-${Date.now()}`;
    const submitted = createEvent('vehicle.listed', { vehicleId, vehicle: { year: 2020, make: 'toyota', model: 'Camry' }, mileage: 12_000, zipCode: '60601' });
    const events = createEventsQueue(redis.url);

    try {
      // Act: delivered, then delivered again once the first delivery is done (a relay retry after a lost acknowledgement)
      await events.add(submitted.name, submitted, { jobId: submitted.id });
      await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.text.includes(`/vehicles/${vehicleId}`), MAIL_TIMEOUT_MS);
      await events.add(submitted.name, submitted, { jobId: `${submitted.id}-redelivered` });
      await waitUntil(async () => (await events.getJob(`${submitted.id}-redelivered`))?.finishedOn !== undefined, MAIL_TIMEOUT_MS, 'the redelivery handled');
      const batchOfRedelivery = `${submitted.id}-1`;
      await waitUntil(() => withEmailsQueue(async (emails) => !(await emails.getJob(batchOfRedelivery))), MAIL_TIMEOUT_MS, 'the redelivery\'s e-mails handled');

      // Assert
      expect(stack.mail.messages().filter((mail) => to(dealer.email)(mail) && mail.text.includes(`/vehicles/${vehicleId}`))).toHaveLength(1);
    } finally {
      await closeEventsQueue(events);
    }
  });

  it('When an offer expires, then the dealer is told (event put on the queue as the vehicle service\'s expiry sweep does)', async () => {
    // Arrange
    const expired = createEvent('offer.expired', {
      offerId: `expired-${Date.now()}`,
      vehicleId: 'car-1',
      vehicle: { year: 2017, make: 'ford', model: 'F-150' },
      dealershipName: dealer.dealershipName,
      dealerEmail: dealer.email,
      amount: 23_000,
    });
    const events = createEventsQueue(redis.url);

    try {
      // Act
      await events.add(expired.name, expired, { jobId: expired.id });

      // Assert
      const mail = await stack.mail.waitFor((candidate) => to(dealer.email)(candidate) && candidate.subject.includes('expired'), MAIL_TIMEOUT_MS);
      expect(mail.subject).toBe('Your offer on the 2017 Ford F-150 expired');
      expect(mail.text).toContain('$23,000');
      expect(mail.text).toContain(`${stack.baseUrl}/vehicles/car-1`);
    } finally {
      await closeEventsQueue(events);
    }
  });

  it('When the SMTP server refuses connections for a while, then the e-mail arrives after it recovers', async () => {
    // Arrange: the stack's catcher goes away; a new one will take its port later
    const email = uniqueEmail('seller');
    const smtpPort = stack.mail.port;
    await stack.mail.stop();
    let recovered: MailCatcher | undefined;

    try {
      // Act
      const requested = await api('/api/auth/seller/request-otp', { method: 'POST', body: { email } });
      await waitUntil(
        () => withEmailsQueue(async (emails) => (await emails.getDelayed()).some((job) => JSON.stringify(job.data).includes(email) && job.attemptsMade >= 1)),
        MAIL_TIMEOUT_MS,
        'a refused SMTP attempt',
      );
      recovered = await startMailCatcher({ port: smtpPort });

      // Assert
      expect(requested.status).toBe(200);
      const mail = await recovered.waitFor(to(email), MAIL_TIMEOUT_MS);
      expect(mail.subject).toBe('Your CarDirect login code');
    } finally {
      await recovered?.stop();
    }
  });
});

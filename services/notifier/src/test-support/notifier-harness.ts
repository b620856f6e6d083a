import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { jobPriorityOf, type EventEnvelope } from '@cardirect/contracts';
import { closeEventsQueue, createEventsQueue, type RunningService } from '@cardirect/service-kit';
import { requestAs, startMailCatcher, startTestRedis, stopInOrder, TEST_IDENTITY_SECRET, type MailCatcher, type TestCaller, type TestRedis } from '@cardirect/service-kit/testing';
import { loadNotifierConfig } from '../config';
import { EMAILS_QUEUE } from '../data-access/email-delivery-queue';
import { startNotifier } from '../notifier';
import { waitUntil } from './wait-until';
import { startFakeRecipientApis, type FakeRecipientApis } from './fake-recipient-apis';

export interface NotifierHarness {
  notifier: RunningService;
  redis: TestRedis;
  mail: MailCatcher;
  recipients: FakeRecipientApis;
  /** The producer side of the 'events' queue, as a service's outbox relay uses it. */
  events: Queue;
  /** Adds an event as the relay does (job id = event id, its priority), or under another job id to mimic a redelivery. */
  publish(event: EventEnvelope, jobId?: string): Promise<void>;
  /** Resolves once both queues hold no waiting, prioritized, delayed or active job (everything was handled). */
  settled(timeoutMs?: number): Promise<void>;
  /** Every log line the notifier wrote, as text. */
  logs(): string;
  request<Body = unknown>(path: string, as?: TestCaller): Promise<{ status: number; headers: Headers; body: Body }>;
  /** Starts the mail catcher again on the port the notifier sends to (after mail.stop()). */
  restartMail(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A notifier in-process against a real Redis (BullMQ) and the mail catcher, with the dealer and
 * auth internal APIs faked. Retries are fast (100 ms, doubling) so fault tests finish quickly.
 */
export async function startNotifierHarness(env: Record<string, string> = {}): Promise<NotifierHarness> {
  const [redis, recipients] = await Promise.all([startTestRedis(), startFakeRecipientApis()]);
  let mail = await startMailCatcher();
  const smtpPort = mail.port;
  let logText = '';
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  const config = loadNotifierConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    PUBLIC_URL: 'http://cardirect.test',
    REDIS_URL: redis.url,
    SMTP_URL: mail.smtpUrl,
    DEALER_SERVICE_URL: recipients.url,
    AUTH_SERVICE_URL: recipients.url,
    EMAIL_RETRY_DELAY_MS: '100',
    ...env,
  });
  const notifier = await startNotifier(config, { logger: pino({ level: 'info' }, logStream) });
  const events = createEventsQueue(redis.url);
  const harness: NotifierHarness = {
    notifier,
    redis,
    get mail() {
      return mail;
    },
    recipients,
    events,
    async publish(event, jobId = event.id) {
      await events.add(event.name, event, { jobId, priority: jobPriorityOf(event.name), attempts: 3, backoff: { type: 'fixed', delay: 100 } });
    },
    async settled(timeoutMs = 10_000) {
      const connection = new Redis(redis.url).on('error', () => undefined);
      const emails = new Queue(EMAILS_QUEUE, { connection });
      try {
        await waitUntil(async () => {
          const pendingStates = ['waiting', 'prioritized', 'delayed', 'active'] as const;
          const counts = await Promise.all([events.getJobCounts(...pendingStates), emails.getJobCounts(...pendingStates)]);
          return counts.every((count) => pendingStates.every((state) => count[state] === 0));
        }, timeoutMs);
      } finally {
        await emails.close();
        connection.disconnect();
      }
    },
    logs: () => logText,
    request: (path, as) => requestAs(notifier.url, path, { as }),
    async restartMail() {
      mail = await startMailCatcher({ port: smtpPort });
    },
    async stop() {
      await stopInOrder('notifier', {
        'the notifier under test': () => notifier.stop(),
        "the test's events queue": () => closeEventsQueue(events),
        'Redis, the mail catcher and the fake recipient APIs': () => Promise.all([redis.stop(), mail.stop(), recipients.stop()]),
      });
    },
  };
  return harness;
}

import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { EVENTS_QUEUE } from '@cardirect/contracts';
import { closeRedis, createLogger, createRedis, createService, redisReadinessCheck, type RunningService } from '@cardirect/service-kit';
import type { NotifierConfig } from './config';
import { bullDeliveryQueue, createEmailsQueue } from './data-access/email-delivery-queue';
import { createIdempotencyStore } from './data-access/idempotency-store';
import { createMailSender } from './data-access/mail-sender';
import { createRecipientDirectory } from './data-access/recipient-directory';
import { mailboxOf } from './domain/emails/calendar-invite';
import { createLinks } from './domain/emails/links';
import { startEmailWorker } from './entry-points/email-worker';
import { startEventsWorker } from './entry-points/events-worker';
import { mountQueueDashboard } from './entry-points/queue-dashboard';
import { startQueueMetrics } from './entry-points/queue-metrics';

/** How long a stopping notifier lets the e-mails in hand finish (an SMTP send times out sooner). */
const WORKER_CLOSE_GRACE_MS = 10_000;

/** Waits for `closing` at most `timeoutMs`; what is left is cut off by disconnecting. */
async function settledWithin(closing: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closing.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** BullMQ workers block on Redis and must wait for it, not fail: they need their own connections. */
function workerConnection(redisUrl: string, logger: Logger): Redis {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2_000) });
  // createRedis's client already reports outages once; these would repeat them at every reconnect.
  connection.on('error', () => undefined);
  connection.on('ready', () => logger.debug('Worker connection ready'));
  return connection;
}

/**
 * The notifier process: the events worker (event → its e-mails, queued in batches), the e-mail
 * worker (batches → SMTP), a small HTTP app with the probes and the queue dashboard, and, when
 * METRICS_PORT is set, the queues' depths for Prometheus on that port.
 * It starts even while Redis is down: the workers connect when Redis comes back.
 */
export async function startNotifier(config: NotifierConfig, options: { logger?: Logger } = {}): Promise<RunningService> {
  const logger = options.logger ?? createLogger({ name: 'notifier', level: config.LOG_LEVEL });
  const commands = createRedis(config.REDIS_URL, { logger, name: 'notifier' });
  const eventsConnection = workerConnection(config.REDIS_URL, logger);
  const emailsConnection = workerConnection(config.REDIS_URL, logger);

  const emailsQueue = createEmailsQueue(commands, { attempts: config.EMAIL_ATTEMPTS, firstRetryDelayMs: config.EMAIL_RETRY_DELAY_MS });
  // Only read, for the dashboard: the services' outbox relays are the producers of this queue.
  const eventsQueue = new Queue(EVENTS_QUEUE, { connection: commands });
  for (const queue of [emailsQueue, eventsQueue]) {
    // The commands connection already reports an outage once; a queue would repeat it per command.
    queue.on('error', () => undefined);
  }
  const sender = createMailSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, maxConnections: config.SMTP_MAX_CONNECTIONS });

  const eventsWorker = startEventsWorker({
    connection: eventsConnection,
    concurrency: config.NOTIFIER_CONCURRENCY,
    logger,
    deliveries: bullDeliveryQueue(emailsQueue),
    planContext: {
      links: createLinks(config.PUBLIC_URL),
      radiusMiles: config.NOTIFY_RADIUS_MILES,
      organizer: mailboxOf(config.MAIL_FROM),
      replyTo: config.MAIL_REPLY_TO,
      recipients: createRecipientDirectory({
        dealerServiceUrl: config.DEALER_SERVICE_URL,
        authServiceUrl: config.AUTH_SERVICE_URL,
        identitySecret: config.IDENTITY_SECRET,
      }),
    },
  });
  const emailWorker = startEmailWorker({
    connection: emailsConnection,
    parallelSends: config.NOTIFIER_CONCURRENCY,
    logger,
    sender,
    idempotency: createIdempotencyStore(commands, { sentTtlSeconds: config.EMAIL_IDEMPOTENCY_TTL_SECONDS }),
  });

  let metrics: RunningService | undefined;
  const service = createService({
    name: 'notifier',
    config,
    logger,
    routes: (router) => mountQueueDashboard(router, { events: eventsQueue, emails: emailsQueue }),
    readinessChecks: { redis: redisReadinessCheck(commands) },
    async onClose() {
      // Its counts read the queues closed below.
      await metrics?.stop();
      // Workers first: they finish the jobs in hand before the connections and the SMTP pool go.
      // Without Redis no job can finish, and BullMQ would wait for it for ever: then stop at once.
      const graceMs = commands.status === 'ready' ? WORKER_CLOSE_GRACE_MS : 0;
      await settledWithin(Promise.all([eventsWorker.close(), emailWorker.close()]), graceMs);
      eventsConnection.disconnect();
      emailsConnection.disconnect();
      await settledWithin(Promise.all([eventsQueue.close(), emailsQueue.close()]), graceMs);
      sender.close();
      await closeRedis(commands);
    },
  });
  const running = await service.start();
  if (config.METRICS_PORT === undefined) return running;
  try {
    metrics = await startQueueMetrics({ host: config.HOST, port: config.METRICS_PORT, queues: [eventsQueue, emailsQueue], logger });
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

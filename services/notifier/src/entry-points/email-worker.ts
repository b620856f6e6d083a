import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { EMAILS_QUEUE } from '../data-access/email-delivery-queue';
import type { IdempotencyStore } from '../data-access/idempotency-store';
import type { MailSender } from '../data-access/mail-sender';
import { deliverEmail } from '../domain/deliver-email';
import type { EmailDelivery } from '../domain/email-delivery';

export interface EmailWorkerOptions {
  connection: Redis;
  /** E-mails sent in parallel by this process. */
  concurrency: number;
  logger: Logger;
  sender: MailSender;
  idempotency: IdempotencyStore;
}

/**
 * Sends the queued e-mails. A failed send (SMTP down or refusing) is retried with exponential
 * backoff; after the last attempt the job stays in the failed set. Logs name the job, the event
 * and the outcome, never the recipient's message.
 */
export function startEmailWorker(options: EmailWorkerOptions): Worker<EmailDelivery> {
  const { logger } = options;
  const worker = new Worker<EmailDelivery>(
    EMAILS_QUEUE,
    async (job: Job<EmailDelivery>) => {
      const outcome = await deliverEmail(job.data, { sender: options.sender, idempotency: options.idempotency });
      logger.info(
        { jobId: job.id, eventId: job.data.eventId, event: job.data.eventName, purpose: job.data.purpose, attempt: job.attemptsMade + 1, outcome },
        'E-mail handled',
      );
      return { outcome };
    },
    { connection: options.connection, concurrency: options.concurrency },
  );
  worker.on('failed', (job, error) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? 'error' : 'warn'](
      {
        jobId: job.id,
        eventId: job.data.eventId,
        event: job.data.eventName,
        purpose: job.data.purpose,
        attempt: job.attemptsMade,
        outcome: final ? 'failed' : 'will-retry',
        reason: error.message,
      },
      final ? 'E-mail failed for good' : 'E-mail failed; will retry',
    );
  });
  worker.on('error', (error) => logger.warn({ err: error }, 'E-mail worker error'));
  return worker;
}

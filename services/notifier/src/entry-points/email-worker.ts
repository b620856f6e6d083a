import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { EMAILS_QUEUE } from '../data-access/email-delivery-queue';
import type { IdempotencyStore } from '../data-access/idempotency-store';
import type { MailSender } from '../data-access/mail-sender';
import { deliverBatch } from '../domain/deliver-batch';
import type { EmailBatch } from '../domain/email-delivery';
import { createSendLimit } from '../domain/send-limit';
import { reportWorkerErrors } from './worker-errors';

export interface EmailWorkerOptions {
  connection: Redis;
  /** E-mails this process sends at once, whichever batches they belong to. */
  parallelSends: number;
  logger: Logger;
  sender: MailSender;
  idempotency: IdempotencyStore;
}

/** Batches worked on at once: enough to overlap one batch's last sends with the next batch's first. */
const BATCHES_AT_ONCE = 4;

/**
 * Sends the queued e-mail batches. A batch with a failed send (SMTP down or refusing) is retried
 * with exponential backoff, sending only what is still unsent; after the last attempt the job
 * stays in the failed set. Logs name the job, the event and the outcome, never a recipient or body.
 */
export function startEmailWorker(options: EmailWorkerOptions): Worker<EmailBatch> {
  const { logger } = options;
  const limit = createSendLimit(options.parallelSends);
  const worker = new Worker<EmailBatch>(
    EMAILS_QUEUE,
    async (job: Job<EmailBatch>) => {
      const report = await deliverBatch(job.data, { sender: options.sender, idempotency: options.idempotency, limit });
      logger.info({ jobId: job.id, eventId: job.data.eventId, event: job.data.eventName, attempt: job.attemptsMade + 1, outcome: 'sent', ...report }, 'E-mails handled');
      return report;
    },
    { connection: options.connection, concurrency: BATCHES_AT_ONCE },
  );
  worker.on('failed', (job, error) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? 'error' : 'warn'](
      { jobId: job.id, eventId: job.data.eventId, event: job.data.eventName, attempt: job.attemptsMade, outcome: final ? 'failed' : 'will-retry', reason: error.message },
      final ? 'E-mails failed for good' : 'E-mails failed; will retry',
    );
  });
  reportWorkerErrors(worker, logger);
  return worker;
}

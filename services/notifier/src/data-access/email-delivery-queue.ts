import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobPriorityOf } from '@cardirect/contracts';
import type { EmailBatch } from '../domain/email-delivery';
import type { DeliveryQueue } from '../domain/fan-out-event';

/** The notifier's own queue: it is both the producer (events worker) and the consumer (e-mail worker). */
export const EMAILS_QUEUE = 'emails';

export interface EmailRetryPolicy {
  attempts: number;
  /** First retry delay; each further retry waits twice as long. */
  firstRetryDelayMs: number;
}

export function createEmailsQueue(connection: Redis, retry: EmailRetryPolicy): Queue<EmailBatch> {
  return new Queue<EmailBatch>(EMAILS_QUEUE, {
    connection,
    defaultJobOptions: {
      attempts: retry.attempts,
      backoff: { type: 'exponential', delay: retry.firstRetryDelayMs },
      // A sent batch leaves nothing behind (a body may hold a login code); the idempotency keys remember it.
      removeOnComplete: true,
      // A batch that never fully went out stays in the failed set, where an admin sees it.
      removeOnFail: false,
    },
  });
}

/**
 * The DeliveryQueue the domain fans out into. A batch's job id is the event id and the batch's
 * place, so the batches of a redelivered event collapse into those still queued. A login code's
 * batch goes ahead of every queued fan-out batch.
 */
export function bullDeliveryQueue(queue: Queue<EmailBatch>): DeliveryQueue {
  return {
    async enqueue(batches) {
      if (batches.length === 0) return;
      await queue.addBulk(
        batches.map((batch, index) => ({ name: batch.eventName, data: batch, opts: { jobId: `${batch.eventId}-${index + 1}`, priority: jobPriorityOf(batch.eventName) } })),
      );
    },
  };
}

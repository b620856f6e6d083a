import { createHash } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EmailDelivery } from '../domain/email-delivery';
import type { DeliveryQueue } from '../domain/fan-out-event';
import { emailKey } from './idempotency-store';

/** The notifier's own queue: it is both the producer (events worker) and the consumer (e-mail worker). */
export const EMAILS_QUEUE = 'emails';

export interface EmailRetryPolicy {
  attempts: number;
  /** First retry delay; each further retry waits twice as long. */
  firstRetryDelayMs: number;
}

/**
 * BullMQ ids may not contain ':' and should stay short, so a delivery's id is a digest of its
 * idempotency key: the same e-mail of a redelivered event maps to the same job.
 */
export function deliveryJobId(delivery: Pick<EmailDelivery, 'eventId' | 'purpose' | 'to'>): string {
  return createHash('sha256').update(emailKey(delivery.eventId, delivery.purpose, delivery.to)).digest('hex').slice(0, 40);
}

export function createEmailsQueue(connection: Redis, retry: EmailRetryPolicy): Queue<EmailDelivery> {
  return new Queue<EmailDelivery>(EMAILS_QUEUE, {
    connection,
    defaultJobOptions: {
      attempts: retry.attempts,
      backoff: { type: 'exponential', delay: retry.firstRetryDelayMs },
      // A sent e-mail leaves nothing behind (its body may hold a login code); the idempotency key remembers it.
      removeOnComplete: true,
      // An e-mail that never went out stays in the failed set, where an admin sees it.
      removeOnFail: false,
    },
  });
}

/** The DeliveryQueue the domain fans out into, backed by the BullMQ e-mail queue. */
export function bullDeliveryQueue(queue: Queue<EmailDelivery>): DeliveryQueue {
  return {
    async enqueue(deliveries) {
      if (deliveries.length === 0) return;
      await queue.addBulk(deliveries.map((delivery) => ({ name: delivery.purpose, data: delivery, opts: { jobId: deliveryJobId(delivery) } })));
    },
  };
}

import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { EVENTS_QUEUE } from '@cardirect/contracts';
import { readEventEnvelope } from '../domain/event-envelope';
import { fanOutEvent, type DeliveryQueue } from '../domain/fan-out-event';
import type { PlanContext } from '../domain/plan-emails';
import { reportWorkerErrors } from './worker-errors';

/** The event id of a job, even when its data is not a valid envelope (the id is what an admin searches for). */
function eventIdOf(job: Job): unknown {
  return typeof job.data === 'object' && job.data !== null && 'id' in job.data ? job.data.id : undefined;
}

export interface EventsWorkerOptions {
  connection: Redis;
  concurrency: number;
  logger: Logger;
  planContext: PlanContext;
  deliveries: DeliveryQueue;
}

/**
 * Consumes the 'events' queue every service's outbox relay fills: each event's e-mails are rendered
 * and queued in batches on the e-mail queue. A job that is not a valid event fails for good (retrying cannot fix it); a
 * failed recipient lookup is retried by BullMQ with the backoff the producer set.
 * Logs carry the job and event ids and the outcome, never the payload (it may hold a code or token).
 */
export function startEventsWorker(options: EventsWorkerOptions): Worker {
  const { logger } = options;
  const worker = new Worker(
    EVENTS_QUEUE,
    async (job: Job) => {
      const check = readEventEnvelope(job.data);
      if (!check.ok) throw new UnrecoverableError(check.problem);
      const emails = await fanOutEvent(check.event, { planContext: options.planContext, deliveries: options.deliveries });
      logger.info({ jobId: job.id, eventId: check.event.id, event: check.event.name, attempt: job.attemptsMade + 1, outcome: 'fanned-out', emails }, 'Event handled');
      return { emails };
    },
    { connection: options.connection, concurrency: options.concurrency },
  );
  worker.on('failed', (job, error) => {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? 'error' : 'warn'](
      { jobId: job.id, eventId: eventIdOf(job), event: job.name, attempt: job.attemptsMade, outcome: final ? 'failed' : 'will-retry', reason: error.message },
      final ? 'Event failed for good' : 'Event failed; will retry',
    );
  });
  reportWorkerErrors(worker, logger);
  return worker;
}

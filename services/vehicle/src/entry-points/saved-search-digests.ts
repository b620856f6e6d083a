import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DomainContext } from '../domain/context';
import { sendSavedSearchDigests } from '../domain/saved-searches/send-digests';

/** The BullMQ queue of the saved searches' digest: one repeatable job, this service its producer and consumer. */
export const SAVED_SEARCH_DIGESTS_QUEUE = 'saved-search-digests';
const DIGEST_SCHEDULER_ID = 'saved-search-digest';

export interface SavedSearchDigests {
  close(): Promise<void>;
}

/**
 * Sends the saved searches' digests at the times of a cron pattern (once a day), from a BullMQ job
 * scheduler: every instance upserts the same scheduler, so there is one job a time, which one
 * instance's worker takes; a digest a crash interrupts is taken again once its lock lapses (what
 * was sent is marked). A pattern rather than an interval: an interval's scheduler runs at once
 * when set, so each restart would send an early digest.
 */
export function startSavedSearchDigests(context: DomainContext, options: { redisUrl: string; pattern: string; logger: Logger }): SavedSearchDigests {
  const { logger } = options;
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2_000) });
  connection.on('error', () => undefined);
  const queue = new Queue(SAVED_SEARCH_DIGESTS_QUEUE, { connection });
  queue.on('error', () => undefined);
  // Not awaited: with Redis away at start, the scheduler is set once it is back (the connection waits).
  queue
    .upsertJobScheduler(
      DIGEST_SCHEDULER_ID,
      { pattern: options.pattern, tz: 'UTC' },
      { name: 'digest', opts: { attempts: 5, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100, removeOnFail: 100 } },
    )
    .catch((error: unknown) => logger.warn({ err: error }, 'The saved search digest could not be scheduled'));
  const worker = new Worker(
    SAVED_SEARCH_DIGESTS_QUEUE,
    async () => {
      const sent = await sendSavedSearchDigests(context);
      logger.info({ sent }, 'Saved search digests sent');
      return sent;
    },
    { connection },
  );
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, reason: error.message }, 'Saved search digest failed; BullMQ retries it'));
  worker.on('error', (error) => logger.debug({ err: error }, 'Saved search digest worker error'));
  return {
    async close() {
      await worker.close();
      await queue.close().catch(() => undefined);
      connection.disconnect();
    },
  };
}

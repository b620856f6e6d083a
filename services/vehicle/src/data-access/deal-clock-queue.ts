import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DealClock } from '../domain/deals/deal';

/** The BullMQ queue of the deals' clocks: this service is its only producer and its only consumer. */
export const DEAL_CLOCKS_QUEUE = 'deal-clocks';

/** One clock of one version of a deal: the job's data. */
export interface DealClockJob {
  dealId: string;
  clock: DealClock;
  version: number;
}

export interface ScheduledClock extends DealClockJob {
  at: Date;
}

export interface DealClockScheduler {
  /**
   * Adds each clock as a delayed job, due at its time (at once when that time is past). Never
   * throws: a clock that cannot be added now (Redis down) is added by the next resume pass, and
   * adding one that exists already is a no-op, as its job id is fixed (dealClockJobId), unless it
   * failed all its attempts: then it is tried again.
   */
  schedule(clocks: readonly ScheduledClock[], now: Date): Promise<void>;
}

/** `<dealId>.<clock>.<version>`: the same clock of the same version is one job, however often it is added (BullMQ refuses ':' in ids). */
export function dealClockJobId(job: DealClockJob): string {
  return `${job.dealId}.${job.clock}.${job.version}`;
}

export interface DealClockQueue extends DealClockScheduler {
  close(): Promise<void>;
}

/**
 * The producer side of the deal clocks. Adding fails fast while Redis is down (as the events
 * queue does), so a step of a deal never waits on Redis: its clocks come with the next resume pass.
 */
export function createDealClockQueue(redisUrl: string, logger: Logger): DealClockQueue {
  const connection = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  connection.on('error', () => undefined);
  const queue = new Queue<DealClockJob>(DEAL_CLOCKS_QUEUE, {
    connection,
    defaultJobOptions: {
      // A clock whose work fails (MongoDB away) tries again; its work is idempotent.
      attempts: 10,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { age: 7 * 24 * 60 * 60 },
      removeOnFail: false,
    },
  });
  queue.on('error', () => undefined);

  return {
    async schedule(clocks, now) {
      for (const { at, ...job } of clocks) {
        try {
          const added = await queue.add(job.clock, job, { jobId: dealClockJobId(job), delay: Math.max(0, at.getTime() - now.getTime()) });
          // A clock that failed all its attempts (MongoDB away for the 40-odd minutes of its backoff)
          // keeps its id in the failed set, so adding it is a no-op: without this it would never fire.
          // Of two instances retrying at once, the second finds it no longer failed; the clock's
          // own conditions keep its work to once.
          if ((await added.getState()) === 'failed') await added.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        } catch (error) {
          logger.warn({ err: error, dealId: job.dealId, clock: job.clock }, 'A deal clock could not be scheduled now; the resume pass schedules it');
        }
      }
    },
    async close() {
      await queue.close().catch(() => undefined);
      connection.disconnect();
    },
  };
}

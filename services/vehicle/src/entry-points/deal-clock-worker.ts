import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DEAL_CLOCKS_QUEUE, type DealClockJob } from '../data-access/deal-clock-queue';
import type { DomainContext } from '../domain/context';
import { runDealClock } from '../domain/deals/deal-clocks';

export interface DealClockWorker {
  close(): Promise<void>;
}

/**
 * Runs the deals' clocks as their delayed jobs come due, in whichever instance takes them. A job
 * taken by a process that dies is taken again once its lock lapses (`lockMs`); its work is
 * idempotent (runDealClock), so the second run sends nothing the first one sent.
 */
export function startDealClockWorker(context: DomainContext, options: { redisUrl: string; logger: Logger; lockMs: number }): DealClockWorker {
  const { logger } = options;
  // A worker blocks on Redis and must wait for it rather than fail: its own connection.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2_000) });
  connection.on('error', () => undefined);
  const worker = new Worker<DealClockJob>(
    DEAL_CLOCKS_QUEUE,
    async (job: Job<DealClockJob>) => {
      const outcome = await runDealClock(context, job.data);
      logger.info({ jobId: job.id, dealId: job.data.dealId, clock: job.data.clock, version: job.data.version, attempt: job.attemptsMade + 1, outcome }, 'Deal clock ran');
      return outcome;
    },
    { connection, concurrency: 4, lockDuration: options.lockMs, stalledInterval: options.lockMs },
  );
  worker.on('failed', (job, error) => {
    if (job) logger.warn({ jobId: job.id, dealId: job.data.dealId, clock: job.data.clock, attempt: job.attemptsMade, reason: error.message }, 'Deal clock failed; BullMQ retries it');
  });
  worker.on('error', (error) => logger.debug({ err: error }, 'Deal clock worker error'));
  return {
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}

// The product's clocks are BullMQ delayed jobs (a deal's reminders, the saved searches' daily
// digest): a suite makes their time come by promoting the job, then waits until a service worked it.
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { MAIL_TIMEOUT_MS } from './api';
import type { BrowserSuite } from './browser-suite';

export interface DelayedJobs {
  /**
   * Runs now the delayed job `which` picks, as its time coming would, waiting for it to be
   * scheduled first (a service schedules some at its start), and answers once it has finished.
   */
  runNow(which: (job: Job) => boolean, what: string): Promise<void>;
}

/** Opens the suite's stack's queue `name` for its tests (hooks registered). */
export function delayedJobsOf(suite: BrowserSuite, name: string): DelayedJobs {
  let connection: Redis;
  let queue: Queue;
  beforeAll(() => {
    connection = new Redis(suite.stack.redisUrl, { maxRetriesPerRequest: null });
    queue = new Queue(name, { connection });
  });
  afterAll(async () => {
    await queue?.close();
    connection?.disconnect();
  });
  return {
    async runNow(which, what) {
      let job: Job | undefined;
      await expect.poll(async () => (job = (await queue.getDelayed()).find(which)), { timeout: MAIL_TIMEOUT_MS, message: `no ${what} waits in ${name}` }).toBeDefined();
      await job!.promote();
      await expect.poll(async () => (await queue.getJob(job!.id!))?.finishedOn, { timeout: MAIL_TIMEOUT_MS, message: `${what} did not finish` }).toBeDefined();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@cardirect/service-kit';
import { startTestRedis, type TestRedis } from '@cardirect/service-kit/testing';
import { DEAL_CLOCKS_QUEUE, createDealClockQueue, dealClockJobId, type DealClockJob, type DealClockQueue } from './deal-clock-queue';

let redis: TestRedis;
let clocks: DealClockQueue;
let inspect: Queue<DealClockJob>;

beforeAll(async () => {
  redis = await startTestRedis();
  clocks = createDealClockQueue(redis.url, createLogger({ name: 'deal-clock-queue-test', level: 'silent' }));
  inspect = new Queue<DealClockJob>(DEAL_CLOCKS_QUEUE, { connection: { url: redis.url } });
});

afterAll(async () => {
  await inspect?.close();
  await clocks?.close();
  await redis?.stop();
});

/** A worker of this test's deal only whose work fails for good: the clock ends in the failed set at once. */
async function failClock(job: DealClockJob): Promise<void> {
  const worker = new Worker<DealClockJob>(
    DEAL_CLOCKS_QUEUE,
    async (running) => {
      if (running.data.dealId !== job.dealId) throw new Error('not this test’s clock');
      throw new UnrecoverableError('MongoDB away');
    },
    { connection: { url: redis.url } },
  );
  await expect.poll(async () => (await inspect.getJob(dealClockJobId(job)))?.getState(), { timeout: 10_000 }).toBe('failed');
  await worker.close();
}

describe('The deal clock queue', () => {
  it('When a clock failed all its attempts and the resume pass schedules it again, then it waits to fire once more, its attempts counted from zero', async () => {
    // Arrange
    const job: DealClockJob = { dealId: randomUUID(), clock: 'proposal-reminder', version: 1 };
    const now = new Date();
    await clocks.schedule([{ ...job, at: now }], now);
    await failClock(job);

    // Act
    await clocks.schedule([{ ...job, at: now }], now);

    // Assert
    const again = await inspect.getJob(dealClockJobId(job));
    expect(await again?.getState()).toBe('waiting');
    expect(again?.attemptsMade).toBe(0);
  });

  it('When a clock is scheduled again while it waits, then it stays one job, still due at its first time', async () => {
    // Arrange
    const job: DealClockJob = { dealId: randomUUID(), clock: 'proposal-overdue', version: 1 };
    const now = new Date();
    await clocks.schedule([{ ...job, at: new Date(now.getTime() + 60_000) }], now);

    // Act
    await clocks.schedule([{ ...job, at: new Date(now.getTime() + 120_000) }], now);

    // Assert
    const delayed = (await inspect.getDelayed()).filter((candidate) => candidate.data.dealId === job.dealId);
    expect(delayed).toHaveLength(1);
    expect(delayed[0]!.delay).toBe(60_000);
  });
});

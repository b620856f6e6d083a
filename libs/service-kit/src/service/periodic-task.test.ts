import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { startPeriodicTask } from './periodic-task';

const logger = createLogger({ name: 'periodic-task-test', level: 'silent' });

describe('startPeriodicTask', () => {
  it('When a run fails, then the next run still comes', async () => {
    let runs = 0;
    const task = startPeriodicTask({
      name: 'Flaky sweep',
      intervalMs: 5,
      logger,
      async run() {
        runs++;
        if (runs === 1) throw new Error('database away');
      },
    });

    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await task.stop();
  });

  it('When stopped during a run, then stop waits for that run and no run starts after it', async () => {
    let finishRun = () => undefined as void;
    let started = 0;
    let finished = 0;
    const task = startPeriodicTask({
      name: 'Slow sweep',
      intervalMs: 5,
      logger,
      async run() {
        started++;
        await new Promise<void>((resolve) => (finishRun = resolve));
        finished++;
      },
    });
    await expect.poll(() => started, { timeout: 5_000 }).toBe(1);

    const stopping = task.stop();
    finishRun();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect({ started, finished }).toEqual({ started: 1, finished: 1 });
  });

  it('When asked to run soon, then the run comes at once instead of after the interval', async () => {
    let runs = 0;
    const task = startPeriodicTask({ name: 'Idle relay', intervalMs: 60_000, logger, run: async () => void runs++ });

    task.runSoon();

    await expect.poll(() => runs, { timeout: 5_000 }).toBe(1);
    await task.stop();
  });

  it('When asked during a run, then the next run follows right after it, once', async () => {
    let finishRun = () => undefined as void;
    let runs = 0;
    const task = startPeriodicTask({
      name: 'Busy relay',
      intervalMs: 60_000,
      firstRunAfterMs: 0,
      logger,
      async run() {
        runs++;
        if (runs === 1) await new Promise<void>((resolve) => (finishRun = resolve));
      },
    });
    await expect.poll(() => runs, { timeout: 5_000 }).toBe(1);

    task.runSoon();
    task.runSoon();
    finishRun();

    await expect.poll(() => runs, { timeout: 5_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(2);
    await task.stop();
  });
});

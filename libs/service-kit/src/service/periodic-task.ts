import type { Logger } from 'pino';

export interface PeriodicTask {
  /**
   * Asks for a run now instead of at the next interval; when a run is under way, the next one
   * starts as soon as it finishes (it may have looked before the work the caller just stored).
   */
  runSoon(): void;
  /** No further run starts; resolves once the run under way (if any) has finished. */
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions {
  /** What the task is, for the log line of a failed run. */
  name: string;
  intervalMs: number;
  /** When the first run comes after the start (default: one interval). */
  firstRunAfterMs?: number;
  logger: Logger;
  /** One run; a failure is logged and the next run comes at the usual time. */
  run(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` after the previous run finished (never two at once): the
 * background work of a service (the outbox relay, the sweeps), which must outlive a failed run
 * (the database or Redis away for a while) and let the service stop cleanly.
 */
export function startPeriodicTask(options: PeriodicTaskOptions): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let inRun = false;
  let askedDuringRun = false;

  function scheduleRun(delayMs: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => (running = runOnce()), delayMs);
  }

  async function runOnce(): Promise<void> {
    inRun = true;
    askedDuringRun = false;
    try {
      await options.run();
    } catch (error) {
      options.logger.warn({ err: error, task: options.name }, `${options.name} failed; retrying at the next interval`);
    }
    inRun = false;
    if (!stopped) scheduleRun(askedDuringRun ? 0 : options.intervalMs);
  }

  scheduleRun(options.firstRunAfterMs ?? options.intervalMs);
  return {
    runSoon() {
      if (stopped) return;
      if (inRun) askedDuringRun = true;
      else scheduleRun(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

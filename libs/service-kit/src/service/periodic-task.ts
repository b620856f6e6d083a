import type { Logger } from 'pino';

export interface PeriodicTask {
  /** No further run starts; resolves once the run under way (if any) has finished. */
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions {
  /** What the task is, for the log line of a failed run. */
  name: string;
  intervalMs: number;
  logger: Logger;
  /** One run; a failure is logged and the next run comes at the usual time. */
  run(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` after the previous run finished (never two at once), the first an
 * interval after the start: the background sweeps of a service, which must outlive a failed run
 * (the database away for a while) and let the service stop cleanly.
 */
export function startPeriodicTask(options: PeriodicTaskOptions): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function runOnce(): Promise<void> {
    try {
      await options.run();
    } catch (error) {
      options.logger.warn({ err: error, task: options.name }, `${options.name} failed; retrying at the next interval`);
    }
    if (!stopped) timer = setTimeout(() => (running = runOnce()), options.intervalMs);
  }

  timer = setTimeout(() => (running = runOnce()), options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

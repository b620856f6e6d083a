import type { Worker } from 'bullmq';
import type { Logger } from 'pino';

const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

function isConnectionError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && connectionErrorCodes.has(code)) || /Connection is closed/i.test(error.message);
}

/**
 * A worker repeats its connection error at every reconnect attempt while Redis is down; the
 * notifier's command connection already reports the outage once, so only other errors are logged.
 */
export function reportWorkerErrors(worker: Worker, logger: Logger): void {
  worker.on('error', (error) => {
    if (!isConnectionError(error)) logger.warn({ err: error, queue: worker.name }, 'Queue worker error');
  });
}

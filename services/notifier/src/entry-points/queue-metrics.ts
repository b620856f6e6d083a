import type { JobType, Queue } from 'bullmq';
import express from 'express';
import type { Logger } from 'pino';
import { errorHandler, listen, notFoundHandler, serviceUnavailable, type RunningService } from '@cardirect/service-kit';

const QUEUE_JOBS_METRIC = 'cardirect_queue_jobs';

/** Each state the metric reports, from BullMQ's own: a prioritized job waits like any other, only ahead of them. */
const reportedStates = {
  waiting: ['waiting', 'prioritized'],
  delayed: ['delayed'],
  active: ['active'],
  failed: ['failed'],
} as const satisfies Record<string, readonly JobType[]>;

const countedTypes = [...new Set(Object.values(reportedStates).flat())];

/** Prometheus's text format: a label value escapes backslash, double quote and line feed. */
function labelValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * The queues' job counts in the Prometheus text exposition format (version 0.0.4): one gauge, by
 * queue and state. Counts only: no job's id, name or data (they hold e-mail addresses and codes).
 */
export async function queueMetricsText(queues: readonly Queue[]): Promise<string> {
  const counts = await Promise.all(queues.map((queue) => queue.getJobCounts(...countedTypes)));
  const lines = [
    `# HELP ${QUEUE_JOBS_METRIC} Jobs in a BullMQ queue the notifier works, by state (waiting includes prioritized).`,
    `# TYPE ${QUEUE_JOBS_METRIC} gauge`,
  ];
  queues.forEach((queue, index) => {
    for (const [state, types] of Object.entries(reportedStates)) {
      const count = types.reduce((sum, type) => sum + (counts[index]![type] ?? 0), 0);
      lines.push(`${QUEUE_JOBS_METRIC}{queue="${labelValue(queue.name)}",state="${state}"} ${count}`);
    }
  });
  return `${lines.join('\n')}\n`;
}

/** Below Prometheus's default scrape timeout (10 s), so a scrape while Redis is away gets the 503. */
const DEFAULT_COUNT_TIMEOUT_MS = 5_000;

/** BullMQ waits for a connection that has never been ready: the wait for the counts is bounded here. */
async function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface QueueMetricsOptions {
  host: string;
  port: number;
  queues: readonly Queue[];
  logger: Logger;
  /** How long a scrape waits for the counts before answering 503. */
  countTimeoutMs?: number;
}

/**
 * `GET /metrics` on a port of its own, for Prometheus (the HorizontalPodAutoscaler scales the
 * notifier on the e-mail queue's depth through it). Like /healthz it asks for no identity: the
 * NetworkPolicy lets only the monitoring namespace's Prometheus reach this port, and the gateway
 * forwards to the service's port only. Anything else here is a 404.
 */
export function startQueueMetrics(options: QueueMetricsOptions): Promise<RunningService> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    let text: string;
    try {
      text = await within(queueMetricsText(options.queues), options.countTimeoutMs ?? DEFAULT_COUNT_TIMEOUT_MS);
    } catch {
      // A failed scrape, not zeros: zeros would tell the autoscaler the queue is empty and scale the
      // notifier in while Redis is away. The commands connection already logs the outage once.
      throw serviceUnavailable('Queue counts unavailable: Redis does not answer');
    }
    res.type('text/plain; version=0.0.4; charset=utf-8').send(text);
  });
  app.use(notFoundHandler());
  app.use(errorHandler(options.logger));
  return listen(app, { host: options.host, port: options.port, logger: options.logger, name: 'notifier metrics' });
}

import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_QUEUE } from '@cardirect/contracts';
import { createRedis, type RunningService } from '@cardirect/service-kit';
import { findFreePort, startTestRedis, TEST_IDENTITY_SECRET, type TestRedis } from '@cardirect/service-kit/testing';
import { loadNotifierConfig } from './config';
import { EMAILS_QUEUE } from './data-access/email-delivery-queue';
import { startQueueMetrics } from './entry-points/queue-metrics';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';
import { waitUntil } from './test-support/wait-until';

const silent = pino({ level: 'silent' });

interface Exposition {
  /** `# HELP` and `# TYPE` lines, by metric name. */
  help: Map<string, string>;
  type: Map<string, string>;
  /** Sample values by `name{label="value",...}` as written. */
  samples: Map<string, number>;
}

/** Reads the Prometheus text format strictly: every line is a comment Prometheus knows or `name{labels} value`. */
function parseExposition(text: string): Exposition {
  const exposition: Exposition = { help: new Map(), type: new Map(), samples: new Map() };
  const label = String.raw`[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"`;
  const sample = new RegExp(String.raw`^([a-zA-Z_:][a-zA-Z0-9_:]*\{${label}(?:,${label})*\}) (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$`);
  expect(text.endsWith('\n'), 'the last line ends with a line feed').toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    const value = sample.exec(line);
    if (comment) (comment[1] === 'HELP' ? exposition.help : exposition.type).set(comment[2]!, comment[3]!);
    else if (value) exposition.samples.set(value[1]!, Number(value[2]));
    else throw new Error(`not a line of the Prometheus text format: ${JSON.stringify(line)}`);
  }
  return exposition;
}

/** The samples of cardirect_queue_jobs as { "emails/waiting": 3, ... }, checking each series has exactly these labels. */
function queueJobs(exposition: Exposition): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [series, value] of exposition.samples) {
    const match = /^cardirect_queue_jobs\{queue="([^"]+)",state="([^"]+)"\}$/.exec(series);
    if (!match) throw new Error(`unexpected series ${series}`);
    counts[`${match[1]}/${match[2]}`] = value;
  }
  return counts;
}

async function readMetrics(url: string): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(`${url}/metrics`);
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

describe('notifier: queue metrics (the counts)', () => {
  let redis: TestRedis;
  let connection: Redis;
  let workerConnection: Redis;
  let metrics: RunningService;
  let events: Queue;
  let emails: Queue;

  beforeAll(async () => {
    redis = await startTestRedis();
    connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    workerConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    // A prefix of its own: the counts are exact even on a Redis other tests share.
    const prefix = `metrics-${randomUUID()}`;
    events = new Queue(EVENTS_QUEUE, { connection, prefix });
    emails = new Queue(EMAILS_QUEUE, { connection, prefix });
    metrics = await startQueueMetrics({ host: '127.0.0.1', port: 0, queues: [events, emails], logger: silent });
  });

  afterAll(async () => {
    await metrics?.stop();
    await Promise.all([events?.close(), emails?.close()]);
    connection?.disconnect();
    workerConnection?.disconnect();
    await redis?.stop();
  });

  /** Takes `count` jobs as a worker would (they turn active); `failing` of them then fail. */
  async function take(queue: Queue, count: number, failing: number): Promise<void> {
    const worker = new Worker(queue.name, undefined, { connection: workerConnection, prefix: queue.opts.prefix, autorun: false });
    for (let taken = 0; taken < count; taken++) {
      const token = randomUUID();
      const job = await worker.getNextJob(token);
      if (taken < failing) await job.moveToFailed(new Error('SMTP refused'), token);
    }
    await worker.close();
  }

  it('When jobs wait (some prioritized), are delayed, active and failed in both queues, then /metrics reports each count by queue and state', async () => {
    // Arrange: a different number in each place, so a count read from the wrong state or queue shows.
    const batch = { eventId: 'e-1', eventName: 'vehicle.listed', emails: [{ to: 'dealer@example.test', subject: 'A car near you' }] };
    await emails.addBulk([
      ...Array.from({ length: 4 }, (_, index) => ({ name: 'seller.code.requested', data: batch, opts: { jobId: `awaited-${index}` } })),
      ...Array.from({ length: 2 }, (_, index) => ({ name: 'vehicle.listed', data: batch, opts: { jobId: `fan-out-${index}`, priority: 1 } })),
      ...Array.from({ length: 5 }, (_, index) => ({ name: 'vehicle.listed', data: batch, opts: { jobId: `delayed-${index}`, delay: 3_600_000 } })),
    ]);
    await take(emails, 3, 2);
    await events.addBulk([
      ...Array.from({ length: 8 }, (_, index) => ({ name: 'vehicle.listed', data: { id: `event-${index}` }, opts: { jobId: `event-${index}` } })),
      { name: 'vehicle.listed', data: { id: 'later' }, opts: { jobId: 'later', delay: 3_600_000 } },
    ]);
    await take(events, 2, 1);

    // Act
    const response = await readMetrics(metrics.url);

    // Assert
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    const exposition = parseExposition(response.text);
    expect(exposition.type.get('cardirect_queue_jobs')).toBe('gauge');
    expect(exposition.help.get('cardirect_queue_jobs')).toContain('waiting includes prioritized');
    expect(queueJobs(exposition)).toEqual({
      'events/waiting': 6,
      'events/delayed': 1,
      'events/active': 1,
      'events/failed': 1,
      'emails/waiting': 3,
      'emails/delayed': 5,
      'emails/active': 1,
      'emails/failed': 2,
    });
    expect(response.text).not.toContain('example.test');
  });

  it('When Redis does not answer, then /metrics answers 503 (a failed scrape), never zeros the autoscaler would scale in on', async () => {
    // Arrange: the notifier's kind of connection, to a port nothing listens on: it keeps reconnecting.
    const away = createRedis(`redis://127.0.0.1:${await findFreePort()}`);
    const queue = new Queue(EMAILS_QUEUE, { connection: away, prefix: `metrics-${randomUUID()}` });
    queue.on('error', () => undefined);
    const unanswered = await startQueueMetrics({ host: '127.0.0.1', port: 0, queues: [queue], logger: silent, countTimeoutMs: 300 });

    try {
      // Act
      const response = await readMetrics(unanswered.url);

      // Assert
      expect(response.status).toBe(503);
      expect(response.text).not.toContain('cardirect_queue_jobs');
    } finally {
      await unanswered.stop();
      away.disconnect();
    }
  });
});

describe('notifier: /metrics on METRICS_PORT', () => {
  let harness: NotifierHarness;
  let metricsUrl: string;

  beforeAll(async () => {
    const metricsPort = await findFreePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    harness = await startNotifierHarness({ METRICS_PORT: String(metricsPort) });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it("When e-mail batches wait for a retry and an event failed, then the notifier's metrics port reports them in the text format", async () => {
    // Arrange: batches an hour away stay delayed; a job that is no event fails for good at once.
    const connection = new Redis(harness.redis.url).on('error', () => undefined);
    const emails = new Queue(EMAILS_QUEUE, { connection });
    const batch = { eventId: randomUUID(), eventName: 'vehicle.listed', emails: [] };
    await emails.addBulk([1, 2].map((place) => ({ name: 'vehicle.listed', data: batch, opts: { jobId: `${batch.eventId}-${place}`, delay: 3_600_000 } })));
    await emails.close();
    connection.disconnect();
    await harness.events.add('not-an-event', { note: 'no envelope' }, { jobId: randomUUID() });
    let counts: Record<string, number> = {};

    // Act
    await waitUntil(
      async () => {
        counts = queueJobs(parseExposition((await readMetrics(metricsUrl)).text));
        return counts['events/failed'] === 1;
      },
      10_000,
      'the failed event counted',
    );

    // Assert
    expect(counts).toEqual({
      'events/waiting': 0,
      'events/delayed': 0,
      'events/active': 0,
      'events/failed': 1,
      'emails/waiting': 0,
      'emails/delayed': 2,
      'emails/active': 0,
      'emails/failed': 0,
    });
  });

  it('When /metrics is asked on the service port, then it is not there, and the metrics port serves nothing but /metrics', async () => {
    // Act
    const unsignedOnServicePort = await fetch(`${harness.notifier.url}/metrics`);
    const adminOnServicePort = await harness.request('/metrics', { role: 'admin', userId: 'admin-1', email: 'admin@cardirect.local' });
    const elsewhereOnMetricsPort = await Promise.all(['/healthz', '/readyz', '/admin/queues'].map((path) => fetch(`${metricsUrl}${path}`)));
    const postOnMetricsPort = await fetch(`${metricsUrl}/metrics`, { method: 'POST' });

    // Assert
    expect(unsignedOnServicePort.status).toBe(401);
    expect(adminOnServicePort.status).toBe(404);
    expect(elsewhereOnMetricsPort.map((response) => response.status)).toEqual([404, 404, 404]);
    expect(postOnMetricsPort.status).toBe(404);
  });
});

describe('notifier: METRICS_PORT', () => {
  it('When METRICS_PORT is the service PORT, then the configuration is refused naming METRICS_PORT', () => {
    // Act
    const load = () => loadNotifierConfig({ IDENTITY_SECRET: TEST_IDENTITY_SECRET, PORT: '4004', METRICS_PORT: '4004' });

    // Assert
    expect(load).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});

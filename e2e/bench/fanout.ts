// E-mail fan-out benchmark: one `vehicle.listed` event matching 500 approved dealers, timed from
// the moment the event is on the 'events' queue until the mail catcher holds all 500 dealer e-mails,
// with 1 and with 2 notifier processes.
//
// What runs: the BUILT notifier (services/notifier/dist/main.js) as real child processes, a private
// redis-server, the mail catcher (in this process: its SMTP parsing is part of what is measured),
// and a fake dealer-service internal API answering 500 dealers (it checks the signed identity, as
// the real one does). Everything shares this machine's cores. Each notifier gets one warm-up event
// first, so the figures measure the fan-out and not process start-up.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { NearbyDealer } from '@cardirect/contracts';
import {
  IDENTITY_HEADER,
  SIGNATURE_HEADER,
  closeEventsQueue,
  createEvent,
  createEventsQueue,
  findFreePort,
  readSignedIdentity,
  startRedisServer,
  type MailCatcher,
} from '@cardirect/service-kit';
import { startMailCatcher } from '@cardirect/service-kit/testing';
import { repoRoot } from '../support/paths';

const DEALERS = 500;
const RUNS_PER_SETUP = 5;
const PROCESS_COUNTS = [1, 2];
const TIMEOUT_MS = 60_000;
const IDENTITY_SECRET = 'bench-identity-secret-at-least-32-characters';
const notifierEntry = path.join(repoRoot, 'services/notifier/dist/main.js');

function fakeDealers(): NearbyDealer[] {
  return Array.from({ length: DEALERS }, (_unused, index) => ({
    dealerId: `dealer-${index}`,
    dealershipName: `Bench Motors ${index}`,
    email: `dealer-${index}@bench.test`,
    zipCode: '90210',
    distanceMiles: index % 100,
  }));
}

async function startFakeDealerApi(): Promise<{ url: string; close(): void }> {
  const body = JSON.stringify(fakeDealers());
  const server = http.createServer((req, res) => {
    const header = (name: string) => [req.headers[name]].flat()[0];
    const identity = readSignedIdentity(header(IDENTITY_HEADER), header(SIGNATURE_HEADER), IDENTITY_SECRET, { method: req.method ?? '', target: req.url ?? '' });
    if (!identity.ok || identity.identity.role !== 'service') {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(req.url?.startsWith('/internal/dealers/nearby') ? body : '[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function startNotifierProcess(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [notifierEntry], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'ignore'] });
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      ),
    20_000,
    'notifier ready',
  );
  return child;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const dealerMails = (mail: MailCatcher) => mail.messages().filter((message) => message.to[0]?.endsWith('@bench.test')).length;

async function measureOnce(processes: number, base: { redisUrl: string; mail: MailCatcher; env: NodeJS.ProcessEnv }): Promise<number> {
  const redis = new Redis(base.redisUrl);
  await redis.flushall();
  redis.disconnect();
  base.mail.clear();
  const children = await Promise.all(Array.from({ length: processes }, () => startNotifierProcess(base.env)));
  const events = createEventsQueue(base.redisUrl);
  try {
    // Warm-up: each worker has connected to Redis and SMTP before the clock starts.
    for (let index = 0; index < processes * 2; index++) {
      await events.add('dealer.approved', createEvent('dealer.approved', { dealerId: `warm-${index}`, dealershipName: 'Warm-up', email: `warm-${index}@warmup.test` }));
    }
    await waitFor(() => base.mail.messages().length >= processes * 2, 20_000, 'warm-up e-mails');

    const listed = createEvent('vehicle.listed', {
      vehicleId: 'bench-vehicle',
      vehicle: { year: 2020, make: 'Honda', model: 'Civic' },
      mileage: 30_000,
      zipCode: '90210',
    });
    const started = performance.now();
    await events.add(listed.name, listed, { jobId: listed.id });
    await waitFor(() => dealerMails(base.mail) >= DEALERS, TIMEOUT_MS, `${DEALERS} dealer e-mails`);
    return performance.now() - started;
  } finally {
    await closeEventsQueue(events);
    await Promise.all(children.map(stopProcess));
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(notifierEntry)) throw new Error(`${notifierEntry} is missing: build the notifier first (npm run build -w @cardirect/notifier)`);
  const [redis, mail, dealerApi] = await Promise.all([startRedisServer(), startMailCatcher(), startFakeDealerApi()]);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    IDENTITY_SECRET,
    REDIS_URL: redis.url,
    SMTP_URL: mail.smtpUrl,
    PUBLIC_URL: 'http://localhost:8080',
    DEALER_SERVICE_URL: dealerApi.url,
    AUTH_SERVICE_URL: dealerApi.url,
    // Tuning knobs pass through, so the bench can compare settings; unset means the notifier's defaults.
    ...(process.env.NOTIFIER_CONCURRENCY ? { NOTIFIER_CONCURRENCY: process.env.NOTIFIER_CONCURRENCY } : {}),
    ...(process.env.SMTP_MAX_CONNECTIONS ? { SMTP_MAX_CONNECTIONS: process.env.SMTP_MAX_CONNECTIONS } : {}),
  };
  const results: Array<{ processes: number; runsMs: number[]; medianMs: number; emailsPerSecond: number }> = [];
  try {
    for (const processes of PROCESS_COUNTS) {
      const runsMs: number[] = [];
      for (let run = 0; run < RUNS_PER_SETUP; run++) runsMs.push(Math.round(await measureOnce(processes, { redisUrl: redis.url, mail, env })));
      const medianMs = [...runsMs].sort((a, b) => a - b)[Math.floor(runsMs.length / 2)];
      results.push({ processes, runsMs, medianMs, emailsPerSecond: Math.round((DEALERS / medianMs) * 1000) });
      console.log(`${processes} notifier process(es): ${DEALERS} dealer e-mails in ${medianMs} ms (median of ${runsMs.join(', ')} ms), ${Math.round((DEALERS / medianMs) * 1000)} e-mails/s`);
    }
  } finally {
    dealerApi.close();
    await Promise.all([mail.stop(), redis.stop()]);
  }
  const report = {
    benchmark: 'e-mail fan-out of one vehicle.listed to 500 approved dealers',
    measured: 'event added to the events queue → mail catcher holds all 500 dealer e-mails',
    setup: 'built notifier as child processes (default NOTIFIER_CONCURRENCY and SMTP pool), private redis-server, in-process mail catcher, fake dealer internal API; one warm-up event per run',
    // Other work on the machine slows every figure; the load average says how busy it was.
    machine: { cpus: os.cpus().length, node: process.version, loadAverage1mAtEnd: Number(os.loadavg()[0].toFixed(1)) },
    target: '500 e-mails in under 5000 ms with one process',
    date: new Date().toISOString(),
    results,
  };
  fs.mkdirSync(path.join(repoRoot, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, 'bench-results', 'fanout.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('Written to bench-results/fanout.json');
}

await main();

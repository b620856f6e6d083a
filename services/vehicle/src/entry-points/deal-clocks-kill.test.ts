import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, Worker, type Job } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DealView, EventEnvelope, OfferView, VehicleSubmitted } from '@cardirect/contracts';
import {
  findFreePort,
  readRelayedEvents,
  requestAs,
  startTestMongo,
  startTestRedis,
  TEST_IDENTITY_SECRET,
  uniqueDbName,
  type RelayedEvents,
  type TestCaller,
  type TestMongo,
  type TestRedis,
} from '@cardirect/service-kit/testing';
import { SHARED_CATALOGUE_CACHE_DIR } from '../catalogue/testing/shared-catalogue-cache';
import { DEAL_CLOCKS_QUEUE, type DealClockJob } from '../data-access/deal-clock-queue';
import type { DealClock } from '../domain/deals/deal';
import { submissionBody } from '../testing/vehicle-test-kit';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOCK_MS = 1_500;

let mongo: TestMongo;
let redis: TestRedis;
let events: RelayedEvents;
let clocks: Queue<DealClockJob>;
let env: NodeJS.ProcessEnv;
let url: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  const port = await findFreePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    MONGODB_URI: mongo.uri,
    MONGODB_DB: uniqueDbName('vehicle_kill'),
    REDIS_URL: redis.url,
    CATALOGUE_CACHE_DIR: SHARED_CATALOGUE_CACHE_DIR,
    OUTBOX_RELAY_INTERVAL_MS: '100',
    DEALER_SERVICE_URL: 'http://127.0.0.1:9',
    // A job taken by the killed process is given back this soon (the default is 30 seconds).
    DEAL_CLOCK_LOCK_MS: String(LOCK_MS),
  };
  events = readRelayedEvents(redis.url);
  clocks = new Queue<DealClockJob>(DEAL_CLOCKS_QUEUE, { connection: { url: redis.url } });
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await clocks?.close();
  await events?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

/** The vehicle service as its own process (main.ts from source), once it answers its health probe. */
async function startServiceProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], { cwd: packageDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const deadline = Date.now() + 30_000;
  while (child.exitCode === null && Date.now() < deadline) {
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the vehicle service process did not start (exit code ${child.exitCode})`);
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function call<Body>(pathname: string, caller: TestCaller, body?: unknown): Promise<Body> {
  const response = await requestAs<Body>(url, pathname, { method: body === undefined ? 'GET' : 'POST', as: caller, ...(body === undefined ? {} : { body }) });
  if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A deal in `accepted`, made through the running process's API as the seller and the dealer would. */
async function acceptedDeal(): Promise<DealView> {
  const seller: TestCaller = { role: 'seller', userId: randomUUID(), email: `seller-${randomUUID()}@example.com` };
  const dealer: TestCaller = { role: 'dealer', userId: randomUUID(), email: `dealer-${randomUUID()}@example.com` };
  const car = await call<VehicleSubmitted>('/api/vehicles', { role: 'anonymous' }, await submissionBody({ contactEmail: seller.email }));
  const submitted = await events.waitFor('vehicle.submitted', (event) => event.payload.vehicleId === car.id);
  await call('/internal/listing-confirmations', { role: 'service' }, { token: submitted.payload.confirmationToken });
  const offer = await call<OfferView>(`/api/vehicles/${car.id}/offers`, dealer, { amount: 12_000 });
  await call(`/api/offers/${offer.id}/accept`, seller, {});
  return call<DealView>(`/api/vehicles/${car.id}/deal`, seller);
}

async function clockJob(dealId: string, clock: DealClock): Promise<Job<DealClockJob>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const job = (await clocks.getDelayed()).find((candidate) => candidate.data.dealId === dealId && candidate.data.clock === clock);
    if (job) return job;
    if (Date.now() > deadline) throw new Error(`no ${clock} clock scheduled for deal ${dealId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the job has finished after `since` (ms), and answers what its run returned. */
async function finishedAfter(jobId: string, since: number): Promise<unknown> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = await clocks.getJob(jobId);
    if (job?.finishedOn !== undefined && job.finishedOn >= since) return job.returnvalue;
    if (Date.now() > deadline) throw new Error(`clock job ${jobId} did not run again within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function eventsOf(dealId: string, name: string): Promise<EventEnvelope[]> {
  return (await events.all()).filter((event) => event.name === name && (event.payload as { dealId?: string }).dealId === dealId);
}

describe('Deal clocks across a kill -9 of the service', () => {
  it('When the process is killed right after a clock did its work, then after a restart its repeat sends nothing, and a clock scheduled before the kill still fires once', async () => {
    const first = await startServiceProcess();
    const deal = await acceptedDeal();
    const reminder = await clockJob(deal.id, 'proposal-reminder');
    const overdue = await clockJob(deal.id, 'proposal-overdue');

    // The reminder comes due and its work is done (its event is out); the process then dies at once.
    await reminder.promote();
    await events.waitFor('deal.proposal-reminder', (event) => event.payload.dealId === deal.id);
    await killHard(first);
    // As a crash between the work and its acknowledgement leaves it: to be run again. (Still taken,
    // the next process takes it back once its lock lapses; finished, it is put back by hand.)
    const taken = await clocks.getJob(reminder.id!);
    if (taken?.finishedOn !== undefined) await taken.retry('completed');
    // The overdue clock comes due while no process runs.
    await overdue.promote();
    const restartedAt = Date.now();
    const second = await startServiceProcess();

    const [reminderRerun, overdueRun] = await Promise.all([finishedAfter(reminder.id!, restartedAt), finishedAfter(overdue.id!, restartedAt)]);
    await events.waitFor('deal.overdue', (event) => event.payload.dealId === deal.id);
    const after = await call<DealView>(`/api/vehicles/${deal.vehicleId}/deal`, { role: 'admin', userId: 'admin', email: 'admin@cardirect.local' });
    await killHard(second);

    expect([reminderRerun, overdueRun]).toEqual(['nothing-to-do', 'done']);
    expect(await eventsOf(deal.id, 'deal.proposal-reminder')).toHaveLength(1);
    expect(await eventsOf(deal.id, 'deal.overdue')).toHaveLength(1);
    expect(after.overdue).toBe(true);
    expect(after.timeline.map((entry) => entry.kind)).toEqual(['accepted', 'proposal-reminded', 'overdue']);
  }, 120_000);

  it('When the process is killed before its clocks come due, then after a restart they fire from the queue, each once', async () => {
    const first = await startServiceProcess();
    const deal = await acceptedDeal();
    const reminder = await clockJob(deal.id, 'proposal-reminder');
    await killHard(first);

    await reminder.promote();
    const restartedAt = Date.now();
    const second = await startServiceProcess();
    const outcome = await finishedAfter(reminder.id!, restartedAt);
    await events.waitFor('deal.proposal-reminder', (event) => event.payload.dealId === deal.id);
    // The restart's resume pass adds the clocks again: a no-op, as their job ids are taken.
    const waiting = (await clocks.getDelayed()).filter((job) => job.data.dealId === deal.id).map((job) => job.data.clock);
    await killHard(second);

    expect(outcome).toBe('done');
    expect(await eventsOf(deal.id, 'deal.proposal-reminder')).toHaveLength(1);
    expect(waiting).toEqual(['proposal-overdue']);
  }, 120_000);

  it('When a process dies holding a due clock before doing its work, then after a restart the job is taken back once its lock lapses and the work is done once', async () => {
    const first = await startServiceProcess();
    const deal = await acceptedDeal();
    const overdue = await clockJob(deal.id, 'proposal-overdue');
    await killHard(first);
    // Another worker takes the job the moment it comes due and dies without a word: no work, no
    // acknowledgement, no lock renewal (what a kill -9 in mid-job leaves).
    const doomed = new Worker<DealClockJob>(DEAL_CLOCKS_QUEUE, null, { connection: { url: redis.url }, autorun: false, lockDuration: LOCK_MS });
    await overdue.promote();
    const taken = await doomed.getNextJob('doomed-token');
    await doomed.disconnect();
    const takenAt = Date.now();
    const second = await startServiceProcess();

    const outcome = await finishedAfter(overdue.id!, takenAt);
    await events.waitFor('deal.overdue', (event) => event.payload.dealId === deal.id);
    await killHard(second);

    expect(taken?.id).toBe(overdue.id);
    expect(outcome).toBe('done');
    expect(await eventsOf(deal.id, 'deal.overdue')).toHaveLength(1);
  }, 120_000);
});

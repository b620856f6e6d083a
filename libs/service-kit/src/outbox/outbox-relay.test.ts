import { EVENTS_QUEUE, type EventEnvelope } from '@cardirect/contracts';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { startRedisServer } from '../infra/redis-server';
import { startTestMongo, uniqueDbName, type TestMongo } from '../testing/test-mongo';
import { startTestRedis, type TestRedis } from '../testing/test-redis';
import { closeEventsQueue, createEventsQueue } from './events-queue';
import { createEvent, deletionWithEvents, outboxPlugin, withEvents, withInitialEvents, type OutboxFields } from './outbox';
import { startOutboxRelay } from './outbox-relay';

interface Dealer extends OutboxFields {
  name: string;
  status: string;
}

let mongo: TestMongo;
let redis: TestRedis;
let connection: Connection;
const logger = createLogger({ name: 'outbox-test', level: 'silent' });

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  connection = await connectMongo(mongo.uri, uniqueDbName('outbox'));
});

afterAll(async () => {
  await connection?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

function dealerModel() {
  const schema = new Schema<Dealer>({ name: String, status: String }, { timestamps: true });
  schema.plugin(outboxPlugin);
  return connection.model<Dealer>(`Dealer${Math.random().toString(36).slice(2)}`, schema);
}

const payloadFor = (name: string) => ({ dealerId: name, dealershipName: name, email: `${name}@example.com` });

async function queuedJobs(queue: Queue): Promise<Array<{ id?: string; name: string; data: EventEnvelope }>> {
  return queue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed']);
}

describe('outbox relay', () => {
  it('When a change is saved with an event, then the relay queues the event once and empties the outbox', async () => {
    const Dealers = dealerModel();
    const queue = createEventsQueue(redis.url);
    await queue.obliterate({ force: true });
    const registered = createEvent('dealer.registered', payloadFor('north'));
    const dealer = await Dealers.create(withInitialEvents({ name: 'north', status: 'pending' }, [registered]));
    const approved = createEvent('dealer.approved', payloadFor('north'));
    await Dealers.updateOne({ _id: dealer._id }, withEvents<Dealer>({ $set: { status: 'approved' } }, [approved]));
    const relay = startOutboxRelay({ models: [Dealers], queue, logger, intervalMs: 60_000 });

    await relay.relayOnce();
    await relay.relayOnce();
    await relay.stop();

    const jobs = await queuedJobs(queue);
    expect(jobs.map((job) => [job.id, job.name]).sort()).toEqual([
      [approved.id, 'dealer.approved'],
      [registered.id, 'dealer.registered'],
    ].sort());
    expect(jobs.find((job) => job.id === approved.id)?.data).toEqual(approved);
    const stored = await Dealers.findById(dealer._id).lean();
    expect(stored).toMatchObject({ status: 'approved', outbox: [] });
    await closeEventsQueue(queue);
  });

  it('When a document is deleted with an event, then it disappears only after the event was queued', async () => {
    const Dealers = dealerModel();
    const queue = createEventsQueue(redis.url);
    const dealer = await Dealers.create({ name: 'south', status: 'pending' });
    const rejected = createEvent('dealer.rejected', payloadFor('south'));
    await Dealers.updateOne({ _id: dealer._id }, deletionWithEvents<Dealer>([rejected]));
    const relay = startOutboxRelay({ models: [Dealers], queue, logger, intervalMs: 60_000 });

    const stillThere = await Dealers.countDocuments({ _id: dealer._id });
    await relay.relayOnce();
    await relay.stop();

    expect(stillThere).toBe(1);
    expect(await Dealers.countDocuments({ _id: dealer._id })).toBe(0);
    expect((await queue.getJob(rejected.id))?.name).toBe('dealer.rejected');
    await closeEventsQueue(queue);
  });

  it('When a login code is relayed after other events, then the events queue hands it out first', async () => {
    const Dealers = dealerModel();
    const queue = createEventsQueue(redis.url);
    await queue.obliterate({ force: true });
    for (const name of ['a', 'b', 'c']) await Dealers.create(withInitialEvents({ name, status: 'pending' }, [createEvent('dealer.registered', payloadFor(name))]));
    const code = createEvent('seller.code.requested', { email: 'seller@example.com', code: '123456', expiresAt: new Date().toISOString(), signInToken: 'token-1', signInExpiresAt: new Date().toISOString() });
    await Dealers.create(withInitialEvents({ name: 'seller', status: 'n/a' }, [code]));
    const relay = startOutboxRelay({ models: [Dealers], queue, logger, intervalMs: 60_000 });
    await relay.relayOnce();
    await relay.stop();

    const handedOut: string[] = [];
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const worker = new Worker(EVENTS_QUEUE, async (job) => void handedOut.push(job.name), { connection, concurrency: 1 });
    await expect.poll(() => handedOut.length, { timeout: 10_000 }).toBe(4);
    await worker.close();
    connection.disconnect();

    expect(handedOut).toEqual(['seller.code.requested', 'dealer.registered', 'dealer.registered', 'dealer.registered']);
    await closeEventsQueue(queue);
  });

  it('When the relay is nudged after an event is stored, then it sends the event at once instead of at its next tick', async () => {
    const Dealers = dealerModel();
    const queue = createEventsQueue(redis.url);
    const first = createEvent('dealer.registered', payloadFor('west'));
    await Dealers.create(withInitialEvents({ name: 'west', status: 'pending' }, [first]));
    // The first pass runs at start; the next tick would come only after a minute.
    const relay = startOutboxRelay({ models: [Dealers], queue, logger, intervalMs: 60_000 });
    await expect.poll(() => Dealers.countDocuments({ 'outbox.id': first.id }), { timeout: 10_000 }).toBe(0);
    const code = createEvent('seller.code.requested', { email: 'waiting@example.com', code: '654321', expiresAt: new Date().toISOString(), signInToken: 'token-2', signInExpiresAt: new Date().toISOString() });
    await Dealers.create(withInitialEvents({ name: 'waiting seller', status: 'n/a' }, [code]));

    relay.nudge();

    await expect.poll(() => Dealers.countDocuments({ 'outbox.id': code.id }), { timeout: 10_000 }).toBe(0);
    await relay.stop();
    expect((await queue.getJob(code.id))?.name).toBe('seller.code.requested');
    await closeEventsQueue(queue);
  });

  it('When Redis is down, then the change stays saved with its event and is relayed once Redis is back', async () => {
    const privateRedis = await startRedisServer();
    const Dealers = dealerModel();
    const queue = createEventsQueue(privateRedis.url);
    const relay = startOutboxRelay({ models: [Dealers], queue, logger, intervalMs: 50 });
    await privateRedis.stop();
    const registered = createEvent('dealer.registered', payloadFor('east'));

    await Dealers.create(withInitialEvents({ name: 'east', status: 'pending' }, [registered]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pendingWhileDown = await Dealers.countDocuments({ 'outbox.id': registered.id });
    const revived = await startRedisServer({ port: privateRedis.port });
    // Generous: on a CI machine busy with other packages' installs and builds, the relay's
    // reconnection once took longer than 10 s; a relay that never resumes still fails here.
    await expect.poll(() => Dealers.countDocuments({ 'outbox.id': registered.id }), { timeout: 20_000 }).toBe(0);
    await relay.stop();

    expect(pendingWhileDown).toBe(1);
    const checker = new Redis(revived.url);
    expect(await checker.exists(`bull:events:${registered.id}`)).toBe(1);
    checker.disconnect();
    await closeEventsQueue(queue);
    await revived.stop();
  });
});

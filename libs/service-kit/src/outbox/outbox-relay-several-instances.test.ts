import type { EventEnvelope } from '@cardirect/contracts';
import { EVENTS_QUEUE } from '@cardirect/contracts';
import { Worker, type Job, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { startTestMongo, uniqueDbName, type TestMongo } from '../testing/test-mongo';
import { startTestRedis, type TestRedis } from '../testing/test-redis';
import { closeEventsQueue, createEventsQueue } from './events-queue';
import { createEvent, deletionWithEvents, outboxPlugin, withEvents, withInitialEvents, type OutboxFields } from './outbox';
import { startOutboxRelay, type OutboxRelay } from './outbox-relay';

/**
 * Two instances of a service: two relays, each with its own queue connection, over the same
 * collection and the same 'events' queue, while a worker (the notifier's part) handles the jobs.
 */

interface Listing extends OutboxFields {
  name: string;
  status: string;
}

let mongo: TestMongo;
let redis: TestRedis;
let connection: Connection;
const logger = createLogger({ name: 'outbox-instances-test', level: 'silent' });

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  connection = await connectMongo(mongo.uri, uniqueDbName('outbox_instances'));
});

afterAll(async () => {
  await connection?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

function listingModel() {
  const schema = new Schema<Listing>({ name: String, status: String });
  schema.plugin(outboxPlugin);
  return connection.model<Listing>(`Listing${Math.random().toString(36).slice(2)}`, schema);
}

const registered = (name: string) => createEvent('dealer.registered', { dealerId: name, dealershipName: name, email: `${name}@example.com` });
const approved = (name: string) => createEvent('dealer.approved', { dealerId: name, dealershipName: name, email: `${name}@example.com` });

/** Handles the events queue as the notifier does, counting how often each event id was handled. */
function startCountingWorker(): { handled: Map<string, number>; close(): Promise<void> } {
  const handled = new Map<string, number>();
  const workerConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const worker = new Worker(
    EVENTS_QUEUE,
    async (job: Job<EventEnvelope>) => {
      handled.set(job.data.id, (handled.get(job.data.id) ?? 0) + 1);
    },
    { connection: workerConnection, concurrency: 8 },
  );
  return {
    handled,
    async close() {
      await worker.close();
      workerConnection.disconnect();
    },
  };
}

async function allJobs(queue: Queue): Promise<Job[]> {
  return queue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed']);
}

describe('outbox relay: several instances of a service', () => {
  it('When two relays drain the same outboxes while changes keep arriving, then each of the 300 events is one job, handled once, and every outbox ends empty', async () => {
    // Arrange: documents with events before the relays start, more written while they run, some of them deletions
    const Listings = listingModel();
    const queues = [createEventsQueue(redis.url), createEventsQueue(redis.url)];
    await queues[0]!.obliterate({ force: true });
    const worker = startCountingWorker();
    const written: EventEnvelope[] = [];
    const before = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        const event = registered(`before-${index}`);
        written.push(event);
        return Listings.create(withInitialEvents({ name: `before-${index}`, status: 'pending' }, [event]));
      }),
    );
    const relays: OutboxRelay[] = queues.map((queue) => startOutboxRelay({ models: [Listings], queue, logger, intervalMs: 5, batchSize: 20 }));

    // Act: a second event on each document, and a deletion of every fifth one, while both relays run
    await Promise.all(
      before.map(async (listing, index) => {
        const change = approved(`before-${index}`);
        written.push(change);
        const update = index % 5 === 0 ? deletionWithEvents<Listing>([change]) : withEvents<Listing>({ $set: { status: 'approved' } }, [change]);
        await Listings.updateOne({ _id: listing._id }, update);
      }),
    );
    for (let index = 0; index < 100; index++) {
      const event = registered(`during-${index}`);
      written.push(event);
      await Listings.create(withInitialEvents({ name: `during-${index}`, status: 'pending' }, [event]));
    }
    await expect.poll(() => Listings.countDocuments({ 'outbox.id': { $exists: true } }), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => worker.handled.size, { timeout: 20_000 }).toBe(written.length);
    // Both relays go on passing over the same documents once more before they stop.
    await Promise.all(relays.map((relay) => relay.relayOnce()));
    await Promise.all(relays.map((relay) => relay.stop()));
    await worker.close();

    // Assert
    const jobs = await allJobs(queues[0]!);
    expect(jobs).toHaveLength(300);
    expect(new Set(jobs.map((job) => job.id))).toEqual(new Set(written.map((event) => event.id)));
    expect([...worker.handled.values()].every((times) => times === 1)).toBe(true);
    expect(await Listings.countDocuments({ deleteWhenRelayed: true })).toBe(0);
    expect(await Listings.countDocuments()).toBe(180);
    await Promise.all(queues.map(closeEventsQueue));
  });

  it('When an instance relays an event again after its job was handled (it read the outbox before the other pulled it), then the handled job absorbs it and nothing handles it twice', async () => {
    // Arrange: one instance relays an event and the worker handles it
    const Listings = listingModel();
    const [first, late] = [createEventsQueue(redis.url), createEventsQueue(redis.url)];
    const worker = startCountingWorker();
    const event = registered('late-copy');
    await Listings.create(withInitialEvents({ name: 'late-copy', status: 'pending' }, [event]));
    const firstRelay = startOutboxRelay({ models: [Listings], queue: first, logger, intervalMs: 60_000 });
    await expect.poll(() => worker.handled.get(event.id), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await first.getJob(event.id))?.finishedOn !== undefined, { timeout: 10_000 }).toBe(true);
    await firstRelay.stop();

    // Act: the other instance's stale copy of the outbox still names the event
    await Listings.create(withInitialEvents({ name: 'stale read', status: 'pending' }, [event]));
    const lateRelay = startOutboxRelay({ models: [Listings], queue: late, logger, intervalMs: 60_000 });
    await lateRelay.relayOnce();
    await lateRelay.stop();
    const anotherEvent = registered('after-the-late-copy');
    await Listings.create(withInitialEvents({ name: 'after', status: 'pending' }, [anotherEvent]));
    const nextRelay = startOutboxRelay({ models: [Listings], queue: late, logger, intervalMs: 60_000 });
    // Handled in the order relayed: once the later event is handled, a second run of the first would have come before it.
    await expect.poll(() => worker.handled.get(anotherEvent.id), { timeout: 10_000 }).toBe(1);
    await nextRelay.stop();
    await worker.close();

    // Assert
    expect(worker.handled.get(event.id)).toBe(1);
    const kept = await first.getJob(event.id);
    expect(await kept?.getState()).toBe('completed');
    // The completed job is what absorbs a late copy: it is kept a day (the notifier's sent marks then take over, for 7 days).
    expect(kept?.opts.removeOnComplete).toEqual({ age: 24 * 60 * 60 });
    await Promise.all([first, late].map(closeEventsQueue));
  });
});

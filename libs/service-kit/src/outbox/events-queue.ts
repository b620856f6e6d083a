import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENTS_QUEUE } from '@cardirect/contracts';

/** BullMQ leaves a connection it was given open on close; this remembers whose it is. */
const queueConnections = new WeakMap<Queue, Redis>();

/**
 * The producer side of the 'events' queue. Adding fails fast while Redis is down (the outbox
 * keeps the event and the relay retries), instead of waiting in an offline queue.
 */
export function createEventsQueue(redisUrl: string): Queue {
  const connection = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  // The relay logs failed sends; without a listener ioredis would print every reconnect attempt.
  connection.on('error', () => undefined);
  const queue = new Queue(EVENTS_QUEUE, {
    connection,
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 2_000 },
      // Completed jobs stay a day so a late duplicate of the same event id still collapses into them.
      removeOnComplete: { age: 24 * 60 * 60 },
      // Failed jobs stay, so an admin can see what was never delivered.
      removeOnFail: false,
    },
  });
  // Same reason: a failed add already surfaces in the relay's log, once per tick.
  queue.on('error', () => undefined);
  queueConnections.set(queue, connection);
  return queue;
}

/** Closes the queue and the connection createEventsQueue opened for it. */
export async function closeEventsQueue(queue: Queue): Promise<void> {
  await queue.close().catch(() => undefined);
  queueConnections.get(queue)?.disconnect();
}

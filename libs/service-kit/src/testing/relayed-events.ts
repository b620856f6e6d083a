import { Queue } from 'bullmq';
import { EVENTS_QUEUE, type EventEnvelope, type EventName } from '@cardirect/contracts';

export interface RelayedEvents {
  /** Every event the outbox relay has put on the queue so far. */
  all(): Promise<EventEnvelope[]>;
  /** Waits until the relay has put a matching event on the queue. */
  waitFor<Name extends EventName>(name: Name, predicate?: (event: EventEnvelope<Name>) => boolean, timeoutMs?: number): Promise<EventEnvelope<Name>>;
  close(): Promise<void>;
}

/** Reads the 'events' queue as the notifier would (no worker consumes it in service tests). */
export function readRelayedEvents(redisUrl: string): RelayedEvents {
  const queue = new Queue(EVENTS_QUEUE, { connection: { url: redisUrl } });
  async function all(): Promise<EventEnvelope[]> {
    const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
    return jobs.map((job) => job.data as EventEnvelope);
  }
  return {
    all,
    async waitFor(name, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await all()).find((event): event is EventEnvelope<typeof name> => event.name === name && predicate(event as EventEnvelope<typeof name>));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No ${name} event relayed within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => queue.close(),
  };
}

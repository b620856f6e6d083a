import type { Queue } from 'bullmq';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { jobPriorityOf, type EventEnvelope } from '@cardirect/contracts';
import { startPeriodicTask } from '../service/periodic-task';
import type { OutboxFields } from './outbox';

export interface OutboxRelayOptions {
  /** Models whose schema uses outboxPlugin. */
  // The relay only touches the outbox fields, whatever else a model holds.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  models: Model<any>[];
  queue: Queue;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}

export interface OutboxRelay {
  /** Sends what is pending now; resolves with the number of events sent. */
  relayOnce(): Promise<number>;
  /**
   * Asks for a pass now instead of at the next tick (after the one running, if any): for an event
   * a person is waiting for, stored just before.
   */
  nudge(): void;
  stop(): Promise<void>;
}

interface PendingDocument extends OutboxFields {
  _id: unknown;
}

/**
 * Periodically moves stored events to the BullMQ queue: add each (job id = event id, so two relays
 * sending the same event make one job; an event a person waits for goes ahead of the rest), then
 * pull the sent ones from the document; the first pass at once. When Redis is down it logs and
 * tries again at the next tick; the changes themselves are already saved. A nudge runs a pass at
 * once, so an e-mail a person waits for (a login code) does not wait for the tick as well.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { models, queue, logger } = options;
  const intervalMs = options.intervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;

  async function sendEvent(event: EventEnvelope): Promise<void> {
    await queue.add(event.name, event, { jobId: event.id, priority: jobPriorityOf(event.name) });
  }

  async function relayDocument(model: Model<unknown>, document: PendingDocument): Promise<number> {
    const sentIds: string[] = [];
    for (const event of document.outbox) {
      await sendEvent(event);
      sentIds.push(event.id);
    }
    // timestamps: false, so relaying does not look like a change of the document to its readers.
    await model.updateOne({ _id: document._id }, { $pull: { outbox: { id: { $in: sentIds } } } }, { timestamps: false });
    if (document.deleteWhenRelayed) {
      await model.deleteOne({ _id: document._id, deleteWhenRelayed: true, 'outbox.id': { $exists: false } });
    }
    return sentIds.length;
  }

  async function relayOnce(): Promise<number> {
    let sent = 0;
    for (const model of models) {
      const pending = await model
        .find({ 'outbox.id': { $exists: true } }, { outbox: 1, deleteWhenRelayed: 1 })
        .limit(batchSize)
        .lean<PendingDocument[]>();
      for (const document of pending) sent += await relayDocument(model, document);
    }
    return sent;
  }

  const task = startPeriodicTask({
    name: 'Outbox relay',
    intervalMs,
    firstRunAfterMs: 0,
    logger,
    async run() {
      const sent = await relayOnce();
      if (sent > 0) logger.debug({ sent }, 'Relayed outbox events');
    },
  });

  return { relayOnce, nudge: () => task.runSoon(), stop: () => task.stop() };
}

import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventName, EventPayloads } from '@cardirect/contracts';
import { Schema, type UpdateQuery } from 'mongoose';

/** The fields outboxPlugin adds to a document. */
export interface OutboxFields {
  outbox: EventEnvelope[];
  /** Set when the change is a deletion: the relay removes the document once its events are sent. */
  deleteWhenRelayed?: boolean;
}

/** A new event (fresh uuid, occurred now), e.g. `createEvent('dealer.approved', { dealerId, dealershipName, email })`. */
export function createEvent<Name extends EventName>(name: Name, payload: EventPayloads[Name]): EventEnvelope<Name> {
  return { id: randomUUID(), name, payload, occurredAt: new Date().toISOString() };
}

const eventSchema = new Schema<EventEnvelope>(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    payload: { type: Schema.Types.Mixed, required: true },
    occurredAt: { type: String, required: true },
  },
  { _id: false },
);

/**
 * Adds the outbox to a schema. Our embedded MongoDB has no transactions, so an event is stored in
 * the same single-document write as the change it describes; the relay sends it to BullMQ later.
 * The sparse index on `outbox.id` lets the relay find documents with pending events cheaply.
 */
export function outboxPlugin(schema: Schema): void {
  schema.add({ outbox: { type: [eventSchema], default: [] }, deleteWhenRelayed: { type: Boolean } });
  schema.index({ 'outbox.id': 1 }, { sparse: true });
}

/** An update that also appends events, e.g. `Model.updateOne(filter, withEvents({ $set: { status } }, [event]))`. */
export function withEvents<T>(update: UpdateQuery<T>, events: EventEnvelope[]): UpdateQuery<T> {
  const existingPush = (update.$push ?? {}) as Record<string, unknown>;
  return { ...update, $push: { ...existingPush, outbox: { $each: events } } } as UpdateQuery<T>;
}

/** The fields of a new document together with its events, e.g. `Model.create(withInitialEvents(fields, [event]))`. */
export function withInitialEvents<T extends object>(fields: T, events: EventEnvelope[]): T & { outbox: EventEnvelope[] } {
  return { ...fields, outbox: events };
}

/**
 * A deletion that still announces itself: the document is marked and gets the events in one
 * write; the relay deletes it after sending. Queries for live documents must skip marked ones:
 * add `deleteWhenRelayed: { $ne: true }` to their filters.
 */
export function deletionWithEvents<T>(events: EventEnvelope[]): UpdateQuery<T> {
  return withEvents<T>({ $set: { deleteWhenRelayed: true } } as UpdateQuery<T>, events);
}

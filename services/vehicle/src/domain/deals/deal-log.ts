import { randomUUID } from 'node:crypto';
import type { DealParty, EventEnvelope, EventName, PriceChangeVerdict } from '@cardirect/contracts';

/*
 * The deal's append-only log (issue 34): every event of the deal, kept for good in the deal's own
 * document, written in the same write as the step it records (the outbox forgets an event once it
 * is relayed). Only ever appended to; the dealers' track records are folded from it.
 */

type DealEventName = Extract<EventName, `deal.${string}`>;

/**
 * The public deal events, plus what the log alone records: the deal's opening (its acceptance
 * travels as `offer.accepted`, an offer's event) and an admin's verdict on a price change (nobody
 * is e-mailed about it).
 */
export type DealLogName = DealEventName | 'deal.opened' | 'deal.price-change-judged';

/**
 * What an entry says about the deal. Never either party's contact details, an address or a
 * message they typed: the log is kept forever, so it holds facts, not people.
 */
export interface DealLogFacts {
  by?: DealParty;
  agreedPrice?: number;
  /** The lower price the dealer asked for. */
  price?: number;
  finalPrice?: number;
  completedAt?: string;
  reason?: string;
  dealerLapse?: boolean;
  place?: string;
  startsAt?: string;
  endsAt?: string;
  sequence?: number;
  reschedule?: boolean;
  proposalDueAt?: string;
  completionDueAt?: string;
  photoCount?: number;
  verdict?: PriceChangeVerdict;
  /** An admin's verdict: who gave it and why, as the contact-access log records who saw what. */
  adminId?: string;
  adminEmail?: string;
  note?: string;
}

export interface DealLogEntry {
  /** The event's id for a public event (the outbox's copy has the same); a fresh one otherwise. */
  id: string;
  name: DealLogName;
  at: Date;
  facts: DealLogFacts;
}

/** The payload fields of the deal events the log keeps (free text and contact details stay out). */
const EVENT_FACTS = [
  'by',
  'agreedPrice',
  'price',
  'finalPrice',
  'completedAt',
  'reason',
  'dealerLapse',
  'place',
  'startsAt',
  'endsAt',
  'sequence',
  'reschedule',
  'proposalDueAt',
  'completionDueAt',
  'photoCount',
] as const satisfies ReadonlyArray<keyof DealLogFacts>;

function isDealEvent(event: EventEnvelope): event is EventEnvelope<DealEventName> {
  return event.name.startsWith('deal.');
}

function factsOf(payload: object): DealLogFacts {
  const fields = payload as Record<string, unknown>;
  const facts: Record<string, unknown> = {};
  for (const key of EVENT_FACTS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') facts[key] = value;
  }
  return facts as DealLogFacts;
}

/**
 * The log entries of a step's events: its deal events (not the other dealers' `vehicle.available-again` or `vehicle.sold`),
 * at the step's time by the domain's clock, the clock of the deal's own times (a cancellation's, a
 * verdict's) and of the rules that read the log against now (the flagged dealers' 30 days).
 */
export function logEntriesOf(events: readonly EventEnvelope[], at: Date): DealLogEntry[] {
  return events.filter(isDealEvent).map((event) => ({ id: event.id, name: event.name, at, facts: factsOf(event.payload) }));
}

export function logEntry(name: Extract<DealLogName, 'deal.opened' | 'deal.price-change-judged'>, at: Date, facts: DealLogFacts): DealLogEntry {
  return { id: randomUUID(), name, at, facts };
}

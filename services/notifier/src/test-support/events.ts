import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventName, EventPayloads, NearbyDealer } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';

/** A unique, valid e-mail address for one test's recipient. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export function event<Name extends EventName>(name: Name, payload: EventPayloads[Name]): EventEnvelope<Name> {
  return createEvent(name, payload);
}

export function nearbyDealer(overrides: Partial<NearbyDealer> = {}): NearbyDealer {
  return {
    dealerId: randomUUID(),
    dealershipName: 'Best Motors',
    email: uniqueEmail('dealer'),
    zipCode: '90210',
    distanceMiles: 12,
    ...overrides,
  };
}

/** A US-looking ZIP code no other test uses, so each test's dealers answer only its own car. */
export function uniqueZip(): string {
  return String(10_000 + Math.floor(Math.random() * 89_999));
}

export const camry = { year: 2019, make: 'Toyota', model: 'Camry', trim: 'SE' };

import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventName, EventPayloads, NearbyDealer, SavedSearchCar, SavedSearchMailing } from '@cardirect/contracts';
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

/** What a saved search's e-mails carry besides the cars; the token shaped as the vehicle service signs it. */
export function savedSearchMailing(overrides: Partial<SavedSearchMailing> = {}): SavedSearchMailing {
  return {
    searchId: 'search-1',
    dealer: { dealershipName: 'Valley Cars', email: 'offers@valley.example' },
    description: 'Honda Accord, 2015 to 2020, up to 80,000 miles, Good or better',
    unsubscribeToken: 'search-1.unsubscribe-signature-0123456789abcdef',
    ...overrides,
  };
}

/** A car that fits the saved search above. */
export function savedSearchCar(overrides: Partial<SavedSearchCar> = {}): SavedSearchCar {
  return {
    vehicleId: 'veh-accord',
    vehicle: { year: 2018, make: 'honda', model: 'accord', makeName: 'Honda', modelName: 'Accord', trim: 'EX' },
    mileage: 42_000,
    zipCode: '90210',
    grade: 'good',
    ...overrides,
  };
}

import type { DealAppointment, DealEventBase, EventPayloads } from '@cardirect/contracts';

/** A deal between Pat Seller and Best Motors on a 2019 Toyota Camry SE in Beverly Hills (Pacific time). */
export function dealBase(overrides: Partial<DealEventBase> = {}): DealEventBase {
  return {
    dealId: '65f1c0ffee0123456789abcd',
    vehicleId: 'veh-1',
    vehicle: { year: 2019, make: 'toyota', model: 'camry', makeName: 'Toyota', modelName: 'Camry', trim: 'SE' },
    zipCode: '90210',
    agreedPrice: 18_500,
    seller: { fullName: 'Pat Seller', email: 'pat@example.com', phone: '5551234567' },
    dealer: { dealershipName: 'Best Motors', email: 'sales@best.example', phone: '(312) 555-0188' },
    ...overrides,
  };
}

/** Dec 3, 2026, 10:00 AM to 12:00 PM Pacific time, at the seller's address. */
export const appointment: DealAppointment = {
  startsAt: '2026-12-03T18:00:00.000Z',
  endsAt: '2026-12-03T20:00:00.000Z',
  place: 'seller-address',
  placeAddress: '12 Main St, Beverly Hills, CA 90210',
};

export function bookedDeal(overrides: Partial<EventPayloads['deal.booked']> = {}): EventPayloads['deal.booked'] {
  return { ...dealBase(), ...appointment, sequence: 1, ...overrides };
}

/** Completed at a lower price than agreed, with no VIN given, late in the evening of Dec 3 Pacific time (Dec 4 in UTC). */
export function completedDeal(overrides: Partial<EventPayloads['deal.completed']> = {}): EventPayloads['deal.completed'] {
  return {
    ...dealBase(),
    finalPrice: 17_900,
    completedAt: '2026-12-04T02:30:00.000Z',
    mileage: 45_210,
    sellerAddress: '12 Main St, Beverly Hills, CA 90210',
    dealerAddress: '1 Dealer Way, Los Angeles, CA 90001',
    ...overrides,
  };
}

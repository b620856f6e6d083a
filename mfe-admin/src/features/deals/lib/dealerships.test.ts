import { describe, expect, it } from 'vitest';
import type { AdminDealRow } from '@cardirect/contracts';
import { dealershipChoices, withDealershipsOf } from './dealerships';

function rowOf(dealerId: string, dealershipName: string): AdminDealRow {
  return {
    deal: {
      id: `deal-of-${dealerId}`, vehicleId: 'car-1', offerId: 'offer-1', dealerId, dealershipName, state: 'accepted', agreedPrice: 16_500, acceptedAt: '2024-01-09T15:00:00.000Z',
      overdue: false, slots: [], rescheduled: { seller: false, dealer: false }, allowed: [], timeline: [],
    },
    vehicle: { year: 2019, make: 'toyota', model: 'camry' },
    seller: { fullName: 'Jordan Privateseller', email: 'jordan@example.com' },
  };
}

describe('the dealerships of the Deals tab', () => {
  it('When rows bring a dealership not known yet, then it is added; when they bring none, then the very same map comes back', () => {
    const known = withDealershipsOf(new Map(), [rowOf('d1', 'Lone Star Motors')]);

    const again = withDealershipsOf(known, [rowOf('d1', 'Lone Star Motors')]);
    const more = withDealershipsOf(known, [rowOf('d2', 'Harbor Autos')]);

    expect(again).toBe(known);
    expect([...more]).toEqual([['d1', 'Lone Star Motors'], ['d2', 'Harbor Autos']]);
  });

  it('When the chosen dealership is not among the known ones, then it is offered too, every one by name', () => {
    const choices = dealershipChoices(new Map([['d1', 'Lone Star Motors']]), { id: 'd2', name: 'Harbor Autos' });

    expect(choices).toEqual([{ id: 'd2', name: 'Harbor Autos' }, { id: 'd1', name: 'Lone Star Motors' }]);
  });
});

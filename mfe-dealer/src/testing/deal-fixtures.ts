import type { DealView, DealerOfferSummary, DealerOffersAnswer, TrackRecord } from '@cardirect/contracts';

/** Lone Star Motors' deal on car-1 at $15,000, accepted, waiting for its appointment times, which it may propose or cancel. */
export function dealFixture(overrides: Partial<DealView> = {}): DealView {
  return {
    id: 'deal-1',
    vehicleId: 'car-1',
    offerId: 'offer-1',
    dealerId: 'dealer-1',
    dealershipName: 'Lone Star Motors',
    state: 'accepted',
    agreedPrice: 15000,
    acceptedAt: '2024-01-09T15:00:00.000Z',
    proposalDueAt: '2024-01-10T15:00:00.000Z',
    overdue: false,
    slots: [],
    rescheduled: { seller: false, dealer: false },
    nextStep: { action: 'propose-slots', actor: 'dealer', dueAt: '2024-01-10T15:00:00.000Z' },
    allowed: ['propose-slots', 'cancel'],
    timeline: [{ at: '2024-01-09T15:00:00.000Z', kind: 'accepted', by: 'seller', text: 'Accepted the offer of $15,000' }],
    ...overrides,
  };
}

/** One line of the dealer's "My Offers and Deals": a pending $15,000 offer on the 2018 Honda Accord EX-L. */
export function offerSummaryFixture(overrides: Partial<DealerOfferSummary> = {}): DealerOfferSummary {
  return {
    id: 'offer-1',
    vehicleId: 'car-1',
    vehicle: { year: 2018, make: 'honda', model: 'accord', makeName: 'Honda', modelName: 'Accord', trim: 'EX-L' },
    amount: 15000,
    status: 'pending',
    createdAt: '2024-01-06T15:30:00.000Z',
    expiresAt: '2024-01-08T15:30:00.000Z',
    ...overrides,
  };
}

/** Lone Star Motors' track record: 12 deals ended, 10 at the offered price, one lower by 8 %, 2 of its last 10 cancelled or lapsed. */
export function trackRecordFixture(overrides: Partial<TrackRecord> = {}): TrackRecord {
  return {
    dealerId: 'dealer-1',
    dealershipName: 'Lone Star Motors',
    offersMade: 31,
    offersAccepted: 14,
    dealsEnded: 12,
    completedAtOfferedPrice: 10,
    completedWithLowerPrice: 1,
    averageCutShare: 0.08,
    cancelledByDealer: 1,
    lapsed: 1,
    unjustifiedPriceChanges: 0,
    recent: { ended: 10, cancelledOrLapsed: 2 },
    ...overrides,
  };
}

/** GET /api/offers/mine's answer: these offers and the dealer's record. */
export function myOffersAnswer(offers: DealerOfferSummary[], record: TrackRecord = trackRecordFixture()): DealerOffersAnswer {
  return { offers, record };
}

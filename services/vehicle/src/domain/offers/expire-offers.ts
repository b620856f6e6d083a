import { createEvent } from '@cardirect/service-kit';
import type { DomainContext } from '../context';
import type { Offer } from '../types';

const BATCH_SIZE = 100;

/** Marks one pending offer expired, with its `offer.expired` event; false when it was decided meanwhile. */
export async function expireOffer(context: DomainContext, offer: Offer): Promise<boolean> {
  const event = createEvent('offer.expired', {
    offerId: offer.id,
    vehicleId: offer.vehicleId,
    vehicle: offer.vehicle,
    dealershipName: offer.dealershipName,
    dealerEmail: offer.dealerEmail,
    amount: offer.amount,
  });
  return (await context.offers.decide(offer.id, 'expired', event)) !== undefined;
}

/**
 * Expires every pending offer whose time is over: on some cars before their offers are read, or
 * everywhere from the periodic sweep. Answers how many it expired.
 */
export async function expireDueOffers(context: DomainContext, vehicleIds?: readonly string[]): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await context.offers.findDue(context.now(), BATCH_SIZE, vehicleIds);
    for (const offer of due) if (await expireOffer(context, offer)) expired++;
    if (due.length < BATCH_SIZE) return expired;
  }
}

import type { WithdrawnDealerOffers } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';
import type { DomainContext } from '../context';
import type { Offer } from '../types';
import { expireOffer } from './expire-offers';

const BATCH_SIZE = 100;

function offerWithdrawnEvent(offer: Offer) {
  return createEvent('offer.withdrawn', {
    offerId: offer.id,
    vehicleId: offer.vehicleId,
    vehicle: offer.vehicle,
    dealershipName: offer.dealershipName,
    amount: offer.amount,
    sellerEmail: offer.sellerEmail,
    reason: 'dealer-suspended',
  });
}

/**
 * An admin suspended this dealer (the dealer service asks): each of its pending offers is
 * withdrawn, marked as CarDirect's doing, with the event that e-mails its seller, in one write per
 * offer. An offer whose time is already over is expired instead, as every read of offers does. Its
 * deals are left alone, for an admin to settle. Idempotent: a retry finds only what is still
 * pending, and answers how many this call withdrew.
 */
export async function withdrawSuspendedDealerOffers(context: DomainContext, dealerId: string): Promise<WithdrawnDealerOffers> {
  let withdrawn = 0;
  for (;;) {
    // Each offer of a batch leaves the pending ones (withdrawn, expired, or decided meanwhile), so the loop ends.
    const pending = await context.offers.findPendingOfDealer(dealerId, BATCH_SIZE);
    const now = context.now();
    for (const offer of pending) {
      if (offer.expiresAt <= now) await expireOffer(context, offer);
      else if (await context.offers.withdraw(offer.id, now, 'suspension', [offerWithdrawnEvent(offer)])) withdrawn++;
    }
    if (pending.length < BATCH_SIZE) return { withdrawn };
  }
}

import type { OfferView } from '@cardirect/contracts';
import { conflict, notFound } from '@cardirect/service-kit';
import type { DealerCaller } from '../caller';
import type { DomainContext } from '../context';
import { expireOffer } from './expire-offers';
import { toOfferView } from './offer-view';

/**
 * A dealer takes back its own pending offer; the seller sees it as withdrawn and can no longer
 * accept it. Offers are sealed, so another dealer's offer does not exist for this one (404). An
 * offer that is no longer pending cannot be withdrawn (409); the car then takes a new offer from
 * this dealer as from any other.
 */
export async function withdrawOffer(context: DomainContext, offerId: string, dealer: DealerCaller): Promise<OfferView> {
  const offer = await context.offers.findById(offerId);
  if (!offer || offer.dealerId !== dealer.userId) throw notFound('Offer not found');
  const now = context.now();
  if (offer.status === 'pending' && offer.expiresAt <= now) {
    await expireOffer(context, offer);
    throw conflict('This offer has expired');
  }
  if (offer.status !== 'pending') throw conflict(`This offer is already ${offer.status}`);
  const withdrawn = await context.offers.withdraw(offer.id, now, 'dealer');
  if (!withdrawn) throw conflict('This offer is no longer open');
  return toOfferView(withdrawn);
}

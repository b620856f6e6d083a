import type { OfferView } from '@cardirect/contracts';
import type { DealerCaller } from '../caller';
import type { DomainContext } from '../context';
import type { Offer } from '../types';
import { expireOffer } from './expire-offers';
import { toOfferView } from './offer-view';

/** An offer as it stands now: one whose time ran out is expired first (like every read of offers). */
export async function currentStateOf(context: DomainContext, offer: Offer): Promise<Offer> {
  if (offer.status !== 'pending' || offer.expiresAt > context.now()) return offer;
  if (await expireOffer(context, offer)) return { ...offer, status: 'expired' };
  // Decided by someone else between the read and the expiry: read what they decided.
  return (await context.offers.findById(offer.id)) ?? offer;
}

/**
 * A dealer's latest offer on each of these cars (the cars on its dashboard), by car id; cars it
 * made no offer on are left out. Never another dealer's offer.
 */
export async function listMyLatestOffers(context: DomainContext, vehicleIds: readonly string[], dealer: DealerCaller): Promise<Map<string, OfferView>> {
  const offers = await context.offers.latestOfDealer(dealer.userId, vehicleIds);
  const current = await Promise.all([...offers.values()].map((offer) => currentStateOf(context, offer)));
  return new Map(current.map((offer) => [offer.vehicleId, toOfferView(offer)]));
}

import type { OfferView } from '@cardirect/contracts';

/** The dealer's most recent offer on a car (the API lists them highest first). */
export function latestOffer(offers: readonly OfferView[]): OfferView | undefined {
  return offers.reduce<OfferView | undefined>((latest, offer) => (!latest || offer.createdAt > latest.createdAt ? offer : latest), undefined);
}

/** The seller accepted another dealer's offer: the car is no longer open to this dealer's offers. */
export function lostToAnotherOffer(offer: Pick<OfferView, 'status' | 'declineReason'> | undefined): boolean {
  return offer?.status === 'declined' && offer.declineReason === 'another-offer-accepted';
}

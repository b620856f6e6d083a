import type { OfferView } from '@cardirect/contracts';
import type { Offer } from '../types';

export function toOfferView(offer: Offer): OfferView {
  return {
    id: offer.id,
    vehicleId: offer.vehicleId,
    dealerId: offer.dealerId,
    dealershipName: offer.dealershipName,
    amount: offer.amount,
    ...(offer.message ? { message: offer.message } : {}),
    status: offer.status,
    ...(offer.declineReason ? { declineReason: offer.declineReason } : {}),
    ...(offer.withdrawnBy ? { withdrawnBy: offer.withdrawnBy } : {}),
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
  };
}

/**
 * Whether the car's seller sees this offer: not one CarDirect withdrew when it suspended the
 * dealer (the seller is e-mailed that it no longer stands instead; admins still see it).
 */
export function isShownToSeller(offer: Pick<Offer, 'withdrawnBy'>): boolean {
  return offer.withdrawnBy !== 'suspension';
}

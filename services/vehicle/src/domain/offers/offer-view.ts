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
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
  };
}

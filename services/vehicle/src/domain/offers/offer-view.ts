import type { OfferView } from '@cardirect/contracts';
import type { OfferDocument } from '../../data-access/offer-model';

export function toOfferView(offer: OfferDocument): OfferView {
  return {
    id: String(offer._id),
    vehicleId: String(offer.vehicleId),
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

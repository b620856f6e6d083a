import { z } from 'zod';
import { OFFER_MAX_DOLLARS, OFFER_MESSAGE_MAX, OFFER_MIN_DOLLARS } from './limits';
import { optionalText } from './fields';
import type { VehicleView } from './vehicle';

const amountMessage = `Offer must be a whole dollar amount between $${OFFER_MIN_DOLLARS.toLocaleString('en-US')} and $${OFFER_MAX_DOLLARS.toLocaleString('en-US')}`;

export const makeOfferSchema = z.object({
  amount: z.number({ error: amountMessage }).int(amountMessage).min(OFFER_MIN_DOLLARS, amountMessage).max(OFFER_MAX_DOLLARS, amountMessage),
  message: optionalText(OFFER_MESSAGE_MAX),
});
export type MakeOfferInput = z.infer<typeof makeOfferSchema>;

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export interface OfferView {
  id: string;
  vehicleId: string;
  dealerId: string;
  dealershipName: string;
  amount: number;
  message?: string;
  status: OfferStatus;
  expiresAt: string;
  createdAt: string;
}

/** GET /api/seller/vehicles: each of the seller's cars with the offers on it. */
export interface SellerVehicleView extends VehicleView {
  offers: OfferView[];
}

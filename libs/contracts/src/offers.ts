import { z } from 'zod';
import { OWN_RECORDS_MAX_VEHICLES, OFFER_MAX_DOLLARS, OFFER_MESSAGE_MAX, OFFER_MIN_DOLLARS } from './limits';
import type { DealState } from './deals';
import { optionalText } from './fields';
import type { VehicleStatus } from './reference-data';
import type { AcceptedDealerContact, ListingState } from './seller-listing';
import type { TrackRecord } from './track-record';
import type { VehicleView } from './vehicle';
import { wholeNumberText } from './whole-number-text';

const amountMessage = `Offer must be a whole dollar amount between $${wholeNumberText(OFFER_MIN_DOLLARS)} and $${wholeNumberText(OFFER_MAX_DOLLARS)}`;

export const makeOfferSchema = z.object({
  amount: z.number({ error: amountMessage }).int(amountMessage).min(OFFER_MIN_DOLLARS, amountMessage).max(OFFER_MAX_DOLLARS, amountMessage),
  message: optionalText(OFFER_MESSAGE_MAX),
});
export type MakeOfferInput = z.infer<typeof makeOfferSchema>;

/** `withdrawn`: the dealer took its pending offer back (POST /api/offers/{id}/withdraw). */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * A dealer changes its pending offer only by raising it (a lower amount the seller may already have
 * read in an e-mail is never put in its place): the form and the server refuse with this.
 */
export function higherOfferMessage(currentAmount: number): string {
  return `Your new offer must be higher than your current offer of $${wholeNumberText(currentAmount)}`;
}

/**
 * Why an offer was declined when the seller did not decline it themselves: they accepted another
 * dealer's, or withdrew the listing.
 */
export const OFFER_DECLINE_REASONS = ['another-offer-accepted', 'withdrawn'] as const;
export type OfferDeclineReason = (typeof OFFER_DECLINE_REASONS)[number];

export interface OfferView {
  id: string;
  vehicleId: string;
  dealerId: string;
  dealershipName: string;
  amount: number;
  message?: string;
  status: OfferStatus;
  /** Set on a declined offer when the seller accepted another offer on the car (the car is taken) or withdrew the listing. */
  declineReason?: OfferDeclineReason;
  /**
   * Set on a withdrawn offer that CarDirect withdrew because it suspended the dealer (to admins;
   * the seller's list leaves such offers out, and the seller is e-mailed instead).
   */
  withdrawnBy?: 'dealer' | 'suspension';
  expiresAt: string;
  createdAt: string;
  /** To the car's seller and admins: the offering dealer's track record, where the seller decides. */
  dealerRecord?: TrackRecord;
  /**
   * To the car's seller and admins, on a car with a minimum price: the amount is below the current
   * minimum. Never to the dealer, who does not learn how its offer compares.
   */
  belowMinimum?: boolean;
}

const ownRecordsMessage = `List 1 to ${OWN_RECORDS_MAX_VEHICLES} vehicle ids, separated by commas`;

/**
 * GET /api/vehicles/mine?vehicleIds=a,b,c: the cars a dealer's dashboard shows, whose working
 * record and latest offer by that dealer it asks for. Repeated parameters (`vehicleIds=a&vehicleIds=b`)
 * count as one list; duplicates are dropped.
 */
export const ownRecordsQuerySchema = z.object({
  vehicleIds: z.preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : value),
    z
      .string({ error: ownRecordsMessage })
      .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))])
      .pipe(z.array(z.string().max(64, 'A vehicle id is at most 64 characters')).min(1, ownRecordsMessage).max(OWN_RECORDS_MAX_VEHICLES, ownRecordsMessage)),
  ),
});
export type OwnRecordsQuery = z.infer<typeof ownRecordsQuerySchema>;

/**
 * GET /api/vehicles/mine: a dealer's own side of a car on its dashboard, which the list (the same
 * for every dealer) does not carry: its working record (the vehicle page's Actions form) and its
 * latest offer.
 */
export interface DealerOwnRecord {
  vehicleId: string;
  status: VehicleStatus;
  contacted: boolean;
  offerMade: boolean;
  notes?: string;
  /** The dealer watches the car (absent: it does not). */
  watched?: boolean;
  offer?: OfferView;
}

/** GET /api/seller/vehicles: each of the seller's cars with the offers on it. */
export interface SellerVehicleView extends VehicleView {
  offers: OfferView[];
  /** Where the listing stands for its seller (listingStateOf). */
  listingState: ListingState;
  /** Once the seller accepted an offer: how to reach that dealer. */
  acceptedDealer?: AcceptedDealerContact;
  /** The car's latest deal (open, or the last completed or cancelled): GET /api/vehicles/{id}/deal has it all. */
  dealId?: string;
  dealState?: DealState;
}

import { z } from 'zod';
import type { CurrentUser } from './auth';

/**
 * A listing reaches dealers only once its seller confirms the contact address: the first e-mail to
 * that address carries a single-use link, valid this long, and a listing still unconfirmed after
 * it is removed.
 */
export const LISTING_CONFIRMATION_HOURS = 48;

/** At most this many listings of one contact address may wait for confirmation at once. */
export const MAX_UNCONFIRMED_LISTINGS_PER_EMAIL = 3;

/**
 * The token of a confirmation link: POST /api/auth/seller/confirm-listing (the seller's click) and
 * POST /internal/listing-confirmations on the vehicle service (auth asking it to confirm).
 */
export const listingConfirmationSchema = z.object({
  token: z
    .string({ error: 'The confirmation link is incomplete' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,200}$/, 'The confirmation link is incomplete'),
});
export type ListingConfirmation = z.infer<typeof listingConfirmationSchema>;

/** The vehicle service's answer to a confirmation: whose listing it was. */
export interface ConfirmedListing {
  vehicleId: string;
  sellerEmail: string;
}

/** The public answer: the seller now logged in, and the listing they confirmed. */
export interface ListingConfirmed {
  user: CurrentUser;
  vehicleId: string;
}

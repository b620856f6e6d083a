import { z } from 'zod';
import { dealerRegistrationSchema } from './auth';

/**
 * Internal APIs between services (signed calls with role 'service', never routed by the gateway).
 * Declared here so caller and callee agree by construction; docs/api.md describes the routes.
 */

/** POST /internal/dealers on the dealer service: the profile part of a registration, for an account auth created. */
export const dealerProfileCreateSchema = dealerRegistrationSchema
  .omit({ password: true })
  .extend({ userId: z.string({ error: 'userId is required' }).min(1, 'userId is required').max(100) });
export type DealerProfileCreate = z.infer<typeof dealerProfileCreateSchema>;

/** Answer of POST /internal/dealers and GET /internal/dealers/by-user/:userId. */
export interface DealerProfileRef {
  dealerId: string;
  dealershipName: string;
  isApproved: boolean;
  /** True while an admin has the dealer suspended: auth refuses its login. */
  isSuspended?: boolean;
  /** In the by-user answer: the dealership's phone, which the seller gets once they accept its offer. */
  phoneNumber?: string;
  /** In the by-user answer: the dealership's ZIP code as registered, what the dealer list's distance filter measures from. */
  zipCode?: string;
  /** In the by-user answer: the dealership's street address, city and state, for an appointment there and the bill of sale. */
  address?: string;
  city?: string;
  state?: string;
}

/** GET /internal/dealers/nearby?zip=90210&radiusMiles=100 on the dealer service. */
export const nearbyDealersQuerySchema = z.object({
  zip: z
    .string({ error: 'zip must be a 5-digit US ZIP code' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'zip must be a 5-digit US ZIP code')
    .transform((zip) => zip.slice(0, 5)),
  radiusMiles: z.coerce
    .number({ error: 'radiusMiles must be a number of miles' })
    .positive('radiusMiles must be more than 0')
    .max(3000, 'radiusMiles must be at most 3000'),
});
export type NearbyDealersQuery = z.infer<typeof nearbyDealersQuerySchema>;

/** One approved dealer within the radius, nearest first. */
export interface NearbyDealer {
  dealerId: string;
  dealershipName: string;
  email: string;
  zipCode: string;
  distanceMiles: number;
}

/** GET /internal/admins on the auth service: who receives "new dealer to review". */
export interface AdminContact {
  email: string;
}

/**
 * POST /internal/dealer-accounts/:userId/sessions/end on the auth service: a suspended dealer's
 * sessions end, so its next request is anonymous. Idempotent.
 */
export interface EndedSessions {
  ended: number;
}

/**
 * POST /internal/dealers/:userId/offers/withdraw on the vehicle service: a suspended dealer's
 * pending offers are withdrawn, each seller told by e-mail (`offer.withdrawn`). Idempotent: a retry
 * withdraws what is still pending and answers how many this call withdrew.
 */
export interface WithdrawnDealerOffers {
  withdrawn: number;
}

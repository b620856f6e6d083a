import { z } from 'zod';
import type { VehicleStatus } from './reference-data';

/**
 * The seller's side of a listing. The six vehicle statuses of the spec are the admin's follow-up
 * record and say nothing a seller can act on ("Contacted"); the seller sees where the listing
 * stands for them instead, derived here in one place from the car's facts. Withdrawal is the
 * listing's own state beside the statuses, never a seventh status.
 */

/** Why a seller takes a listing off the market, as the withdraw form offers it. */
export const WITHDRAWAL_REASONS = ['sold-elsewhere', 'changed-my-mind', 'other'] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];

export const WITHDRAWAL_REASON_LABELS: Record<WithdrawalReason, string> = {
  'sold-elsewhere': 'Sold elsewhere',
  'changed-my-mind': 'Changed my mind',
  other: 'Other',
};

export const WITHDRAWAL_NOTE_MAX = 500;

const reasonMessage = 'Choose why you are withdrawing the listing';

/** POST /api/seller/vehicles/{id}/withdraw. */
export const withdrawListingSchema = z.object({
  reason: z.enum(WITHDRAWAL_REASONS, { error: reasonMessage }),
  // Blank counts as no note: the form's empty box must not store whitespace.
  note: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '') || value === null ? undefined : value,
    z.string({ error: 'The note must be text' }).trim().max(WITHDRAWAL_NOTE_MAX, `The note must be at most ${WITHDRAWAL_NOTE_MAX} characters`).optional(),
  ),
});
export type WithdrawListingInput = z.infer<typeof withdrawListingSchema>;

/** A withdrawn listing's record: shown to its seller and the admin, never to dealers. */
export interface ListingWithdrawal {
  reason: WithdrawalReason;
  note?: string;
  /** ISO time of the withdrawal. */
  at: string;
}

/**
 * - awaiting-confirmation: submitted, the contact address not confirmed yet (dealers do not see it);
 * - listed: dealers see it and may make offers;
 * - offer-accepted: the seller accepted a dealer's offer;
 * - sold: the admin marked the sale completed after an accepted offer;
 * - withdrawn: the seller took it off the market;
 * - not-listed: the admin took it off the market (rejected, or completed without an offer here).
 */
export const LISTING_STATES = ['awaiting-confirmation', 'listed', 'offer-accepted', 'sold', 'withdrawn', 'not-listed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  'awaiting-confirmation': 'Waiting for your confirmation',
  listed: 'Listed',
  'offer-accepted': 'Offer accepted',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  'not-listed': 'Not listed',
};

/** What decides a listing's state. */
export interface ListingStateFacts {
  status: VehicleStatus;
  awaitingConfirmation: boolean;
  offerAccepted: boolean;
  withdrawn: boolean;
}

const OFF_MARKET_STATUSES: readonly VehicleStatus[] = ['rejected', 'completed'];

export function listingStateOf(facts: ListingStateFacts): ListingState {
  if (facts.withdrawn) return 'withdrawn';
  if (facts.awaitingConfirmation) return 'awaiting-confirmation';
  if (facts.offerAccepted) return facts.status === 'completed' ? 'sold' : 'offer-accepted';
  return OFF_MARKET_STATUSES.includes(facts.status) ? 'not-listed' : 'listed';
}

/** The dealer whose offer the seller accepted, as the seller may reach them. */
export interface AcceptedDealerContact {
  dealershipName: string;
  email: string;
  /** Absent when the dealer service could not be asked at the time of acceptance. */
  phone?: string;
}

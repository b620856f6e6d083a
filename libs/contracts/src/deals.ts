import { z } from 'zod';
import { MAX_PHOTOS, OFFER_MAX_DOLLARS, OFFER_MIN_DOLLARS } from './limits';
import { optionalText, requiredEnum, requiredText } from './fields';
import { handOverFaultsSchema, type HandOverFault } from './hand-over-faults';
import type { OfferDeclineReason, OfferStatus } from './offers';
import type { PriceChangeVerdict, TrackRecord } from './track-record';
import { wholeNumberText } from './whole-number-text';

/*
 * The sale after Accept (issue 33): a deal runs from the seller's acceptance of an offer to a
 * completed or cancelled sale. The state machine itself (which step leads where, who may take it)
 * lives in the vehicle service's domain (domain/deals/deal-machine.ts); this file holds what the
 * screens and the service exchange.
 */

/**
 * - `accepted`: the dealer owes 1-3 appointment slots within DEAL_PROPOSAL_HOURS.
 * - `appointment-proposed`: the seller books one, or asks for other times.
 * - `other-times-requested`: the dealer owes new slots (the same clock again).
 * - `appointment-booked`: the hand-over is due; each side may reschedule once.
 * - `sale-recorded`: the dealer recorded the sale at the agreed price; the seller confirms it, or
 *   objects by cancelling, or it completes by itself after DEAL_COMPLETION_HOURS.
 * - `price-change-proposed`: the dealer asks for a lower price, with a reason and photos; the
 *   seller accepts (completed at that price) or refuses (cancelled, a price dispute).
 * - `completed`, `cancelled`: final.
 */
export const DEAL_STATES = [
  'accepted',
  'appointment-proposed',
  'other-times-requested',
  'appointment-booked',
  'sale-recorded',
  'price-change-proposed',
  'completed',
  'cancelled',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

export const OPEN_DEAL_STATES: readonly DealState[] = DEAL_STATES.filter((state) => state !== 'completed' && state !== 'cancelled');

/** The dealer proposes slots within this many hours of the acceptance (or of the seller's request for other times). */
export const DEAL_PROPOSAL_HOURS = 24;
/** The dealer is reminded this many hours after the acceptance when it has proposed nothing yet. */
export const DEAL_PROPOSAL_REMINDER_HOURS = 12;
/** Both sides are reminded this many hours before the booked slot starts. */
export const DEAL_APPOINTMENT_REMINDER_HOURS = 24;
/** A sale the dealer recorded at the agreed price completes by itself after this many hours without the seller's objection. */
export const DEAL_COMPLETION_HOURS = 48;

export const DEAL_MIN_SLOTS = 1;
export const DEAL_MAX_SLOTS = 3;
export const DEAL_SLOT_MIN_HOURS = 1;
export const DEAL_SLOT_MAX_HOURS = 3;
/** A slot starts at least this far ahead, so the other side can read it in time. */
export const DEAL_SLOT_MIN_LEAD_HOURS = 2;
/** And at most this far ahead: the product promises a sale in days, not months. */
export const DEAL_SLOT_MAX_AHEAD_DAYS = 14;
export const DEAL_MESSAGE_MAX = 500;
export const DEAL_REASON_MAX = 1000;

export const APPOINTMENT_PLACES = ['seller-address', 'dealership'] as const;
export type AppointmentPlace = (typeof APPOINTMENT_PLACES)[number];

export const DEAL_PARTIES = ['seller', 'dealer', 'admin'] as const;
export type DealParty = (typeof DEAL_PARTIES)[number];

/** The short list a seller or a dealer picks from when cancelling. */
export const DEAL_CANCEL_REASONS = ['changed-mind', 'sold-elsewhere', 'no-contact', 'schedule', 'vehicle-condition', 'other'] as const;
export type DealCancelReason = (typeof DEAL_CANCEL_REASONS)[number];

/** Reasons the product itself records: never chosen from the list. */
export type DealSystemCancelReason = 'dealer-missed-deadline' | 'price-dispute' | 'admin';

export const DEAL_CANCEL_REASON_LABELS: Record<DealCancelReason | DealSystemCancelReason, string> = {
  'changed-mind': 'Changed my mind',
  'sold-elsewhere': 'The car was sold elsewhere',
  'no-contact': 'The other side could not be reached',
  schedule: 'We could not agree on a time',
  'vehicle-condition': 'The car is not as described',
  other: 'Another reason',
  'dealer-missed-deadline': 'The dealer proposed no appointment in time',
  'price-dispute': 'The seller refused the lower price',
  admin: 'Cancelled by CarDirect',
};

const slotHoursMessage = `A slot lasts ${DEAL_SLOT_MIN_HOURS} to ${DEAL_SLOT_MAX_HOURS} hours`;
const slotCountMessage = `Propose ${DEAL_MIN_SLOTS} to ${DEAL_MAX_SLOTS} time slots`;

/**
 * One proposed slot. The dealer picks a local date and time; its browser turns them into an
 * instant (ISO 8601 with offset or Z), so the service stores UTC and never guesses a time zone.
 * How far ahead it may start is checked by the service against its clock.
 */
export const dealSlotInputSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a date and a start time' }),
  hours: z
    .number({ error: slotHoursMessage })
    .int(slotHoursMessage)
    .min(DEAL_SLOT_MIN_HOURS, slotHoursMessage)
    .max(DEAL_SLOT_MAX_HOURS, slotHoursMessage),
});
export type DealSlotInput = z.infer<typeof dealSlotInputSchema>;

/** POST /api/deals/:dealId/slots (the winning dealer): propose, propose again after "other times", or reschedule. */
export const proposeSlotsSchema = z.object({
  slots: z.array(dealSlotInputSchema, { error: slotCountMessage }).min(DEAL_MIN_SLOTS, slotCountMessage).max(DEAL_MAX_SLOTS, slotCountMessage),
  place: requiredEnum(APPOINTMENT_PLACES, "Choose where: the seller's address or the dealership"),
  message: optionalText(DEAL_MESSAGE_MAX),
});
export type ProposeSlotsInput = z.infer<typeof proposeSlotsSchema>;

/**
 * POST /api/deals/:dealId/booking (the seller). `streetAddress` is required when the place is the
 * seller's address (the service checks it against the proposal) and becomes the car's street address.
 */
export const bookSlotSchema = z.object({
  slotId: requiredText('Choose one of the proposed times', 1, 64),
  streetAddress: optionalText(200),
});
export type BookSlotInput = z.infer<typeof bookSlotSchema>;
export const STREET_ADDRESS_REQUIRED_MESSAGE = 'Street address is required for an appointment at your address';

/** POST /api/deals/:dealId/other-times (the seller): none of the slots suits; also the seller's one reschedule. */
export const requestOtherTimesSchema = z.object({
  message: requiredText('Tell the dealer which times suit you', 1, DEAL_MESSAGE_MAX),
});
export type RequestOtherTimesInput = z.infer<typeof requestOtherTimesSchema>;

const lowerPriceMessage = `Enter the new price in whole dollars, between $${wholeNumberText(OFFER_MIN_DOLLARS)} and $${wholeNumberText(OFFER_MAX_DOLLARS)}`;
const faultPhotosMessage = 'Add at least one photo of each fault not in the listing';

/**
 * POST /api/deals/:dealId/hand-over (the winning dealer, once booked): the sale at the agreed price,
 * or a lower price naming the faults it is for (issue 36), with a reason and photos of them
 * (resized in the browser like the wizard's photo). The service also refuses a price that is not
 * below the agreed one, and a fault the listing declared (declaredFaultRefusal).
 */
export const recordHandOverSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({ outcome: z.literal('agreed-price') }),
    z.object({
      outcome: z.literal('lower-price'),
      price: z.number({ error: lowerPriceMessage }).int(lowerPriceMessage).min(OFFER_MIN_DOLLARS, lowerPriceMessage).max(OFFER_MAX_DOLLARS, lowerPriceMessage),
      faults: handOverFaultsSchema,
      reason: requiredText('Describe each fault that was not in the listing', 10, DEAL_REASON_MAX),
      photoUrls: z
        .array(z.string().startsWith('data:image/', 'Each photo must be an image data URL'), { error: faultPhotosMessage })
        .min(1, faultPhotosMessage)
        .max(MAX_PHOTOS, `At most ${MAX_PHOTOS} photos are accepted`),
    }),
  ],
  { error: 'Choose the outcome: the agreed price or a lower price' },
);
export type RecordHandOverInput = z.infer<typeof recordHandOverSchema>;
export function priceNotLowerMessage(agreedPrice: number): string {
  return `The new price must be lower than the agreed $${wholeNumberText(agreedPrice)}`;
}

/** POST /api/deals/:dealId/cancel (the seller, the dealer or an admin). An admin's reason is its note. */
export const cancelDealSchema = z.object({
  reason: requiredEnum(DEAL_CANCEL_REASONS, 'Choose a reason'),
  note: optionalText(DEAL_MESSAGE_MAX),
});
export type CancelDealInput = z.infer<typeof cancelDealSchema>;

/** Admin cancels with a written reason (shown to both sides). */
export const adminCancelDealSchema = z.object({
  note: requiredText('Give the reason both sides will read', 3, DEAL_MESSAGE_MAX),
});
export type AdminCancelDealInput = z.infer<typeof adminCancelDealSchema>;

export interface DealSlotView {
  id: string;
  startsAt: string;
  endsAt: string;
}

export interface DealPhotoView {
  id: string;
  /** GET /api/deals/:dealId/photos/:photoId, for the deal's parties and admins. */
  url: string;
}

export type DealTimelineKind =
  | 'accepted'
  | 'slots-proposed'
  | 'other-times-requested'
  | 'booked'
  | 'proposal-reminded'
  | 'overdue'
  | 'appointment-reminded'
  | 'sale-recorded'
  | 'price-change-proposed'
  | 'price-change-accepted'
  | 'price-change-judged'
  | 'completed'
  | 'cancelled';

export interface DealTimelineEntry {
  at: string;
  kind: DealTimelineKind;
  /** Who took the step; absent for the product's own clocks. */
  by?: DealParty;
  /** Plain words for the entry ("Proposed 3 times at the dealership"). */
  text: string;
}

/** What is due now, by whom, and until when (screens show the clock). */
export type DealNextAction =
  | 'propose-slots'
  | 'book-slot'
  | 'record-hand-over'
  | 'confirm-sale'
  | 'decide-price-change';

export interface DealNextStep {
  action: DealNextAction;
  actor: 'seller' | 'dealer';
  /** When the step is late (proposal), or when the product takes it (completion); absent when no clock runs. */
  dueAt?: string;
}

/** GET /api/vehicles/:vehicleId/deal and the deals in GET /api/offers/mine: one deal, for its seller, its dealer or an admin. */
export interface DealView {
  id: string;
  vehicleId: string;
  offerId: string;
  dealerId: string;
  dealershipName: string;
  state: DealState;
  agreedPrice: number;
  /** Once completed: the agreed price, or the lower one the seller accepted. */
  finalPrice?: number;
  acceptedAt: string;
  /** The dealer's deadline for slots in `accepted` and `other-times-requested`. */
  proposalDueAt?: string;
  /** True once that deadline passed with no slots: the seller may cancel, a lapse of the dealer's. */
  overdue: boolean;
  place?: AppointmentPlace;
  /** Where the appointment is, in words: the seller's street address or the dealership's address. */
  placeAddress?: string;
  slots: DealSlotView[];
  dealerMessage?: string;
  otherTimesMessage?: string;
  booked?: DealSlotView;
  rescheduled: { seller: boolean; dealer: boolean };
  priceChange?: {
    price: number;
    /** The faults the lower price is for; empty on price changes asked before faults were named (issue 36). */
    faults: HandOverFault[];
    reason: string;
    photos: DealPhotoView[];
    at: string;
    /** An admin's judgement of the change (POST /api/deals/:dealId/price-change/verdict); an unjustified one counts in the dealer's record. */
    verdict?: { verdict: PriceChangeVerdict; note?: string; at: string };
  };
  /** When a sale recorded at the agreed price completes by itself. */
  completionDueAt?: string;
  completedAt?: string;
  cancellation?: { by: DealParty; reason: DealCancelReason | DealSystemCancelReason; note?: string; at: string; dealerLapse: boolean };
  nextStep?: DealNextStep;
  /** What the caller may do now (the service's state machine answers it, so screens never guess). */
  allowed: DealAction[];
  timeline: DealTimelineEntry[];
}

export type DealAction =
  | 'propose-slots'
  | 'book-slot'
  | 'request-other-times'
  | 'record-hand-over'
  | 'accept-price-change'
  | 'refuse-price-change'
  | 'confirm-sale'
  | 'cancel'
  /** An admin's verdict on the deal's price change (justified or not), once there is one; judging again replaces it. */
  | 'judge-price-change';

/** One offer of the dealer's "My offers and deals", with its car and, once accepted, its deal. */
export interface DealerOfferSummary {
  id: string;
  vehicleId: string;
  vehicle: { year: number; make: string; model: string; makeName?: string; modelName?: string; trim?: string };
  amount: number;
  status: OfferStatus;
  declineReason?: OfferDeclineReason;
  createdAt: string;
  expiresAt: string;
  deal?: DealView;
}

/** GET /api/offers/mine (a dealer): every offer it made, newest first, and its own track record as sellers see it. */
export interface DealerOffersAnswer {
  offers: DealerOfferSummary[];
  record: TrackRecord;
}

/**
 * GET /api/deals (admin): every deal, those whose step is overdue first, then by the next step's
 * clock (soonest first), then newest; narrowed by state, dealer and the admin's search box (every
 * word, in any order, found in the car, the seller's name or e-mail, or the dealership's name).
 * Paged like the admin's car list (X-Next-Cursor).
 */
export const adminDealListQuerySchema = z.object({
  state: z.preprocess((value) => (value === '' ? undefined : value), z.enum(DEAL_STATES, { error: `State must be one of: ${DEAL_STATES.join(', ')}` }).optional()),
  dealerId: optionalText(100),
  /** `price-changes`: the review queue, deals whose dealer asked for a lower price that no admin has judged yet. */
  review: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['price-changes'], { error: 'review must be price-changes' }).optional()),
  q: optionalText(100),
  limit: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z.number({ error: 'limit must be a whole number from 1 to 100' }).int('limit must be a whole number from 1 to 100').min(1, 'limit must be a whole number from 1 to 100').max(100, 'limit must be a whole number from 1 to 100').optional(),
  ),
  cursor: optionalText(200),
});
export type AdminDealListQuery = z.infer<typeof adminDealListQuerySchema>;

/** One row of the admin's Deals tab: the deal as the admin sees it, with its car and seller. */
export interface AdminDealRow {
  deal: DealView;
  vehicle: { year: number; make: string; model: string; makeName?: string; modelName?: string; trim?: string };
  seller: { fullName: string; email: string };
}

import type {
  AppointmentPlace,
  DealCancelReason,
  DealParty,
  DealState,
  DealSystemCancelReason,
  DealTimelineKind,
  HandOverFault,
  PriceChangeVerdict,
  VehicleStatus,
} from '@cardirect/contracts';
import type { CursorPosition } from '../cursor';
import type { Vehicle } from '../types';

/*
 * A deal as the use cases work with it: plain objects with string ids and Dates (stored in UTC),
 * like the other types of domain/types.ts. The state machine is in deal-machine.ts.
 */

export interface DealSlot {
  id: string;
  startsAt: Date;
  endsAt: Date;
}

/** A photo of a fault the dealer found at the hand-over: the photo store's file, cleaned like the listing's photos. */
export interface DealPhoto {
  /** The photo store's file id; GET /api/deals/{dealId}/photos/{id}. */
  id: string;
  contentType: string;
}

/** An admin's judgement of a price change: an unjustified one counts against the dealer. */
export interface DealPriceChangeVerdict {
  verdict: PriceChangeVerdict;
  note?: string;
  at: Date;
  /** The admin who gave it (its user id, or its e-mail). */
  by: string;
}

export interface DealPriceChange {
  price: number;
  /** What the lower price is for, none of it declared in the listing; empty on price changes asked before faults were named (issue 36). */
  faults: HandOverFault[];
  reason: string;
  photos: DealPhoto[];
  at: Date;
  /** The latest verdict: judging again replaces it (the deal's log keeps every one). */
  verdict?: DealPriceChangeVerdict;
}

export interface DealCancellation {
  by: DealParty;
  reason: DealCancelReason | DealSystemCancelReason;
  note?: string;
  at: Date;
  /** The dealer let its deadline for times pass and the seller cancelled: counted against the dealer. */
  dealerLapse: boolean;
}

export interface DealTimelineItem {
  at: Date;
  kind: DealTimelineKind;
  /** Absent for the product's own clocks. */
  by?: DealParty;
  text: string;
}

/**
 * The clocks of a deal (BullMQ delayed jobs, see deal-clocks.ts). Each fires at most once per
 * version of the deal: a step taken meanwhile moves the version and leaves the clock nothing to do.
 */
export const DEAL_CLOCKS = ['proposal-reminder', 'proposal-overdue', 'appointment-reminder', 'completion'] as const;
export type DealClock = (typeof DEAL_CLOCKS)[number];

/**
 * What a step of the deal must still change on the car, written in the same write as the step
 * (the car is another document, and the database has no transactions): applied right after the
 * step, and again by the resume pass if the process died in between. Each is idempotent.
 */
export type CarUpdate =
  | { id: string; kind: 'street-address'; streetAddress: string }
  | { id: string; kind: 'sold' }
  | { id: string; kind: 'listed-again'; statusBefore: VehicleStatus };

export interface Deal {
  id: string;
  vehicleId: string;
  offerId: string;
  dealerId: string;
  dealerEmail: string;
  dealershipName: string;
  /** The dealer's phone at acceptance; absent when the dealer service could not be asked. */
  dealerPhone?: string;
  agreedPrice: number;
  state: DealState;
  /**
   * Moves with every step a person (or the completion clock) takes: a step is written only if the
   * version it read is still the deal's, so of two steps at once exactly one wins. A clock belongs
   * to the version that scheduled it. The reminders and the overdue mark leave it alone: they change
   * nothing a step reads (the seller's cancel checks `overdue` itself).
   */
  version: number;
  /** The car's status before the acceptance set it to `pending`: what a cancellation gives back. */
  vehicleStatusBefore: VehicleStatus;
  acceptedAt: Date;
  /** In `accepted` and `other-times-requested`: when the dealer's times are due, and when it is reminded. */
  proposalDueAt?: Date;
  proposalReminderAt?: Date;
  overdue: boolean;
  place?: AppointmentPlace;
  placeAddress?: string;
  slots: DealSlot[];
  dealerMessage?: string;
  otherTimesMessage?: string;
  booked?: DealSlot;
  /** How many times a slot was booked: the calendar invitation's SEQUENCE. */
  bookings: number;
  /** Absent when the booking came too close to the appointment for a reminder the day before. */
  appointmentReminderAt?: Date;
  rescheduled: { seller: boolean; dealer: boolean };
  priceChange?: DealPriceChange;
  completionDueAt?: Date;
  completedAt?: Date;
  finalPrice?: number;
  cancellation?: DealCancellation;
  /** `<clock>.<version>` of each clock that did its work: a repeated job finds it here and does nothing. */
  clocksDone: string[];
  timeline: DealTimelineItem[];
  carUpdates: CarUpdate[];
}

/** A deal to store at the acceptance (its id chosen first, like a car's). */
export type NewDeal = Omit<Deal, 'id' | 'version' | 'clocksDone' | 'carUpdates' | 'bookings' | 'slots' | 'rescheduled' | 'overdue'>;

/** The fields a step may set on a deal. */
export type DealChanges = Partial<
  Pick<
    Deal,
    | 'state'
    | 'proposalDueAt'
    | 'proposalReminderAt'
    | 'overdue'
    | 'place'
    | 'placeAddress'
    | 'slots'
    | 'dealerMessage'
    | 'otherTimesMessage'
    | 'booked'
    | 'bookings'
    | 'appointmentReminderAt'
    | 'rescheduled'
    | 'priceChange'
    | 'completionDueAt'
    | 'completedAt'
    | 'finalPrice'
    | 'cancellation'
  >
>;

/** The optional fields a step may clear. */
export type ClearableDealField = 'proposalDueAt' | 'proposalReminderAt' | 'placeAddress' | 'dealerMessage' | 'otherTimesMessage' | 'booked' | 'appointmentReminderAt' | 'completionDueAt';

/** What the admin's search finds a deal by, besides its dealership: its car and the car's seller. */
export type DealCar = Pick<Vehicle, 'year' | 'make' | 'makeName' | 'model' | 'modelName' | 'trim' | 'seller'>;

/** What narrows the admin's list of deals. */
export interface AdminDealFilter {
  state?: DealState;
  dealerId?: string;
  /** Only deals whose dealer asked for a lower price that no admin has judged yet (the review queue). */
  awaitingVerdict?: boolean;
  /** Lower-case words that must each appear in the deal's search text (its car, seller or dealership). */
  searchWords: readonly string[];
}

/** One page of the admin's deals, and where the next one starts (absent on the last page). */
export interface DealPage {
  deals: Deal[];
  next?: CursorPosition<'deals'>;
}

import type { AppointmentPlace, DealCancelReason, DealParty, DealSystemCancelReason } from './deals';
import type { HandOverFault } from './hand-over-faults';
import type { OfferDeclineReason } from './offers';
import type { MinimumNotReachedPayload } from './reserve-price';
import type { SavedSearchCar, SavedSearchMailing } from './saved-searches';
import type { AvailableAgainReason } from './watchlist';

/**
 * Domain events: names and payloads, declared once and used by the services that publish them
 * (through their outbox) and by the notifier that turns them into e-mail. A payload carries only
 * what its e-mails need; contact details appear only where the recipient may see them.
 */

export interface VehicleSummary {
  year: number;
  make: string;
  model: string;
  /** Catalogue names for e-mails ('Honda', 'Accord'); absent on events stored before they existed. */
  makeName?: string;
  modelName?: string;
  trim?: string;
}

/**
 * What every deal event carries: both parties (each e-mail goes to one or both), the car and the
 * agreed price. Once an offer is accepted each side may see the other's contact, so this is no leak.
 */
export interface DealEventBase {
  dealId: string;
  vehicleId: string;
  vehicle: VehicleSummary;
  /** The car's ZIP: e-mails give times in its time zone, and name it. */
  zipCode: string;
  agreedPrice: number;
  seller: { fullName: string; email: string; phone?: string };
  dealer: { dealershipName: string; email: string; phone?: string };
}

export interface DealAppointment {
  startsAt: string;
  endsAt: string;
  place: AppointmentPlace;
  /** The seller's street address, city, state and ZIP, or the dealership's address. */
  placeAddress: string;
}

export interface EventPayloads {
  /**
   * A car was submitted: its contact address gets the confirmation link. Anyone may submit, so the
   * e-mail carries no text the submitter typed: `car` holds only what the catalogue knows of it.
   * Carries the token because its e-mail must; never logged.
   */
  'vehicle.submitted': {
    vehicleId: string;
    car: { year: number; makeName?: string; modelName?: string };
    sellerEmail: string;
    confirmationToken: string;
    confirmationExpiresAt: string;
  };
  /** The seller confirmed the listing: dealers near the car hear of it. */
  'vehicle.listed': {
    vehicleId: string;
    vehicle: VehicleSummary;
    mileage: number;
    zipCode: string;
  };
  'dealer.registered': { dealerId: string; dealershipName: string; email: string };
  'dealer.approved': { dealerId: string; dealershipName: string; email: string };
  'dealer.rejected': { dealerId: string; dealershipName: string; email: string };
  /** An admin suspended the dealer, or reinstated it: the dealer is e-mailed the reason either way. */
  'dealer.suspended': { dealerId: string; userId: string; dealershipName: string; email: string; reason: string };
  'dealer.reinstated': { dealerId: string; userId: string; dealershipName: string; email: string; reason: string };
  /**
   * Carries the code and the sign-in link's token because its e-mail must; never logged.
   * `expiresAt` is the code's, `signInExpiresAt` the link's (each e-mail has its own link).
   */
  'seller.code.requested': { email: string; code: string; expiresAt: string; signInToken: string; signInExpiresAt: string };
  /** Carries the reset token because its e-mail must; never logged. */
  'dealer.password-reset.requested': { email: string; resetToken: string; expiresAt: string };
  'offer.made': {
    offerId: string;
    vehicleId: string;
    vehicle: VehicleSummary;
    dealershipName: string;
    amount: number;
    /** The amount of the pending offer this one replaces (the dealer raised it). */
    previousAmount?: number;
    /** The dealer's message to the seller. */
    message?: string;
    expiresAt: string;
    sellerEmail: string;
    /** The car's ZIP: the e-mail gives times in its time zone. Absent on events stored before. */
    zipCode?: string;
    /** The offering dealer's track record in the words the seller's dashboard shows beside the offer (trackRecordWords). */
    dealerRecordWords?: string[];
    /** The amount is below the seller's private minimum price as it stood when the offer was made (issue 36). */
    belowMinimum?: boolean;
  };
  'offer.accepted': {
    offerId: string;
    vehicleId: string;
    vehicle: VehicleSummary;
    dealershipName: string;
    dealerEmail: string;
    /** The dealer's phone for the seller's e-mail; absent when the dealer service could not be asked. */
    dealerPhone?: string;
    amount: number;
    seller: { fullName: string; email: string; phone?: string; city?: string; state?: string; zipCode: string };
  };
  /** `reason` is absent when the seller declined this offer themselves. */
  'offer.declined': {
    offerId: string;
    vehicleId: string;
    vehicle: VehicleSummary;
    dealershipName: string;
    dealerEmail: string;
    amount: number;
    reason?: OfferDeclineReason;
  };
  /** A pending offer withdrawn because CarDirect suspended its dealer: the seller is told it no longer stands. */
  'offer.withdrawn': {
    offerId: string;
    vehicleId: string;
    vehicle: VehicleSummary;
    dealershipName: string;
    amount: number;
    sellerEmail: string;
    reason: 'dealer-suspended';
  };
  'offer.expired': { offerId: string; vehicleId: string; vehicle: VehicleSummary; dealershipName: string; dealerEmail: string; amount: number };
  /** A dealer's password was replaced through a reset link: the account's address is told, in case it was not them. */
  'dealer.password-changed': { email: string; changedAt: string };
  /** To the seller: the dealer proposed times (`reschedule`: it moved a booked appointment, its one reschedule). */
  'deal.slots-proposed': DealEventBase & {
    slots: Array<{ startsAt: string; endsAt: string }>;
    place: AppointmentPlace;
    placeAddress?: string;
    message?: string;
    reschedule: boolean;
  };
  /** To the dealer: none of the times suit the seller (`reschedule`: the seller moved a booked appointment). */
  'deal.other-times-requested': DealEventBase & { message: string; reschedule: boolean; proposalDueAt: string };
  /**
   * To both: the appointment, with a calendar invitation whose UID is the deal's id and whose
   * SEQUENCE is `sequence` (a reschedule updates the same calendar entry).
   */
  'deal.booked': DealEventBase & DealAppointment & { sequence: number };
  /** To the dealer, 12 hours into its 24 to propose times. */
  'deal.proposal-reminder': DealEventBase & { proposalDueAt: string };
  /** To the seller: the dealer let its 24 hours pass; the seller may cancel with one click. */
  'deal.overdue': DealEventBase & { proposalDueAt: string };
  /** To both, the day before the appointment. */
  'deal.appointment-reminder': DealEventBase & DealAppointment;
  /** To the seller: the dealer recorded the sale at the agreed price; it completes at `completionDueAt` unless the seller objects. */
  'deal.sale-recorded': DealEventBase & { completionDueAt: string };
  /** To the seller: the dealer asks for a lower price at the hand-over. `faults` is absent on events stored before faults were named (issue 36). */
  'deal.price-change-proposed': DealEventBase & { price: number; faults?: HandOverFault[]; reason: string; photoCount: number };
  /** To both, with the bill of sale (PDF). `vin` is absent when the seller gave none. */
  'deal.completed': DealEventBase & {
    finalPrice: number;
    completedAt: string;
    vin?: string;
    mileage: number;
    sellerAddress?: string;
    dealerAddress?: string;
  };
  /**
   * To both. `dealerLapse`: the dealer let the deadline pass and the seller cancelled.
   * `appointment`: the booked appointment the cancellation withdraws from both calendars, with the
   * SEQUENCE of its withdrawal (the last booking's plus one).
   */
  'deal.cancelled': DealEventBase & {
    by: DealParty;
    reason: DealCancelReason | DealSystemCancelReason;
    note?: string;
    dealerLapse: boolean;
    appointment?: DealAppointment & { sequence: number };
  };
  /**
   * A deal was cancelled and the car is listed again: the dealers whose offers were declined
   * because the seller accepted another are told (their old offers do not come back), and the
   * dealers who watch the car. `why` is absent on events stored before the watchlist (a declined offer).
   */
  'vehicle.available-again': {
    vehicleId: string;
    vehicle: VehicleSummary;
    mileage: number;
    zipCode: string;
    dealers: Array<{ dealershipName: string; email: string; why?: AvailableAgainReason }>;
  };
  /** A deal completed: the dealers who watch the car, but the buyer, are told it is sold (issue 36). */
  'vehicle.sold': {
    vehicleId: string;
    vehicle: VehicleSummary;
    dealers: Array<{ dealershipName: string; email: string }>;
  };
  /** To the seller: RESERVE_CHECK_DAYS passed without an offer at or above the private minimum (issue 36). */
  'vehicle.minimum-not-reached': MinimumNotReachedPayload;
  /** A car fits a dealer's saved search that e-mails at once: one e-mail for the car. */
  'saved-search.matched': SavedSearchMailing & { car: SavedSearchCar };
  /** The cars that fit a saved search since its last digest (a daily search's, or those over an instant one's hourly limit). */
  'saved-search.digest': SavedSearchMailing & { cars: SavedSearchCar[]; moreCars: number };
}

export type EventName = keyof EventPayloads;

export const EVENT_NAMES = [
  'vehicle.submitted',
  'vehicle.listed',
  'dealer.registered',
  'dealer.approved',
  'dealer.rejected',
  'dealer.suspended',
  'dealer.reinstated',
  'seller.code.requested',
  'dealer.password-reset.requested',
  'offer.made',
  'offer.accepted',
  'offer.declined',
  'offer.expired',
  'offer.withdrawn',
  'dealer.password-changed',
  'deal.slots-proposed',
  'deal.other-times-requested',
  'deal.booked',
  'deal.proposal-reminder',
  'deal.overdue',
  'deal.appointment-reminder',
  'deal.sale-recorded',
  'deal.price-change-proposed',
  'deal.completed',
  'deal.cancelled',
  'vehicle.available-again',
  'vehicle.sold',
  'vehicle.minimum-not-reached',
  'saved-search.matched',
  'saved-search.digest',
] as const satisfies readonly EventName[];

/** The BullMQ queue every service's outbox relay publishes to; the job name is the event name. */
export const EVENTS_QUEUE = 'events';

/** Events whose e-mail a person is waiting for on screen: a seller's login code or confirmation link, a dealer's reset link. */
const AWAITED_EVENTS: ReadonlySet<EventName> = new Set<EventName>(['seller.code.requested', 'dealer.password-reset.requested', 'vehicle.submitted']);

/**
 * Whether a person is waiting for this event's e-mail. Such e-mail must not queue behind a car's
 * fan-out to hundreds of dealers, so it goes first at every step: both queues and the SMTP sends.
 */
export function isAwaitedEvent(name: EventName): boolean {
  return AWAITED_EVENTS.has(name);
}

/** BullMQ runs jobs without a priority before any prioritized job; every other event's jobs get this one. */
const BACKGROUND_JOB_PRIORITY = 1;

/** The BullMQ job priority of an event's jobs, in the events queue and in the notifier's e-mail queue. */
export function jobPriorityOf(name: EventName): number | undefined {
  return isAwaitedEvent(name) ? undefined : BACKGROUND_JOB_PRIORITY;
}

export interface EventEnvelope<Name extends EventName = EventName> {
  /** Unique per event; the BullMQ job id and the notifier's idempotency key. */
  id: string;
  name: Name;
  payload: EventPayloads[Name];
  occurredAt: string;
}

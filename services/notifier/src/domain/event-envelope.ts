import { z } from 'zod';
import {
  APPOINTMENT_PLACES,
  AVAILABLE_AGAIN_REASONS,
  CONDITIONS,
  DEAL_CANCEL_REASON_LABELS,
  DEAL_PARTIES,
  EVENT_NAMES,
  handOverFaultSchema,
  MAX_DIGEST_CARS,
  OFFER_DECLINE_REASONS,
  type DealCancelReason,
  type DealSystemCancelReason,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
} from '@cardirect/contracts';

/**
 * The notifier re-checks every event it reads from Redis before rendering it: a malformed job
 * fails at once (and stays visible in the failed set) instead of sending a half-empty e-mail.
 * Each schema is tied to the contract's payload type, so the two cannot drift apart.
 */

const text = z.string().min(1);
const isoDate = z.iso.datetime({ offset: true });
const vehicleSummary = z.object({ year: z.number().int(), make: text, model: text, makeName: text.optional(), modelName: text.optional(), trim: z.string().optional() });
const dealerAccount = z.object({ dealerId: text, dealershipName: text, email: z.email() });
const dealerStanding = dealerAccount.extend({ userId: text, reason: text });
const closedOffer = z.object({
  offerId: text,
  vehicleId: text,
  vehicle: vehicleSummary,
  dealershipName: text,
  dealerEmail: z.email(),
  amount: z.number().positive(),
});
const price = z.number().positive();
// Optional free text may come empty from a form; the e-mails treat empty as absent rather than fail the event.
const optionalText = z.string().optional();
const dealEventBase = z.object({
  dealId: text,
  vehicleId: text,
  vehicle: vehicleSummary,
  zipCode: text,
  agreedPrice: price,
  seller: z.object({ fullName: text, email: z.email(), phone: optionalText }),
  dealer: z.object({ dealershipName: text, email: z.email(), phone: optionalText }),
});
const appointment = z.object({ startsAt: isoDate, endsAt: isoDate, place: z.enum(APPOINTMENT_PLACES), placeAddress: text });
const savedSearchMailing = z.object({ searchId: text, dealer: z.object({ dealershipName: text, email: z.email() }), description: text, unsubscribeToken: text });
const savedSearchCar = z.object({ vehicleId: text, vehicle: vehicleSummary, mileage: z.number().nonnegative(), zipCode: text, grade: z.enum(CONDITIONS) });
// Every reason the label table knows: those a person picks and those the product records.
const cancelReasons = Object.keys(DEAL_CANCEL_REASON_LABELS) as Array<DealCancelReason | DealSystemCancelReason>;

const payloadSchemas: { [Name in EventName]: z.ZodType<EventPayloads[Name]> } = {
  'vehicle.submitted': z.object({
    vehicleId: text,
    car: z.object({ year: z.number().int(), makeName: text.optional(), modelName: text.optional() }),
    sellerEmail: z.email(),
    confirmationToken: text,
    confirmationExpiresAt: isoDate,
  }),
  'vehicle.listed': z.object({
    vehicleId: text,
    vehicle: vehicleSummary,
    mileage: z.number().nonnegative(),
    zipCode: text,
  }),
  'dealer.registered': dealerAccount,
  'dealer.approved': dealerAccount,
  'dealer.rejected': dealerAccount,
  'dealer.suspended': dealerStanding,
  'dealer.reinstated': dealerStanding,
  'seller.code.requested': z.object({ email: z.email(), code: text, expiresAt: isoDate, signInToken: text, signInExpiresAt: isoDate }),
  'dealer.password-reset.requested': z.object({ email: z.email(), resetToken: text, expiresAt: isoDate }),
  'offer.made': z.object({
    offerId: text,
    vehicleId: text,
    vehicle: vehicleSummary,
    dealershipName: text,
    amount: z.number().positive(),
    previousAmount: z.number().positive().optional(),
    message: text.optional(),
    expiresAt: isoDate,
    sellerEmail: z.email(),
    zipCode: text.optional(),
    dealerRecordWords: z.array(text).max(10).optional(),
    belowMinimum: z.boolean().optional(),
  }),
  'offer.accepted': z.object({
    offerId: text,
    vehicleId: text,
    vehicle: vehicleSummary,
    dealershipName: text,
    dealerEmail: z.email(),
    dealerPhone: text.optional(),
    amount: z.number().positive(),
    seller: z.object({
      fullName: text,
      email: z.email(),
      phone: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      zipCode: text,
    }),
  }),
  'offer.declined': closedOffer.extend({ reason: z.enum(OFFER_DECLINE_REASONS).optional() }),
  'offer.expired': closedOffer,
  'offer.withdrawn': z.object({
    offerId: text,
    vehicleId: text,
    vehicle: vehicleSummary,
    dealershipName: text,
    amount: z.number().positive(),
    sellerEmail: z.email(),
    reason: z.literal('dealer-suspended'),
  }),
  'dealer.password-changed': z.object({ email: z.email(), changedAt: isoDate }),
  'deal.slots-proposed': dealEventBase.extend({
    slots: z.array(z.object({ startsAt: isoDate, endsAt: isoDate })).min(1),
    place: z.enum(APPOINTMENT_PLACES),
    placeAddress: optionalText,
    message: optionalText,
    reschedule: z.boolean(),
  }),
  'deal.other-times-requested': dealEventBase.extend({ message: text, reschedule: z.boolean(), proposalDueAt: isoDate }),
  'deal.booked': dealEventBase.extend({ ...appointment.shape, sequence: z.number().int().nonnegative() }),
  'deal.proposal-reminder': dealEventBase.extend({ proposalDueAt: isoDate }),
  'deal.overdue': dealEventBase.extend({ proposalDueAt: isoDate }),
  'deal.appointment-reminder': dealEventBase.extend(appointment.shape),
  'deal.sale-recorded': dealEventBase.extend({ completionDueAt: isoDate }),
  'deal.price-change-proposed': dealEventBase.extend({ price, faults: z.array(handOverFaultSchema).optional(), reason: text, photoCount: z.number().int().nonnegative() }),
  'deal.completed': dealEventBase.extend({
    finalPrice: price,
    completedAt: isoDate,
    vin: optionalText,
    mileage: z.number().nonnegative(),
    sellerAddress: optionalText,
    dealerAddress: optionalText,
  }),
  'deal.cancelled': dealEventBase.extend({
    by: z.enum(DEAL_PARTIES),
    reason: z.enum(cancelReasons),
    note: optionalText,
    dealerLapse: z.boolean(),
    appointment: z.object({ ...appointment.shape, sequence: z.number().int().nonnegative() }).optional(),
  }),
  'vehicle.available-again': z.object({
    vehicleId: text,
    vehicle: vehicleSummary,
    mileage: z.number().nonnegative(),
    zipCode: text,
    dealers: z.array(z.object({ dealershipName: text, email: z.email(), why: z.enum(AVAILABLE_AGAIN_REASONS).optional() })),
  }),
  'vehicle.sold': z.object({
    vehicleId: text,
    vehicle: vehicleSummary,
    dealers: z.array(z.object({ dealershipName: text, email: z.email() })),
  }),
  'vehicle.minimum-not-reached': z.object({
    vehicleId: text,
    vehicle: vehicleSummary,
    sellerEmail: z.email(),
    zipCode: text,
    reservePrice: price,
    days: z.number().int().positive(),
    bestOpenOffer: z.object({ dealershipName: text, amount: price, expiresAt: isoDate }).optional(),
  }),
  'saved-search.matched': savedSearchMailing.extend({ car: savedSearchCar }),
  // A digest without a car would be an e-mail about nothing.
  'saved-search.digest': savedSearchMailing.extend({ cars: z.array(savedSearchCar).min(1).max(MAX_DIGEST_CARS), moreCars: z.number().int().nonnegative() }),
};

const envelopeSchema = z.object({ id: text, name: z.enum(EVENT_NAMES), payload: z.unknown(), occurredAt: isoDate });

export type EventCheck = { ok: true; event: EventEnvelope } | { ok: false; problem: string };

/** Validates a job's data as an event envelope with the payload its name promises. */
export function readEventEnvelope(data: unknown): EventCheck {
  const envelope = envelopeSchema.safeParse(data);
  if (!envelope.success) return { ok: false, problem: `not an event envelope (${describeIssues(envelope.error)})` };
  const payload = payloadSchemas[envelope.data.name].safeParse(envelope.data.payload);
  // Only field paths and messages: the values may be a code or a token.
  if (!payload.success) return { ok: false, problem: `invalid ${envelope.data.name} payload (${describeIssues(payload.error)})` };
  return { ok: true, event: { ...envelope.data, payload: payload.data } as EventEnvelope };
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

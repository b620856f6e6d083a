import { z } from 'zod';
import { EVENT_NAMES, OFFER_DECLINE_REASONS, type EventEnvelope, type EventName, type EventPayloads } from '@cardirect/contracts';

/**
 * The notifier re-checks every event it reads from Redis before rendering it: a malformed job
 * fails at once (and stays visible in the failed set) instead of sending a half-empty e-mail.
 * Each schema is tied to the contract's payload type, so the two cannot drift apart.
 */

const text = z.string().min(1);
const isoDate = z.iso.datetime({ offset: true });
const vehicleSummary = z.object({ year: z.number().int(), make: text, model: text, makeName: text.optional(), modelName: text.optional(), trim: z.string().optional() });
const dealerAccount = z.object({ dealerId: text, dealershipName: text, email: z.email() });
const closedOffer = z.object({
  offerId: text,
  vehicleId: text,
  vehicle: vehicleSummary,
  dealershipName: text,
  dealerEmail: z.email(),
  amount: z.number().positive(),
});

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
  'dealer.password-changed': z.object({ email: z.email(), changedAt: isoDate }),
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

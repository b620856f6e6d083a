import { z } from 'zod';
import type { VehicleSummary } from './events';
import { OFFER_MAX_DOLLARS, OFFER_MIN_DOLLARS } from './limits';
import { wholeNumberText } from './whole-number-text';

/**
 * The seller's private minimum price (issue 36). Offers below it are marked for the seller; a
 * dealer learns only that a minimum exists, never its amount nor that its own offer is below it.
 * When RESERVE_CHECK_DAYS pass from the listing's confirmation (or from the last lowering) without
 * an offer at or above it, the seller is e-mailed once, with the best offer still open.
 */
export const RESERVE_CHECK_DAYS = 7;

/** The text a seller may type for an amount: "$18,500" and "18 500" read as 18500. */
function dollarsFromText(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'string') return value;
  const bare = value.replace(/[$,\s]/g, '');
  return bare === '' ? undefined : Number(bare);
}

const amountSchema = z
  .number({ error: 'Minimum price must be a number of dollars' })
  .int('Minimum price must be whole dollars')
  .min(OFFER_MIN_DOLLARS, `Minimum price must be at least $${wholeNumberText(OFFER_MIN_DOLLARS)}`)
  .max(OFFER_MAX_DOLLARS, `Minimum price must be at most $${wholeNumberText(OFFER_MAX_DOLLARS)}`);

/** The submission's optional `reservePrice`: whole dollars within the offer range; empty means none. */
export const reservePriceField = z.preprocess(dollarsFromText, amountSchema.optional());

/** The amount a form's text stands for (undefined: none); call it on text reservePriceText accepted. */
export function reservePriceOf(text: string | undefined): number | undefined {
  const parsed = reservePriceField.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** A form's minimum price as typed: kept as text in the form, checked with the submission's messages. */
export const reservePriceText = z.string().superRefine((text, context) => {
  const parsed = reservePriceField.safeParse(text);
  if (!parsed.success) context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Minimum price must be a number of dollars' });
});

/** Why a new minimum is refused: it must be lower than the one it replaces. */
export function lowerMinimumMessage(currentAmount: number): string {
  return `The new minimum must be lower than $${wholeNumberText(currentAmount)}`;
}

/**
 * POST /api/seller/vehicles/{id}/reserve-price: the seller lowers the minimum (`reservePrice`, lower
 * than the current one) or removes it (`null`). Raising it would hide from the seller offers
 * already made against the lower one, so it is refused (see lowerMinimumMessage).
 */
export const changeReservePriceSchema = z.object({
  reservePrice: z.union([z.null(), amountSchema], { error: 'Minimum price must be a number of dollars, or null to remove it' }),
});
export type ChangeReservePriceInput = z.infer<typeof changeReservePriceSchema>;

/** The "Lower your minimum" form: the new amount as typed, checked against the current minimum. */
export function lowerMinimumFormSchema(currentAmount: number) {
  return z.object({
    reservePrice: reservePriceText.superRefine((text, context) => {
      const amount = reservePriceOf(text);
      if (text.trim() === '') context.addIssue({ code: 'custom', message: 'Enter the new minimum, or remove the minimum' });
      else if (amount !== undefined && amount >= currentAmount) context.addIssue({ code: 'custom', message: lowerMinimumMessage(currentAmount) });
    }),
  });
}
export type LowerMinimumForm = z.infer<ReturnType<typeof lowerMinimumFormSchema>>;

/** To the seller, after RESERVE_CHECK_DAYS without an offer at or above the minimum: the best offer still open, if any. */
export interface MinimumNotReachedPayload {
  vehicleId: string;
  vehicle: VehicleSummary;
  sellerEmail: string;
  /** The car's ZIP: the e-mail gives the open offer's expiry in its time zone. */
  zipCode: string;
  reservePrice: number;
  days: number;
  bestOpenOffer?: { dealershipName: string; amount: number; expiresAt: string };
}

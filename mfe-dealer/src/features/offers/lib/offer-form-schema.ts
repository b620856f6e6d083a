import { z } from 'zod';
import { higherOfferMessage, makeOfferSchema, OFFER_MESSAGE_MAX } from '@cardirect/contracts';

/** What the dealer typed, read as whole dollars: an amount, or why it is not one. */
export type TypedAmount = { amount: number } | { problem: string };

/** Digits, optionally grouped by commas in threes, after an optional dollar sign: '15000', '$15,000'. */
const WHOLE_DOLLARS = /^\$?\s*(\d+|\d{1,3}(,\d{3})+)$/;

/**
 * Reads the amount as typed, never guessing: '12,500.50' is refused, not read as 1,250,050 or
 * rounded, because the seller is e-mailed the amount the moment it is sent. An empty field reads
 * as 0, which the amount's range then refuses with the API's own message.
 */
export function typedAmountOf(typed: string): TypedAmount {
  const text = typed.trim();
  if (text === '') return { amount: 0 };
  if (WHOLE_DOLLARS.test(text)) return { amount: Number(text.replace(/[$,\s]/g, '')) };
  if (/^\$?\s*-/.test(text)) return { problem: 'An offer cannot be negative' };
  if (/^\$?\s*[\d,]*\.\d*$/.test(text)) return { problem: 'Offers are in whole dollars: leave out the cents (12,500, not 12,500.50)' };
  if (/^\$?\s*[\d,]+$/.test(text)) return { problem: 'Put commas only between groups of three digits, as in 12,500' };
  return { problem: 'Type the amount in digits only, as in 12,500' };
}

/**
 * The offer form: the amount as typed (digits, maybe with '$' and thousands commas) checked with
 * the API's own rule, and an optional message. With a pending offer, the new amount must be higher:
 * the form raises an offer, it never lowers one (the server holds the same rule).
 */
export function offerFormSchema(currentAmount?: number) {
  return z.object({
    amount: z
      .string()
      .transform((typed, context) => {
        const read = typedAmountOf(typed);
        if ('amount' in read) return read.amount;
        context.addIssue({ code: 'custom', message: read.problem });
        return z.NEVER;
      })
      .pipe(makeOfferSchema.shape.amount)
      .refine((amount) => currentAmount === undefined || amount > currentAmount, higherOfferMessage(currentAmount ?? 0)),
    message: z
      .string()
      .trim()
      .max(OFFER_MESSAGE_MAX, `Must be at most ${OFFER_MESSAGE_MAX} characters`)
      .transform((message) => message || undefined),
  });
}

export type OfferFormInput = z.input<ReturnType<typeof offerFormSchema>>;
export type OfferFormValues = z.output<ReturnType<typeof offerFormSchema>>;

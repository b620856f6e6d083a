import { z } from 'zod';
import { formatDollars } from '@cardirect/web';
import { makeOfferSchema, OFFER_MESSAGE_MAX } from '@cardirect/contracts';

/** The digits of what the dealer typed ('$15,000' → '15000'): amounts are whole dollars. */
export function amountDigits(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/**
 * The offer form: the amount as typed (digits, maybe with '$' and commas) checked with the API's
 * own rule, and an optional message. With a pending offer, the new amount must be higher: the
 * form raises an offer, it never lowers one.
 */
export function offerFormSchema(currentAmount?: number) {
  return z.object({
    amount: z
      .string()
      .transform((typed) => Number(amountDigits(typed) || '0'))
      .pipe(makeOfferSchema.shape.amount)
      .refine((amount) => currentAmount === undefined || amount > currentAmount, `Your new offer must be higher than your current offer of ${formatDollars(currentAmount ?? 0)}`),
    message: z
      .string()
      .trim()
      .max(OFFER_MESSAGE_MAX, `Must be at most ${OFFER_MESSAGE_MAX} characters`)
      .transform((message) => message || undefined),
  });
}

export type OfferFormInput = z.input<ReturnType<typeof offerFormSchema>>;
export type OfferFormValues = z.output<ReturnType<typeof offerFormSchema>>;

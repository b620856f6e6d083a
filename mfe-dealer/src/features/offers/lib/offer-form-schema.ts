import { z } from 'zod';
import { higherOfferMessage, makeOfferSchema, OFFER_MESSAGE_MAX } from '@cardirect/contracts';
import { typedAmountOf, type TypedAmount } from '../../../lib/typed-amount';

const offerWording = { plural: 'Offers', singular: 'An offer' };

/** The offer's amount as typed, read as whole dollars (see typedAmountOf). */
export function typedOfferAmountOf(typed: string): TypedAmount {
  return typedAmountOf(typed, offerWording);
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
        const read = typedOfferAmountOf(typed);
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

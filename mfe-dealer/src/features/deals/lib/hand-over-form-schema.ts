import { z } from 'zod';
import { OFFER_MAX_DOLLARS, priceNotLowerMessage, recordHandOverSchema } from '@cardirect/contracts';
import { parsedWith } from '../../../lib/parsed-with';
import { typedAmountOf, type TypedAmount } from '../../../lib/typed-amount';

/** The lower price as typed, read as whole dollars like an offer's amount (see typedAmountOf). */
export function typedPriceOf(typed: string): TypedAmount {
  return typedAmountOf(typed, { plural: 'Prices', singular: 'A price' });
}

/**
 * The hand-over form: the sale at the agreed price, or a lower price typed as whole dollars (never
 * read otherwise: '12,500.00' is refused, not read as 1,250,000), below the agreed one, with the
 * faults described and photographed (resized data URLs). The API's schema has the last word, and
 * leaves out the fields of the outcome not chosen.
 */
export function handOverFormSchema(agreedPrice: number) {
  return z
    .object({
      // A radio group with nothing chosen holds null.
      outcome: z.string().nullable(),
      price: z.string(),
      reason: z.string(),
      photoUrls: z.array(z.string()),
    })
    .transform((form, context) => {
      if (form.outcome !== 'lower-price') return parsedWith(recordHandOverSchema, { outcome: form.outcome }, context);
      const typed = typedPriceOf(form.price);
      const price = 'amount' in typed ? typed.amount : undefined;
      if ('problem' in typed) context.addIssue({ code: 'custom', message: typed.problem, path: ['price'] });
      // Above the most an offer may be, the API's own range message says what is wrong.
      else if (typed.amount >= agreedPrice && typed.amount <= OFFER_MAX_DOLLARS) context.addIssue({ code: 'custom', message: priceNotLowerMessage(agreedPrice), path: ['price'] });
      return parsedWith(recordHandOverSchema, { ...form, price }, context, (field) => (field === 'price' && price === undefined ? null : field));
    });
}

export type HandOverFormInput = z.input<ReturnType<typeof handOverFormSchema>>;
export type HandOverFormValues = z.output<ReturnType<typeof handOverFormSchema>>;

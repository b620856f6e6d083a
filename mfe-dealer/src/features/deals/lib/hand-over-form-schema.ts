import { z } from 'zod';
import { declaredFaultRefusal, handOverFaultSchema, OFFER_MAX_DOLLARS, priceNotLowerMessage, recordHandOverSchema, type ConditionReport } from '@cardirect/contracts';
import { parsedWith } from '../../../lib/parsed-with';
import { typedAmountOf, type TypedAmount } from '../../../lib/typed-amount';

/** The lower price as typed, read as whole dollars like an offer's amount (see typedAmountOf). */
export function typedPriceOf(typed: string): TypedAmount {
  return typedAmountOf(typed, { plural: 'Prices', singular: 'A price' });
}

/**
 * One fault as the form holds it: every select of every kind, empty until chosen, so changing the
 * kind keeps nothing stale in what is sent (only the chosen kind's fields go).
 */
const faultRowSchema = z.object({
  kind: z.string(),
  panel: z.string(),
  damage: z.string(),
  size: z.string(),
  light: z.string(),
  condition: z.string(),
  description: z.string(),
});
export type HandOverFaultRow = z.infer<typeof faultRowSchema>;

export function emptyFaultRow(): HandOverFaultRow {
  return { kind: '', panel: '', damage: '', size: '', light: '', condition: '', description: '' };
}

/** The fault in the API's shape: its kind and that kind's own fields. */
function faultOf(row: HandOverFaultRow): Record<string, string> {
  switch (row.kind) {
    case 'panel-damage':
      return { kind: row.kind, panel: row.panel, damage: row.damage, size: row.size };
    case 'warning-light':
      return { kind: row.kind, light: row.light };
    case 'tires':
    case 'windshield':
      return { kind: row.kind, condition: row.condition };
    case 'other':
      return { kind: row.kind, description: row.description };
    default:
      return { kind: row.kind };
  }
}

/**
 * The hand-over form: the sale at the agreed price, or a lower price typed as whole dollars (never
 * read otherwise: '12,500.00' is refused, not read as 1,250,000), below the agreed one, for the
 * faults named (none the listing declared: `declared` is the car's questionnaire, absent when it
 * was listed without one), described and photographed (resized data URLs). The API's schema has
 * the last word, and leaves out the fields of the outcome not chosen.
 */
export function handOverFormSchema(agreedPrice: number, declared?: ConditionReport) {
  return z
    .object({
      // A radio group with nothing chosen holds null.
      outcome: z.string().nullable(),
      price: z.string(),
      faults: z.array(faultRowSchema),
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
      const faults = form.faults.map(faultOf);
      faults.forEach((fault, index) => {
        const named = handOverFaultSchema.safeParse(fault);
        const refusal = named.success ? declaredFaultRefusal(named.data, declared) : undefined;
        if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['faults', index, 'kind'] });
      });
      return parsedWith(recordHandOverSchema, { ...form, price, faults }, context, (field) => (field === 'price' && price === undefined ? null : field));
    });
}

export type HandOverFormInput = z.input<ReturnType<typeof handOverFormSchema>>;
export type HandOverFormValues = z.output<ReturnType<typeof handOverFormSchema>>;

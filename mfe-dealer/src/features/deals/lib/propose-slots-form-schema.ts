import { z } from 'zod';
import {
  DEAL_MAX_SLOTS,
  DEAL_MIN_SLOTS,
  DEAL_SLOT_MAX_AHEAD_DAYS,
  DEAL_SLOT_MIN_LEAD_HOURS,
  dealSlotInputSchema,
  proposeSlotsSchema,
} from '@cardirect/contracts';
import { parsedWith } from '../../../lib/parsed-with';
import { instantAt } from './zoned-time';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** One slot as the form holds it: the dealer's local date and start time, and the window's hours (a select's value). */
export interface SlotRow {
  date: string;
  time: string;
  hours: string;
}

export const emptySlotRow: SlotRow = { date: '', time: '', hours: '1' };

export const slotLeadMessage = `Choose a start at least ${DEAL_SLOT_MIN_LEAD_HOURS} hours from now`;
export const slotAheadMessage = `Choose a start within the next ${DEAL_SLOT_MAX_AHEAD_DAYS} days`;
export const repeatedSlotMessage = 'This time is already proposed above';

interface SlotClock {
  /** The dealer's time zone, in which the dates and times are read. */
  timeZone: string;
  now: () => Date;
}

/**
 * The slot form: each row's local date and time read in the dealer's time zone and turned into
 * the instant the API stores, checked against the service's own limits (how soon, how far ahead)
 * so the dealer reads the problem under the row; the API's schema has the last word.
 */
export function proposeSlotsFormSchema({ timeZone, now }: SlotClock) {
  const slotRow = z
    .object({
      date: z.string().min(1, 'Choose a date'),
      time: z.string().min(1, 'Choose a start time'),
      hours: z.string().transform(Number).pipe(dealSlotInputSchema.shape.hours),
    })
    .transform((row, context) => {
      const startsAt = instantAt(row.date, row.time, timeZone);
      if (!startsAt) {
        context.addIssue({ code: 'custom', message: 'Choose a date and a start time', path: ['date'] });
        return z.NEVER;
      }
      const lead = Date.parse(startsAt) - now().getTime();
      if (lead < DEAL_SLOT_MIN_LEAD_HOURS * HOUR_MS) context.addIssue({ code: 'custom', message: slotLeadMessage, path: ['time'] });
      else if (lead > DEAL_SLOT_MAX_AHEAD_DAYS * DAY_MS) context.addIssue({ code: 'custom', message: slotAheadMessage, path: ['date'] });
      return { startsAt, hours: row.hours };
    });

  return z
    .object({
      slots: z
        .array(slotRow)
        .min(DEAL_MIN_SLOTS)
        .max(DEAL_MAX_SLOTS)
        .superRefine((slots, context) => {
          slots.forEach((slot, index) => {
            if (slots.slice(0, index).some((earlier) => earlier.startsAt === slot.startsAt)) {
              context.addIssue({ code: 'custom', message: repeatedSlotMessage, path: [index, 'time'] });
            }
          });
        }),
      // Checked on their own, so their messages show with the rows' rather than after them. A
      // radio group with nothing chosen holds null.
      place: z.string().nullable().transform((place, context) => parsedWith(proposeSlotsSchema.shape.place, place, context)),
      message: z.string().transform((message, context) => parsedWith(proposeSlotsSchema.shape.message, message, context)),
    })
    .transform((form, context) => parsedWith(proposeSlotsSchema, form, context, formFieldOfServerField));
}

export type ProposeSlotsFormInput = z.input<ReturnType<typeof proposeSlotsFormSchema>>;
export type ProposeSlotsFormValues = z.output<ReturnType<typeof proposeSlotsFormSchema>>;

/**
 * Where the API's message about a field of the request goes on the form: a slot's instant is its
 * start time's (the date and the time make it), every other field is the form's own.
 */
export function formFieldOfServerField(field: string): string {
  return field.replace(/^slots\.(\d+)\.startsAt$/, 'slots.$1.time');
}

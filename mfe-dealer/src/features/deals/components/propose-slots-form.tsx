import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { DEAL_MAX_SLOTS, DEAL_MESSAGE_MAX, DEAL_SLOT_MAX_AHEAD_DAYS, DEAL_SLOT_MAX_HOURS, DEAL_SLOT_MIN_HOURS, type DealView } from '@cardirect/contracts';
import { Button, Field, Input, Select, Textarea, toast } from '@cardirect/ui';
import { errorMessageOf, fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { useProposeSlots } from '../api/propose-slots';
import {
  emptySlotRow,
  formFieldOfServerField,
  proposeSlotsFormSchema,
  type ProposeSlotsFormInput,
  type ProposeSlotsFormValues,
} from '../lib/propose-slots-form-schema';
import { browserTimeZone, dateInputValueAt } from '../lib/zoned-time';

const DAY_MS = 24 * 60 * 60 * 1000;
const systemNow = () => new Date();

const windowOptions = Array.from({ length: DEAL_SLOT_MAX_HOURS - DEAL_SLOT_MIN_HOURS + 1 }, (_, index) => {
  const hours = DEAL_SLOT_MIN_HOURS + index;
  return { value: String(hours), label: hours === 1 ? '1 hour' : `${hours} hours` };
});

const radioClasses = 'size-5 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

interface ProposeSlotsFormProps {
  deal: DealView;
  /** The booked appointment is being moved (the dealer's one reschedule). */
  rescheduling: boolean;
  onDone: () => void;
  /** The dealer's time zone, in which it picks the times; the browser's unless a test fixes one. */
  timeZone?: string;
  now?: () => Date;
}

/**
 * The dealer proposes 1 to 3 appointment times in its own local time (named on the form), each a
 * date, a start and a window of 1 to 3 hours, and the place. The browser turns each into the
 * instant the API stores, so neither side's time zone is ever guessed.
 */
export function ProposeSlotsForm({ deal, rescheduling, onDone, timeZone: fixedTimeZone, now = systemNow }: ProposeSlotsFormProps) {
  const proposeSlots = useProposeSlots(deal.vehicleId);
  const timeZone = useMemo(() => fixedTimeZone ?? browserTimeZone(), [fixedTimeZone]);
  // The clock is read when the form is checked, not when it was drawn.
  const schema = useMemo(() => proposeSlotsFormSchema({ timeZone, now }), [timeZone, now]);
  const form = useForm<ProposeSlotsFormInput, unknown, ProposeSlotsFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { slots: [emptySlotRow], place: deal.place ?? '', message: '' },
  });
  const slots = useFieldArray({ control: form.control, name: 'slots' });
  const { errors, isSubmitting } = form.formState;
  const placeErrorId = useId();
  const today = now();
  const firstDay = dateInputValueAt(today, timeZone);
  const lastDay = dateInputValueAt(new Date(today.getTime() + DEAL_SLOT_MAX_AHEAD_DAYS * DAY_MS), timeZone);

  const submit = form.handleSubmit(async (proposal) => {
    try {
      await proposeSlots.mutateAsync({ dealId: deal.id, input: proposal });
    } catch (error) {
      const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, message]) => [formFieldOfServerField(field), message]));
      const fields: FieldPath<ProposeSlotsFormInput>[] = [
        ...slots.fields.flatMap((_, index) => [`slots.${index}.date`, `slots.${index}.time`, `slots.${index}.hours`] as const),
        'place',
        'message',
      ];
      showServerFieldErrors(fieldErrors, fields, form.setError);
      toast({ title: 'Times Not Sent', description: errorMessageOf(error, 'Could not send the times. Please try again.'), variant: 'destructive' });
      return;
    }
    const count = proposal.slots.length;
    toast({ title: rescheduling ? 'New Times Sent' : 'Times Sent', description: `The seller is e-mailed ${count === 1 ? 'the time' : `the ${count} times`} to book one.` });
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-700">
        Times are in your time zone: <strong className="font-semibold text-slate-900">{timeZone}</strong>. The seller sees them in theirs.
      </p>
      <ol className="grid gap-4">
        {slots.fields.map((slot, index) => {
          const rowErrors = errors.slots?.[index];
          return (
            <li key={slot.id}>
              <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">Time {index + 1}</legend>
                {/* Two columns at most: the form sits in the car page's narrow side column on a wide screen. */}
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label="Date" error={rowErrors?.date?.message} className="sm:col-span-2">
                    {(control) => <Input {...control} type="date" min={firstDay} max={lastDay} {...form.register(`slots.${index}.date`)} />}
                  </Field>
                  <Field label="Start time" error={rowErrors?.time?.message}>
                    {(control) => <Input {...control} type="time" step={900} {...form.register(`slots.${index}.time`)} />}
                  </Field>
                  <Controller
                    control={form.control}
                    name={`slots.${index}.hours`}
                    render={({ field }) => (
                      <Field label="Window" error={rowErrors?.hours?.message}>
                        {(control) => <Select {...control} name={field.name} options={windowOptions} value={field.value} onValueChange={field.onChange} />}
                      </Field>
                    )}
                  />
                </div>
                {slots.fields.length > 1 && (
                  <Button variant="ghost" size="sm" className="justify-self-start" aria-label={`Remove time ${index + 1}`} onClick={() => slots.remove(index)}>
                    Remove
                  </Button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {slots.fields.length < DEAL_MAX_SLOTS && (
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => slots.append(emptySlotRow)}>
          Add Another Time
        </Button>
      )}
      <fieldset className="grid gap-2" aria-describedby={errors.place ? placeErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Place</legend>
        <label className="flex items-center gap-3 text-slate-900">
          <input type="radio" value="seller-address" className={radioClasses} aria-invalid={Boolean(errors.place)} {...form.register('place')} />
          At the seller&apos;s address (the seller gives it when booking)
        </label>
        <label className="flex items-center gap-3 text-slate-900">
          <input type="radio" value="dealership" className={radioClasses} aria-invalid={Boolean(errors.place)} {...form.register('place')} />
          At your dealership
        </label>
        {errors.place && (
          <p id={placeErrorId} className="text-sm font-medium text-red-700">
            {errors.place.message}
          </p>
        )}
      </fieldset>
      <Field label="Message to the Seller (optional)" error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={DEAL_MESSAGE_MAX} {...form.register('message')} />}
      </Field>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? 'Sending...' : rescheduling ? 'Propose New Times' : 'Propose Times'}
      </Button>
    </form>
  );
}

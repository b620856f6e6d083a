import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { STREET_ADDRESS_REQUIRED_MESSAGE, bookSlotSchema, type DealView } from '@cardirect/contracts';
import { Button, Field, Input, toast } from '@cardirect/ui';
import { fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { formatDealSlot } from '@cardirect/vehicle-views';
import { useBookSlot } from '../api/book-slot';
import { usePanelFocus } from '../lib/deal-panel-focus';
import { toastStepFailure } from '../lib/deal-step-failure';

type BookingForm = z.input<typeof bookSlotSchema>;

/** The contract's schema, with the street address required when the dealer comes to the seller. */
function bookingSchemaFor(deal: DealView) {
  if (deal.place !== 'seller-address') return bookSlotSchema;
  return bookSlotSchema.superRefine((booking, context) => {
    if (!booking.streetAddress) context.addIssue({ code: 'custom', path: ['streetAddress'], message: STREET_ADDRESS_REQUIRED_MESSAGE });
  });
}

interface BookSlotFormProps {
  deal: DealView;
  /** The car's street address the seller gave before, offered again. */
  knownStreetAddress?: string;
}

/** The seller books one of the dealer's proposed times, each shown in the seller's own time zone. */
export function BookSlotForm({ deal, knownStreetAddress }: BookSlotFormProps) {
  const book = useBookSlot(deal.vehicleId);
  const focusPanel = usePanelFocus();
  const schema = useMemo(() => bookingSchemaFor(deal), [deal]);
  const form = useForm<BookingForm, unknown, z.output<typeof bookSlotSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { slotId: deal.slots.length === 1 ? deal.slots[0]?.id : undefined, streetAddress: knownStreetAddress ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const slotErrorId = useId();
  const atSellerAddress = deal.place === 'seller-address';

  const submit = form.handleSubmit(async (input) => {
    try {
      const booked = await book.mutateAsync({ dealId: deal.id, input: atSellerAddress ? input : { slotId: input.slotId } });
      toast({
        title: 'Appointment Booked',
        description: `${deal.dealershipName} expects you ${booked.booked ? formatDealSlot(booked.booked) : 'at the time you chose'}. The invitation is in your e-mail.`,
      });
      focusPanel();
    } catch (error) {
      if (!showServerFieldErrors(fieldErrorsOf(error), ['slotId', 'streetAddress'], form.setError)) toastStepFailure('Could Not Book This Time', error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <fieldset className="grid gap-2" aria-describedby={errors.slotId ? slotErrorId : undefined}>
        <legend className="mb-1 font-medium text-slate-900">Choose one of the proposed times</legend>
        {deal.slots.map((slot) => (
          <label
            key={slot.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input type="radio" value={slot.id} className="size-4 shrink-0 accent-brand-600" {...form.register('slotId')} />
            <span className="text-slate-900">{formatDealSlot(slot)}</span>
          </label>
        ))}
        {errors.slotId && (
          <p id={slotErrorId} className="text-sm font-medium text-red-700">
            {errors.slotId.message}
          </p>
        )}
      </fieldset>
      {atSellerAddress && (
        <Field
          label="Street address for the appointment"
          error={errors.streetAddress?.message}
          hint={`${deal.dealershipName} comes to this address; it becomes your car's street address.`}
        >
          {(control) => <Input {...control} autoComplete="street-address" aria-required="true" maxLength={200} {...form.register('streetAddress')} />}
        </Field>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? 'Booking...' : 'Book This Time'}
      </Button>
    </form>
  );
}

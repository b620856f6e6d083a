import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DEAL_REASON_MAX, type DealView } from '@cardirect/contracts';
import { Button, Field, Input, Textarea, toast } from '@cardirect/ui';
import { useVehicle } from '@cardirect/vehicle-views';
import { errorMessageOf, fieldErrorsOf, formatDollars, showServerFieldErrors } from '@cardirect/web';
import { useRecordHandOver } from '../api/record-hand-over';
import { emptyFaultRow, handOverFormSchema, typedPriceOf, type HandOverFormInput, type HandOverFormValues } from '../lib/hand-over-form-schema';
import { DeclaredFaults } from './declared-faults';
import { FaultPhotosField } from './fault-photos-field';
import { HandOverFaultsField } from './hand-over-faults-field';

const radioClasses = 'size-5 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * The dealer records the hand-over: the sale at the agreed price, or a lower price for faults not
 * in the listing, named, described and photographed, which the seller then accepts or refuses. The
 * listing's declared faults show first: the car page has already asked for the car.
 */
export function HandOverForm({ deal, onDone }: { deal: DealView; onDone: () => void }) {
  const recordHandOver = useRecordHandOver(deal.vehicleId);
  const declared = useVehicle(deal.vehicleId).data?.conditionReport;
  const schema = useMemo(() => handOverFormSchema(deal.agreedPrice, declared), [deal.agreedPrice, declared]);
  const form = useForm<HandOverFormInput, unknown, HandOverFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { outcome: '', price: '', faults: [emptyFaultRow()], reason: '', photoUrls: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const outcomeErrorId = useId();
  const lowerPrice = form.watch('outcome') === 'lower-price';
  const typed = typedPriceOf(form.watch('price'));
  const typedPrice = 'amount' in typed && typed.amount > 0 ? typed.amount : undefined;

  const submit = form.handleSubmit(async (handOver) => {
    try {
      await recordHandOver.mutateAsync({ dealId: deal.id, input: handOver });
    } catch (error) {
      showServerFieldErrors(fieldErrorsOf(error), ['outcome', 'price', 'faults', 'reason', 'photoUrls'], form.setError);
      toast({ title: 'Hand-Over Not Recorded', description: errorMessageOf(error, 'Could not record the hand-over. Please try again.'), variant: 'destructive' });
      return;
    }
    toast(
      handOver.outcome === 'lower-price'
        ? { title: 'Lower Price Sent', description: `The seller is asked to accept ${formatDollars(handOver.price)} or refuse it.` }
        : { title: 'Sale Recorded', description: `The seller is asked to confirm the sale at ${formatDollars(deal.agreedPrice)}.` },
    );
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {declared && <DeclaredFaults report={declared} />}
      <fieldset className="grid gap-2" aria-describedby={errors.outcome ? outcomeErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">How did the hand-over go?</legend>
        <label className="flex items-center gap-3 text-slate-900">
          <input type="radio" value="agreed-price" className={radioClasses} aria-invalid={Boolean(errors.outcome)} {...form.register('outcome')} />
          Sold at the agreed price of {formatDollars(deal.agreedPrice)}
        </label>
        <label className="flex items-center gap-3 text-slate-900">
          <input type="radio" value="lower-price" className={radioClasses} aria-invalid={Boolean(errors.outcome)} {...form.register('outcome')} />
          A lower price, for faults not in the listing
        </label>
        {errors.outcome && (
          <p id={outcomeErrorId} className="text-sm font-medium text-red-700">
            {errors.outcome.message}
          </p>
        )}
      </fieldset>
      {lowerPrice && (
        <>
          <Field
            label="New Price ($)"
            error={errors.price?.message}
            hint={
              typedPrice ? (
                <span className="font-semibold text-slate-900">The seller is asked to accept {formatDollars(typedPrice)}</span>
              ) : (
                `Whole dollars, below the agreed ${formatDollars(deal.agreedPrice)}`
              )
            }
          >
            {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('price')} />}
          </Field>
          <HandOverFaultsField control={form.control} register={form.register} errors={errors.faults} />
          <Field label="Reason" error={errors.reason?.message} hint="Describe what you found. The seller reads it with the faults you named and the photos.">
            {(control) => <Textarea {...control} rows={4} maxLength={DEAL_REASON_MAX} {...form.register('reason')} />}
          </Field>
          <Controller
            control={form.control}
            name="photoUrls"
            render={({ field, fieldState }) => (
              <Field label="Photos of the Faults" error={fieldState.error?.message} hint="At least one photo of each fault.">
                {(control) => (
                  <FaultPhotosField
                    id={control.id}
                    value={field.value}
                    onChange={field.onChange}
                    invalid={control['aria-invalid']}
                    describedBy={control['aria-describedby']}
                  />
                )}
              </Field>
            )}
          />
        </>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? 'Sending...' : 'Save Hand-Over'}
      </Button>
    </form>
  );
}

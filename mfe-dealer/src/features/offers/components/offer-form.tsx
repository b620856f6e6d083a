import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { OfferView } from '@cardirect/contracts';
import { OFFER_MESSAGE_MAX } from '@cardirect/contracts';
import { Button, Field, Input, Textarea, toast } from '@cardirect/ui';
import { errorMessageOf, fieldErrorsOf, formatDollars, isApiError, showServerFieldErrors } from '@cardirect/web';
import { useMakeOffer } from '../api/make-offer';
import { offerFormSchema, typedOfferAmountOf, type OfferFormInput, type OfferFormValues } from '../lib/offer-form-schema';

interface OfferFormProps {
  vehicleId: string;
  /** The dealer's open offer on the car, which this form raises. */
  pendingOffer?: OfferView;
  /** The server refused because the car no longer takes offers (409), with its reason. */
  onClosed: (reason: string) => void;
}

/** Makes an offer in whole dollars with an optional message, or raises the dealer's pending one. */
export function OfferForm({ vehicleId, pendingOffer, onClosed }: OfferFormProps) {
  const makeOffer = useMakeOffer(vehicleId);
  const schema = useMemo(() => offerFormSchema(pendingOffer?.amount), [pendingOffer?.amount]);
  const form = useForm<OfferFormInput, unknown, OfferFormValues>({ resolver: zodResolver(schema), defaultValues: { amount: '', message: '' } });
  const { errors, isSubmitting } = form.formState;
  const typed = typedOfferAmountOf(form.watch('amount'));
  // Only an amount read exactly as typed is repeated back; anything else is explained on sending.
  const typedAmount = 'amount' in typed && typed.amount > 0 ? typed.amount : undefined;
  const raising = pendingOffer !== undefined;

  const submit = form.handleSubmit(async (offer) => {
    try {
      await makeOffer.mutateAsync(offer);
    } catch (error) {
      showServerFieldErrors(fieldErrorsOf(error), ['amount', 'message'], form.setError);
      toast({ title: 'Offer Not Sent', description: errorMessageOf(error, 'Could not send your offer. Please try again.'), variant: 'destructive' });
      if (isApiError(error) && error.status === 409) onClosed(errorMessageOf(error, 'This vehicle no longer takes offers.'));
      return;
    }
    toast({
      title: raising ? 'Offer Raised' : 'Offer Sent',
      description: `Your offer of ${formatDollars(offer.amount)} was sent to the seller.`,
    });
    form.reset();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field
        label={raising ? 'New Offer Amount ($)' : 'Offer Amount ($)'}
        error={errors.amount?.message}
        hint={typedAmount ? <span className="font-semibold text-slate-900">You are offering {formatDollars(typedAmount)}</span> : 'Whole dollars, from $100 to $10,000,000'}
      >
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" placeholder="15000" {...form.register('amount')} />}
      </Field>
      <Field label="Message to the Seller (optional)" error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={OFFER_MESSAGE_MAX} {...form.register('message')} />}
      </Field>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? 'Sending...' : raising ? 'Raise Offer' : 'Make Offer'}
      </Button>
    </form>
  );
}

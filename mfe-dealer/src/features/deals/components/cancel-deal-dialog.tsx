import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { cancelDealSchema, DEAL_CANCEL_REASON_LABELS, DEAL_CANCEL_REASONS, DEAL_MESSAGE_MAX, type CancelDealInput, type DealView } from '@cardirect/contracts';
import { Button, Field, Select, Textarea, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { errorMessageOf, fieldErrorsOf, isApiError, showServerFieldErrors } from '@cardirect/web';
import { useCancelDeal } from '@cardirect/vehicle-views';
import { parsedWith } from '../../../lib/parsed-with';

const reasonOptions = DEAL_CANCEL_REASONS.map((reason) => ({ value: reason, label: DEAL_CANCEL_REASON_LABELS[reason] }));

/** The dialog holds no reason until one is chosen; the API's schema checks what is sent. */
const cancelFormSchema = z.object({ reason: z.string(), note: z.string() }).transform((form, context) => parsedWith(cancelDealSchema, form, context));

interface CancelDealDialogProps {
  deal: DealView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks why before the deal is cancelled, and says what follows: the seller is told and the car is listed again. */
export function CancelDealDialog({ deal, open, onOpenChange }: CancelDealDialogProps) {
  const cancelDeal = useCancelDeal(deal.vehicleId);
  const form = useForm<z.input<typeof cancelFormSchema>, unknown, CancelDealInput>({ resolver: zodResolver(cancelFormSchema), defaultValues: { reason: '', note: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (cancellation) => {
    try {
      await cancelDeal.mutateAsync({ dealId: deal.id, input: cancellation });
    } catch (error) {
      showServerFieldErrors(fieldErrorsOf(error), ['reason', 'note'], form.setError);
      toast({ title: 'Deal Not Cancelled', description: errorMessageOf(error, 'Could not cancel the deal. Please try again.'), variant: 'destructive' });
      // The deal moved meanwhile: the panel shows it as it is now.
      if (isApiError(error) && error.status === 409) onOpenChange(false);
      return;
    }
    toast({ title: 'Deal Cancelled', description: "The seller is told, and the car goes back on the dealers' list." });
    onOpenChange(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>Cancel this deal?</DialogTitle>
        <DialogDescription>The seller is told why, the car goes back on the dealers&apos; list and you no longer see the seller&apos;s contact details.</DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Controller
            control={form.control}
            name="reason"
            render={({ field }) => (
              <Field label="Reason" error={errors.reason?.message}>
                {(control) => <Select {...control} name={field.name} options={reasonOptions} placeholder="Pick one" value={field.value} onValueChange={field.onChange} />}
              </Field>
            )}
          />
          <Field label="Note for the Seller (optional)" error={errors.note?.message}>
            {(control) => <Textarea {...control} rows={3} maxLength={DEAL_MESSAGE_MAX} {...form.register('note')} />}
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Keep Deal</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Cancelling...' : 'Cancel Deal'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

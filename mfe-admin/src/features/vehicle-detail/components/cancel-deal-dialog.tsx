import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEAL_MESSAGE_MAX, adminCancelDealSchema, type DealView } from '@cardirect/contracts';
import { Button, Field, Textarea, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { errorMessageOf, fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { useCancelDeal } from '@cardirect/vehicle-views';

type CancelForm = z.input<typeof adminCancelDealSchema>;

interface CancelDealDialogProps {
  deal: DealView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the deal is cancelled: the button that opened the dialog is gone by then. */
  focusAfterCancel: RefObject<HTMLElement | null>;
}

/** The admin ends a deal with a written reason, which the seller and the dealer both read. */
export function CancelDealDialog({ deal, open, onOpenChange, focusAfterCancel }: CancelDealDialogProps) {
  const cancelled = useRef(false);
  const cancel = useCancelDeal(deal.vehicleId);
  const form = useForm<CancelForm, unknown, z.output<typeof adminCancelDealSchema>>({ resolver: zodResolver(adminCancelDealSchema), defaultValues: { note: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await cancel.mutateAsync({ dealId: deal.id, input });
      cancelled.current = true;
      toast({ title: 'Deal Cancelled', description: `The seller and ${deal.dealershipName} have been told; the car is back on the dealers' list.` });
    } catch (error) {
      if (showServerFieldErrors(fieldErrorsOf(error), ['note'], form.setError)) return;
      toast({ title: 'Could Not Cancel Deal', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    }
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!cancelled.current) return;
          event.preventDefault();
          focusAfterCancel.current?.focus();
        }}
      >
        <DialogTitle className="pr-8">Cancel the deal with {deal.dealershipName}?</DialogTitle>
        <DialogDescription>
          The seller and {deal.dealershipName} are e-mailed your reason. The car goes back on the dealers&apos; list, and the dealer no longer sees the seller&apos;s
          contact details.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="Reason" error={errors.note?.message} hint={`Both sides read it. At most ${DEAL_MESSAGE_MAX} characters.`}>
            {(control) => <Textarea {...control} rows={3} maxLength={DEAL_MESSAGE_MAX} aria-required="true" {...form.register('note')} />}
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep Deal
              </Button>
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

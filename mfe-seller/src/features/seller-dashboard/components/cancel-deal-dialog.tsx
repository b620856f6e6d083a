import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEAL_CANCEL_REASON_LABELS, DEAL_CANCEL_REASONS, DEAL_MESSAGE_MAX, cancelDealSchema, type DealView } from '@cardirect/contracts';
import { Button, Field, Textarea, toast } from '@cardirect/ui';
import { DialogClose } from '@cardirect/ui/dialog';
import { fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { useCancelDeal } from '@cardirect/vehicle-views';
import { toastStepFailure } from '../lib/deal-step-failure';
import { StepDialog } from './deal-step-dialog';

type CancelForm = z.input<typeof cancelDealSchema>;

export const DEAL_CANCELLED_TOAST = { title: 'Deal Cancelled', description: "Your car is back on the dealers' list." };

interface CancelDealDialogProps {
  deal: DealView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The seller calls the sale off, with a reason from the short list, after reading what follows. */
export function CancelDealDialog({ deal, open, onOpenChange }: CancelDealDialogProps) {
  return (
    <StepDialog
      title={`Cancel the deal with ${deal.dealershipName}?`}
      description={`${deal.dealershipName} is told by e-mail and no longer sees your contact details. Your car goes back on the dealers' list, and dealers may make new offers.`}
      open={open}
      onOpenChange={onOpenChange}
    >
      {(finish) => <CancelDealForm deal={deal} onDone={finish} />}
    </StepDialog>
  );
}

function CancelDealForm({ deal, onDone }: { deal: DealView; onDone: () => void }) {
  const cancel = useCancelDeal(deal.vehicleId);
  const form = useForm<CancelForm, unknown, z.output<typeof cancelDealSchema>>({ resolver: zodResolver(cancelDealSchema), defaultValues: { note: '' } });
  const { errors, isSubmitting } = form.formState;
  const reasonErrorId = useId();

  const submit = form.handleSubmit(async (input) => {
    try {
      await cancel.mutateAsync({ dealId: deal.id, input });
      toast(DEAL_CANCELLED_TOAST);
    } catch (error) {
      if (showServerFieldErrors(fieldErrorsOf(error), ['reason', 'note'], form.setError)) return;
      toastStepFailure('Could Not Cancel the Deal', error);
    }
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <fieldset className="grid gap-2" aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Why are you cancelling?</legend>
        {DEAL_CANCEL_REASONS.map((reason) => (
          <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" value={reason} className="size-4 shrink-0 accent-brand-600" {...form.register('reason')} />
            <span className="text-slate-900">{DEAL_CANCEL_REASON_LABELS[reason]}</span>
          </label>
        ))}
        {errors.reason && (
          <p id={reasonErrorId} className="text-sm font-medium text-red-700">
            {errors.reason.message}
          </p>
        )}
      </fieldset>
      <Field label="Note (optional)" error={errors.note?.message} hint={`${deal.dealershipName} reads it. At most ${DEAL_MESSAGE_MAX} characters.`}>
        {(control) => <Textarea {...control} rows={3} maxLength={DEAL_MESSAGE_MAX} {...form.register('note')} />}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Keep the Deal
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {isSubmitting ? 'Cancelling...' : 'Cancel Deal'}
        </Button>
      </div>
    </form>
  );
}

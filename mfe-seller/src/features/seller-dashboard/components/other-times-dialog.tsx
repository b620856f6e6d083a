import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEAL_MESSAGE_MAX, requestOtherTimesSchema, type DealView } from '@cardirect/contracts';
import { Button, Field, Textarea, toast } from '@cardirect/ui';
import { DialogClose } from '@cardirect/ui/dialog';
import { fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { useRequestOtherTimes } from '../api/request-other-times';
import { toastStepFailure } from '../lib/deal-step-failure';
import { StepDialog } from './deal-step-dialog';

type OtherTimesForm = z.input<typeof requestOtherTimesSchema>;

interface OtherTimesDialogProps {
  deal: DealView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** None of the proposed times suits the seller (or, once booked, they move it once): they say which would. */
export function OtherTimesDialog({ deal, open, onOpenChange }: OtherTimesDialogProps) {
  const rescheduling = deal.state === 'appointment-booked';
  return (
    <StepDialog
      title={rescheduling ? 'Ask for another time' : `Ask ${deal.dealershipName} for other times`}
      description={
        rescheduling
          ? `Your booked appointment is released and ${deal.dealershipName} proposes new times. You can do this once.`
          : `${deal.dealershipName} proposes new times; they are e-mailed your message.`
      }
      open={open}
      onOpenChange={onOpenChange}
    >
      {(finish) => <OtherTimesForm deal={deal} onSent={finish} />}
    </StepDialog>
  );
}

function OtherTimesForm({ deal, onSent }: { deal: DealView; onSent: () => void }) {
  const request = useRequestOtherTimes(deal.vehicleId);
  const form = useForm<OtherTimesForm, unknown, z.output<typeof requestOtherTimesSchema>>({
    resolver: zodResolver(requestOtherTimesSchema),
    defaultValues: { message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await request.mutateAsync({ dealId: deal.id, input });
      toast({ title: 'Request Sent', description: `${deal.dealershipName} will propose new times.` });
      onSent();
    } catch (error) {
      if (!showServerFieldErrors(fieldErrorsOf(error), ['message'], form.setError)) {
        toastStepFailure('Could Not Send Request', error);
        onSent();
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Which days and times suit you?" error={errors.message?.message} hint={`At most ${DEAL_MESSAGE_MAX} characters.`}>
        {(control) => <Textarea {...control} rows={3} maxLength={DEAL_MESSAGE_MAX} {...form.register('message')} />}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Back
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </form>
  );
}

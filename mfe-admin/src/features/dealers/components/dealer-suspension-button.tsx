import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEALER_SUSPENSION_REASON_MAX, dealerSuspensionSchema, type DealerView } from '@cardirect/contracts';
import { Button, Field, Textarea, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@cardirect/ui/dialog';
import { errorMessageOf, fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { useReinstateDealer } from '../api/reinstate-dealer';
import { useSuspendDealer } from '../api/suspend-dealer';

type ReasonFields = z.input<typeof dealerSuspensionSchema>;

/** What the button, its dialog and its toasts say: suspending an approved dealer, or reinstating a suspended one. */
function wordsFor(dealershipName: string, reinstating: boolean) {
  return reinstating
    ? {
        title: `Reinstate ${dealershipName}?`,
        description: `${dealershipName} can log in and make offers again. The dealer is e-mailed your reason, and the dealer's history keeps it.`,
        confirm: 'Reinstate Dealer',
        pending: 'Reinstating...',
        doneTitle: 'Dealer Reinstated',
        doneText: `${dealershipName} has been reinstated`,
        failedTitle: 'Reinstatement Failed',
      }
    : {
        title: `Suspend ${dealershipName}?`,
        description: `${dealershipName} can no longer log in or make offers, and its pending offers are withdrawn (their sellers are told). The dealer is e-mailed your reason, and the dealer's history keeps it.`,
        confirm: 'Suspend Dealer',
        pending: 'Suspending...',
        doneTitle: 'Dealer Suspended',
        doneText: `${dealershipName} has been suspended`,
        failedTitle: 'Suspension Failed',
      };
}

/**
 * Suspend (an approved dealer) or Reinstate (a suspended one), each asking for the reason first.
 * One button whose words follow the dealer's state, so focus returns to it when the dialog closes.
 */
export function DealerSuspensionButton({ dealer }: { dealer: DealerView }) {
  // The dialog keeps what it was opened for: the list refreshed on success flips the dealer's
  // state while the dialog is still closing.
  const [openedFor, setOpenedFor] = useState<'suspend' | 'reinstate' | null>(null);
  const [pending, setPending] = useState(false);
  const suspended = dealer.suspension !== undefined;
  const reinstating = (openedFor ?? (suspended ? 'reinstate' : 'suspend')) === 'reinstate';
  const words = wordsFor(dealer.dealershipName, reinstating);
  return (
    <Dialog open={openedFor !== null} onOpenChange={(open) => !pending && setOpenedFor(open ? (suspended ? 'reinstate' : 'suspend') : null)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          {suspended ? 'Reinstate' : 'Suspend'} <span className="sr-only">{dealer.dealershipName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle className="pr-8">{words.title}</DialogTitle>
        <DialogDescription>{words.description}</DialogDescription>
        {/* Inside the content, so each opening starts with an empty reason. */}
        <ReasonForm dealer={dealer} reinstating={reinstating} words={words} onPendingChange={setPending} onDone={() => setOpenedFor(null)} />
      </DialogContent>
    </Dialog>
  );
}

interface ReasonFormProps {
  dealer: DealerView;
  reinstating: boolean;
  words: ReturnType<typeof wordsFor>;
  onPendingChange: (pending: boolean) => void;
  onDone: () => void;
}

function ReasonForm({ dealer, reinstating, words, onPendingChange, onDone }: ReasonFormProps) {
  const suspend = useSuspendDealer();
  const reinstate = useReinstateDealer();
  const form = useForm<ReasonFields, unknown, z.output<typeof dealerSuspensionSchema>>({ resolver: zodResolver(dealerSuspensionSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    onPendingChange(true);
    try {
      await (reinstating ? reinstate : suspend).mutateAsync({ dealerId: dealer.id, input });
      toast({ title: words.doneTitle, description: words.doneText });
    } catch (error) {
      if (showServerFieldErrors(fieldErrorsOf(error), ['reason'], form.setError)) return;
      toast({ title: words.failedTitle, description: `Error: ${errorMessageOf(error, 'Unknown error occurred')}`, variant: 'destructive' });
    } finally {
      onPendingChange(false);
    }
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Reason" error={errors.reason?.message} hint={`The dealer reads it in its e-mail. At most ${DEALER_SUSPENSION_REASON_MAX} characters.`}>
        {(control) => <Textarea {...control} rows={4} maxLength={DEALER_SUSPENSION_REASON_MAX} aria-required="true" {...form.register('reason')} />}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="secondary" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant={reinstating ? 'primary' : 'destructive'} disabled={isSubmitting}>
          {isSubmitting ? words.pending : words.confirm}
        </Button>
      </div>
    </form>
  );
}

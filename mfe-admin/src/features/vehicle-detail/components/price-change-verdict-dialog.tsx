import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEAL_MESSAGE_MAX, priceChangeVerdictSchema, type DealView, type PriceChangeVerdict } from '@cardirect/contracts';
import { Button, Field, Textarea, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { errorMessageOf, fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { useJudgePriceChange } from '../api/judge-price-change';

interface PriceChangeVerdictDialogProps {
  deal: DealView;
  verdict: PriceChangeVerdict;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once judged: the buttons that opened the dialog give way to the verdict. */
  focusAfterVerdict: RefObject<HTMLElement | null>;
  /** Where focus goes when closed without a verdict: the button that opened it (the dialog has no trigger of its own). */
  focusAfterBack: RefObject<HTMLElement | null>;
}

/** The admin confirms a verdict on the dealer's lower price, with an optional note kept with it. */
export function PriceChangeVerdictDialog({ deal, verdict, open, onOpenChange, focusAfterVerdict, focusAfterBack }: PriceChangeVerdictDialogProps) {
  const judged = useRef(false);
  const judge = useJudgePriceChange(deal.vehicleId);
  const form = useForm<z.input<typeof priceChangeVerdictSchema>, unknown, z.output<typeof priceChangeVerdictSchema>>({
    resolver: zodResolver(priceChangeVerdictSchema),
    defaultValues: { verdict, note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const unjustified = verdict === 'unjustified';

  const submit = form.handleSubmit(async (input) => {
    try {
      await judge.mutateAsync({ dealId: deal.id, input });
      judged.current = true;
      toast({
        title: 'Price Change Judged',
        description: unjustified ? `Judged unjustified: it now counts against ${deal.dealershipName} in the record sellers see.` : `Judged justified: it does not count against ${deal.dealershipName}.`,
      });
    } catch (error) {
      if (showServerFieldErrors(fieldErrorsOf(error), ['note'], form.setError)) return;
      toast({ title: 'Could Not Judge Price Change', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    }
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          (judged.current ? focusAfterVerdict : focusAfterBack).current?.focus();
        }}
      >
        <DialogTitle className="pr-8">{unjustified ? 'Judge the lower price unjustified?' : 'Judge the lower price justified?'}</DialogTitle>
        <DialogDescription>
          {unjustified
            ? `It counts against ${deal.dealershipName} in the record sellers read beside its offers.`
            : `It does not count against ${deal.dealershipName} in the record sellers see.`}
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="Note (optional)" error={errors.note?.message} hint={`Kept with the verdict on the deal. At most ${DEAL_MESSAGE_MAX} characters.`}>
            {(control) => <Textarea {...control} rows={3} maxLength={DEAL_MESSAGE_MAX} {...form.register('note')} />}
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Back
              </Button>
            </DialogClose>
            <Button type="submit" variant={unjustified ? 'destructive' : 'primary'} disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : unjustified ? 'Judge Unjustified' : 'Judge Justified'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { WITHDRAWAL_NOTE_MAX, WITHDRAWAL_REASON_LABELS, WITHDRAWAL_REASONS, withdrawListingSchema, type SellerVehicleView } from '@cardirect/contracts';
import { Button, Field, Textarea, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { errorMessageOf } from '@cardirect/web';
import { vehicleName } from '@cardirect/vehicle-views';
import { useWithdrawListing } from '../api/withdraw-listing';

interface WithdrawListingDialogProps {
  vehicle: SellerVehicleView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type WithdrawForm = z.input<typeof withdrawListingSchema>;

function consequences(openOffers: number): string {
  const offers = openOffers === 0 ? '' : ` The ${openOffers === 1 ? 'open offer is' : `${openOffers} open offers are`} declined, and each dealer is told by email.`;
  return `Dealers will no longer see the car.${offers} You can submit it again later.`;
}

/** Asks why before a listing leaves the market, and says what happens to its offers. */
export function WithdrawListingDialog({ vehicle, open, onOpenChange }: WithdrawListingDialogProps) {
  const withdraw = useWithdrawListing();
  const form = useForm<WithdrawForm, unknown, z.output<typeof withdrawListingSchema>>({
    resolver: zodResolver(withdrawListingSchema),
    defaultValues: { note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const name = vehicleName(vehicle);
  const openOffers = vehicle.offers.filter((offer) => offer.status === 'pending').length;

  const submit = form.handleSubmit(async (input) => {
    try {
      await withdraw.mutateAsync({ vehicleId: vehicle.id, input });
      toast({ title: 'Listing Withdrawn', description: `Dealers no longer see your ${name}.` });
    } catch (error) {
      toast({ title: 'Could Not Withdraw Listing', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    }
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Withdraw your {name}?</DialogTitle>
        <DialogDescription>{consequences(openOffers)}</DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset className="grid gap-2" aria-describedby={errors.reason ? 'withdraw-reason-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Why are you withdrawing it?</legend>
            {WITHDRAWAL_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input type="radio" value={reason} className="size-4 accent-brand-600" {...form.register('reason')} />
                <span className="text-slate-900">{WITHDRAWAL_REASON_LABELS[reason]}</span>
              </label>
            ))}
            {errors.reason && (
              <p id="withdraw-reason-error" className="text-sm font-medium text-red-700">
                {errors.reason.message}
              </p>
            )}
          </fieldset>
          <Field label="Note (optional)" error={errors.note?.message} hint={`Only you and CarDirect see it. At most ${WITHDRAWAL_NOTE_MAX} characters.`}>
            {(control) => <Textarea {...control} rows={3} maxLength={WITHDRAWAL_NOTE_MAX} {...form.register('note')} />}
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep Listing
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Withdrawing...' : 'Withdraw Listing'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

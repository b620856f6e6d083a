import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lowerMinimumFormSchema, RESERVE_CHECK_DAYS, reservePriceOf, type LowerMinimumForm } from '@cardirect/contracts';
import { Button, Field, Input, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { errorMessageOf, formatDollars, isApiError } from '@cardirect/web';
import { useChangeReservePrice } from '../api/change-reserve-price';

interface LowerMinimumDialogProps {
  vehicleId: string;
  carName: string;
  currentAmount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Lowers the seller's private minimum (checked against the current one as the server checks it), or removes it. */
export function LowerMinimumDialog({ vehicleId, carName, currentAmount, open, onOpenChange }: LowerMinimumDialogProps) {
  const change = useChangeReservePrice();
  const form = useForm<LowerMinimumForm>({ resolver: zodResolver(lowerMinimumFormSchema(currentAmount)), defaultValues: { reservePrice: '' } });
  const { errors } = form.formState;
  // Said inside the dialog: while it is open, the rest of the page (the toasts too) is hidden from screen readers.
  const [failure, setFailure] = useState<string>();

  const send = async (reservePrice: number | null) => {
    setFailure(undefined);
    try {
      await change.mutateAsync({ vehicleId, input: { reservePrice } });
      toast(
        reservePrice === null
          ? { title: 'Minimum Removed', description: `Your ${carName} has no minimum price now.` }
          : { title: 'Minimum Lowered', description: `Your new minimum for the ${carName} is ${formatDollars(reservePrice)}.` },
      );
      onOpenChange(false);
    } catch (error) {
      const fieldMessage = isApiError(error) ? error.fieldErrors.reservePrice : undefined;
      if (fieldMessage) form.setError('reservePrice', { message: fieldMessage }, { shouldFocus: true });
      else setFailure(errorMessageOf(error, 'The minimum could not be changed. Please try again.'));
    }
  };

  const submit = form.handleSubmit(({ reservePrice }) => send(reservePriceOf(reservePrice) ?? null));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Lower your minimum for the {carName}</DialogTitle>
        <DialogDescription>
          Your minimum is {formatDollars(currentAmount)}. Dealers never see the amount; offers below it are marked for you. A new minimum gives dealers another{' '}
          {RESERVE_CHECK_DAYS} days before we e-mail you again.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="New minimum price" hint={`Whole dollars, lower than ${formatDollars(currentAmount)}.`} error={errors.reservePrice?.message}>
            {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('reservePrice')} />}
          </Field>
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep Minimum
              </Button>
            </DialogClose>
            <Button type="button" variant="secondary" disabled={change.isPending} onClick={() => void send(null)}>
              Remove Minimum
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Lower Minimum'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

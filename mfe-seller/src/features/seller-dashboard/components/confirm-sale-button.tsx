import { useState } from 'react';
import type { DealView } from '@cardirect/contracts';
import { Button, toast } from '@cardirect/ui';
import { DialogClose } from '@cardirect/ui/dialog';
import { formatDollars } from '@cardirect/web';
import { useConfirmSale } from '../api/confirm-sale';
import { toastStepFailure } from '../lib/deal-step-failure';
import { StepDialog } from './deal-step-dialog';

/** The seller confirms the sale the dealer recorded at the agreed price, after saying what that completes. */
export function ConfirmSaleButton({ deal, carName }: { deal: DealView; carName: string }) {
  const [open, setOpen] = useState(false);
  const confirmSale = useConfirmSale(deal.vehicleId);
  const price = formatDollars(deal.agreedPrice);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Confirm the Sale</Button>
      {open && (
        <StepDialog
          title={`Confirm the sale of your ${carName} to ${deal.dealershipName} for ${price}?`}
          description="Confirm only once the car is handed over and you are paid. The sale is then complete and both of you get the bill of sale by e-mail."
          open
          onOpenChange={setOpen}
        >
          {(finish) => (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">Back</Button>
              </DialogClose>
              <Button
                disabled={confirmSale.isPending}
                onClick={async () => {
                  try {
                    await confirmSale.mutateAsync(deal.id);
                    toast({ title: 'Sale Confirmed', description: 'The sale is complete. The bill of sale is on its way by e-mail.' });
                  } catch (error) {
                    toastStepFailure('Could Not Confirm the Sale', error);
                  }
                  finish();
                }}
              >
                {confirmSale.isPending ? 'Confirming...' : 'Confirm Sale'}
              </Button>
            </div>
          )}
        </StepDialog>
      )}
    </>
  );
}

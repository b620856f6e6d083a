import type { OfferView } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { formatDollars } from '@cardirect/web';

interface WithdrawOfferDialogProps {
  offer: OfferView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}

/** Asks before the offer is taken back, saying what the seller then sees and what stays possible. */
export function WithdrawOfferDialog({ offer, open, onOpenChange, onConfirm, busy }: WithdrawOfferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Withdraw your offer of {formatDollars(offer.amount)}?</DialogTitle>
        <DialogDescription>
          The seller sees it as withdrawn and can no longer accept it. You can make a new offer on this car afterwards; the seller sees that one as a new offer.
        </DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Keep Offer</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy ? 'Withdrawing...' : 'Withdraw Offer'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import type { OfferView } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { formatDollars } from '@cardirect/web';
import type { OfferDecision } from '../api/decide-offer';

interface OfferDecisionDialogProps {
  offer: OfferView;
  decision: OfferDecision;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}

/** Asks before an answer that cannot be taken back, saying exactly what it does. */
export function OfferDecisionDialog({ offer, decision, open, onOpenChange, onConfirm, busy }: OfferDecisionDialogProps) {
  const amount = formatDollars(offer.amount);
  const accepting = decision === 'accept';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>
          {accepting ? 'Accept' : 'Decline'} the offer of {amount} from {offer.dealershipName}?
        </DialogTitle>
        <DialogDescription>
          {accepting
            ? `Only ${offer.dealershipName} receives your contact details (name, email, phone and city) to arrange the sale, and every other offer on this car is declined.`
            : `${offer.dealershipName} is told by email that you declined. Your other offers stay open.`}
        </DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant={accepting ? 'primary' : 'destructive'} onClick={onConfirm} disabled={busy}>
            {busy ? (accepting ? 'Accepting...' : 'Declining...') : accepting ? 'Accept Offer' : 'Decline Offer'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import type { DealerView } from '@cardirect/contracts';
import { Button, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@cardirect/ui/dialog';
import { EmailAddress, errorMessageOf } from '@cardirect/web';
import { useRejectDealer } from '../api/reject-dealer';

/** Reject deletes the dealer's account, so it asks first; nothing is sent until the admin confirms. */
export function RejectDealerButton({ dealer }: { dealer: DealerView }) {
  const [open, setOpen] = useState(false);
  const reject = useRejectDealer();

  // Through the promise, not mutate's callbacks: a rejected dealer's card (and this button) leaves
  // the page before React Query would call them.
  const confirmRejection = () =>
    reject.mutateAsync(dealer.id).then(
      () => toast({ title: 'Dealer Rejected', description: `${dealer.dealershipName} has been rejected` }),
      (error: unknown) => {
        setOpen(false);
        toast({ title: 'Rejection Failed', description: `Error: ${errorMessageOf(error, 'Unknown error occurred')}`, variant: 'destructive' });
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !reject.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          Reject{' '}
          <span className="sr-only">{dealer.dealershipName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Reject {dealer.dealershipName}?</DialogTitle>
        <DialogDescription>
          Rejecting deletes this dealer&apos;s account (<EmailAddress email={dealer.user.email} />). They will have to register again to use CarDirect.
        </DialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary" disabled={reject.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirmRejection} disabled={reject.isPending}>
            {reject.isPending ? 'Rejecting...' : 'Reject Dealer'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

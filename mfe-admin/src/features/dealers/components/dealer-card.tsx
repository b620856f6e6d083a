import type { DealerView } from '@cardirect/contracts';
import { Badge, Button, Card, Skeleton, toast } from '@cardirect/ui';
import { EmailAddress, errorMessageOf, formatDate } from '@cardirect/web';
import { useApproveDealer } from '../api/approve-dealer';
import { RejectDealerButton } from './reject-dealer-button';

/** One dealer as the admin reviews it: dealership, contact, address, e-mail and registration date. */
export function DealerCard({ dealer }: { dealer: DealerView }) {
  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-semibold break-words text-slate-900">{dealer.dealershipName}</h3>
        {dealer.isApproved ? <Badge tone="green">Approved</Badge> : <Badge tone="yellow">Pending</Badge>}
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-slate-600">Contact</dt>
          <dd>
            <a href={`tel:${dealer.phoneNumber}`} className="font-medium text-brand-700 underline">
              {dealer.phoneNumber}
            </a>
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-slate-600">Address</dt>
          <dd className="font-medium break-words text-slate-900">
            {dealer.address}, {dealer.city}, {dealer.state} {dealer.zipCode}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-slate-600">Email</dt>
          <dd className="min-w-0 wrap-anywhere">
            <a href={`mailto:${dealer.user.email}`} className="font-medium text-brand-700 underline">
              <EmailAddress email={dealer.user.email} />
            </a>
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-slate-600">Registered</dt>
          <dd className="font-medium text-slate-900">{formatDate(dealer.createdAt)}</dd>
        </div>
      </dl>
      {!dealer.isApproved && <PendingDealerActions dealer={dealer} />}
    </Card>
  );
}

/** Approve and Reject: only a pending dealer has them (spec section 4). */
function PendingDealerActions({ dealer }: { dealer: DealerView }) {
  const approve = useApproveDealer();

  // Through the promise, not mutate's callbacks: an approved card drops these buttons (this
  // component unmounts) before React Query would call them.
  const approveDealer = () =>
    approve.mutateAsync(dealer.id).then(
      () => toast({ title: 'Dealer Approved', description: `${dealer.dealershipName} has been approved successfully` }),
      (error: unknown) => toast({ title: 'Approval Failed', description: `Error: ${errorMessageOf(error, 'Unknown error occurred')}`, variant: 'destructive' }),
    );

  return (
    <div className="mt-auto flex flex-wrap gap-3">
      <Button size="sm" onClick={approveDealer} disabled={approve.isPending}>
        {approve.isPending ? 'Approving...' : 'Approve'}{' '}
        <span className="sr-only">{dealer.dealershipName}</span>
      </Button>
      <RejectDealerButton dealer={dealer} />
    </div>
  );
}

/** A grey stand-in of a dealer card while the list loads. */
export function DealerCardSkeleton() {
  return (
    <Card data-testid="dealer-card-skeleton" className="grid gap-3 p-5">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-9 w-40" />
    </Card>
  );
}

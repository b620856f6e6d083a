import type { DealerSuspension, DealerView, FlaggedDealer } from '@cardirect/contracts';
import { Badge, Button, Card, Skeleton, toast } from '@cardirect/ui';
import { EmailAddress, errorMessageOf, formatDate } from '@cardirect/web';
import { useApproveDealer } from '../api/approve-dealer';
import { DealerFlag } from './dealer-flag';
import { DealerHistory } from './dealer-history';
import { DealerSuspensionButton } from './dealer-suspension-button';
import { DisclosureLabel } from './disclosure-label';
import { useDisclosure } from './disclosure';
import { RejectDealerButton } from './reject-dealer-button';

interface DealerCardProps {
  dealer: DealerView;
  /** Set when the dealer's strikes passed the flag rule. */
  flag?: FlaggedDealer;
}

/**
 * One dealer as the admin reviews it: dealership, contact, address, e-mail and registration date;
 * for an approved one, its suspension or flag, and its admin history.
 */
export function DealerCard({ dealer, flag }: DealerCardProps) {
  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-semibold break-words text-slate-900">{dealer.dealershipName}</h3>
        {dealer.suspension ? <SuspendedBadge /> : dealer.isApproved ? <Badge tone="green">Approved</Badge> : <Badge tone="yellow">Pending</Badge>}
      </div>
      {dealer.suspension && <SuspensionNotice suspension={dealer.suspension} />}
      {flag && <DealerFlag flag={flag} />}
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
      {dealer.isApproved ? <ApprovedDealerActions dealer={dealer} /> : <PendingDealerActions dealer={dealer} />}
    </Card>
  );
}

/** Red, and said in words, so that it does not rest on the colour alone. */
function SuspendedBadge() {
  return <span className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Suspended</span>;
}

function SuspensionNotice({ suspension }: { suspension: DealerSuspension }) {
  return (
    <div className="grid gap-1 rounded-md border-l-4 border-red-600 bg-red-50 p-3 text-sm text-red-950">
      <p className="wrap-anywhere">
        Suspended on <time dateTime={suspension.since}>{formatDate(suspension.since)}</time> by <EmailAddress email={suspension.by} />
      </p>
      <p className="break-words whitespace-pre-line">Reason: “{suspension.reason}”</p>
    </div>
  );
}

/** Suspend or Reinstate, and the dealer's admin history one click away. */
function ApprovedDealerActions({ dealer }: { dealer: DealerView }) {
  const history = useDisclosure();
  return (
    <div className="mt-auto grid gap-3">
      <div className="flex flex-wrap gap-3">
        <DealerSuspensionButton dealer={dealer} />
        <Button size="sm" variant="ghost" {...history.button}>
          <DisclosureLabel open={history.open}>
            History <span className="sr-only">of {dealer.dealershipName}</span>
          </DisclosureLabel>
        </Button>
      </div>
      <div {...history.panel}>{history.open && <DealerHistory dealer={dealer} />}</div>
    </div>
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

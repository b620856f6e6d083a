import { useId, useRef, useState, type RefObject } from 'react';
import type { DealView } from '@cardirect/contracts';
import { Button, Card, CardContent, CardHeader, Skeleton } from '@cardirect/ui';
import { DealSummary, DealTimeline, useVehicleDeal } from '@cardirect/vehicle-views';
import { errorMessageOf } from '@cardirect/web';
import { CancelDealDialog } from './cancel-deal-dialog';
import { PriceChangeReview } from './price-change-review';

/** The sale after the seller accepted an offer: its state, the timeline, a lower price with its fault photos and the admin's verdict, and the admin's cancel. */
export function DealCard({ vehicleId }: { vehicleId: string }) {
  const deal = useVehicleDeal(vehicleId);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500">
          Deal
        </h2>
        <p className="text-sm text-slate-600">The sale after the seller accepted an offer; times are in your time zone.</p>
      </CardHeader>
      <CardContent>
        {deal.isPending ? (
          <div aria-busy="true" className="grid gap-3">
            <span className="sr-only" role="status">
              Loading the deal…
            </span>
            <Skeleton className="h-20 w-full" />
          </div>
        ) : deal.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-red-800">
            <p>Could not load the deal: {errorMessageOf(deal.error, 'Unknown error occurred')}</p>
            <Button variant="secondary" size="sm" onClick={() => void deal.refetch()}>
              Try Again
            </Button>
          </div>
        ) : deal.data ? (
          <DealDetails deal={deal.data} heading={heading} />
        ) : (
          <p className="text-slate-600">No offer has been accepted on this car, so there is no deal.</p>
        )}
      </CardContent>
    </Card>
  );
}

function DealDetails({ deal, heading }: { deal: DealView; heading: RefObject<HTMLHeadingElement | null> }) {
  const [cancelling, setCancelling] = useState(false);
  return (
    <div className="grid gap-5">
      <DealSummary deal={deal} viewer="admin" />
      {deal.priceChange && <PriceChangeReview deal={deal} priceChange={deal.priceChange} />}
      <DealTimeline deal={deal} viewer="admin" headingLevel={3} />
      {deal.allowed.includes('cancel') && (
        <Button variant="destructive" className="justify-self-start" onClick={() => setCancelling(true)}>
          Cancel deal
        </Button>
      )}
      {cancelling && <CancelDealDialog deal={deal} open onOpenChange={setCancelling} focusAfterCancel={heading} />}
    </div>
  );
}

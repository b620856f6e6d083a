import { useCallback, useId, useRef, useState } from 'react';
import type { DealView, SellerVehicleView } from '@cardirect/contracts';
import { Button, Skeleton } from '@cardirect/ui';
import { errorMessageOf } from '@cardirect/web';
import { DealSummary, DealTimeline, useVehicleDeal, vehicleName } from '@cardirect/vehicle-views';
import { PanelFocusContext } from '../lib/deal-panel-focus';
import { BookSlotForm } from './book-slot-form';
import { CancelDealDialog } from './cancel-deal-dialog';
import { ConfirmSaleButton } from './confirm-sale-button';
import { OtherTimesDialog } from './other-times-dialog';
import { OverdueCancel } from './overdue-cancel';
import { PriceChangeDecision } from './price-change-decision';

/**
 * The sale of one of the seller's cars after they accepted an offer: where it stands, the one step
 * due now with its clock, exactly the actions the service allows the seller now, and the timeline.
 */
export function SellerDealPanel({ vehicle }: { vehicle: SellerVehicleView }) {
  const deal = useVehicleDeal(vehicle.id);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusPanel = useCallback(() => heading.current?.focus(), []);

  if (deal.isPending) {
    return (
      <div aria-busy="true" className="grid gap-2">
        <span className="sr-only" role="status">
          Loading the sale…
        </span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (deal.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 rounded-md bg-red-50 p-3 text-red-900">
        <p>The sale could not be loaded: {errorMessageOf(deal.error, 'Please try again.')}</p>
        <Button variant="secondary" size="sm" onClick={() => void deal.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  // A car accepted before deals existed has none: the notice above still says how to reach the dealer.
  if (!deal.data) return null;

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500">
        Sale to {deal.data.dealershipName}
      </h3>
      <PanelFocusContext.Provider value={focusPanel}>
        <DealSummary deal={deal.data} viewer="seller" />
        <SellerDealActions deal={deal.data} vehicle={vehicle} />
      </PanelFocusContext.Provider>
      <DealTimeline deal={deal.data} viewer="seller" headingLevel={4} />
    </section>
  );
}

function SellerDealActions({ deal, vehicle }: { deal: DealView; vehicle: SellerVehicleView }) {
  // Kept here, not in the actions, so a dialog stays open while its step's answer redraws the actions.
  const [dialog, setDialog] = useState<'other-times' | 'cancel' | null>(null);
  const may = (action: DealView['allowed'][number]) => deal.allowed.includes(action);
  const closeDialog = (open: boolean) => !open && setDialog(null);
  const overdueCancel = deal.overdue && may('cancel');
  return (
    <>
      {deal.dealerMessage && may('book-slot') && (
        <p className="break-words whitespace-pre-line text-slate-800">
          <span className="font-medium">Message from {deal.dealershipName}:</span> “{deal.dealerMessage}”
        </p>
      )}
      {may('book-slot') && <BookSlotForm deal={deal} knownStreetAddress={vehicle.streetAddress} />}
      {deal.priceChange && (may('accept-price-change') || may('refuse-price-change')) && <PriceChangeDecision deal={deal} priceChange={deal.priceChange} />}
      {overdueCancel && <OverdueCancel deal={deal} />}
      {(may('request-other-times') || may('confirm-sale') || (may('cancel') && !overdueCancel)) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {may('confirm-sale') && <ConfirmSaleButton deal={deal} carName={vehicleName(vehicle)} />}
          {may('request-other-times') && (
            <Button variant="secondary" onClick={() => setDialog('other-times')}>
              {deal.state === 'appointment-booked' ? 'Ask for Another Time' : 'Ask for Other Times'}
            </Button>
          )}
          {may('cancel') && !overdueCancel && (
            <Button variant="secondary" onClick={() => setDialog('cancel')}>
              Cancel Deal
            </Button>
          )}
        </div>
      )}
      {dialog === 'other-times' && <OtherTimesDialog deal={deal} open onOpenChange={closeDialog} />}
      {dialog === 'cancel' && <CancelDealDialog deal={deal} open onOpenChange={closeDialog} />}
    </>
  );
}

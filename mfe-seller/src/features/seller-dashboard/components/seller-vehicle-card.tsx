import { useState } from 'react';
import type { ListingState, SellerVehicleView } from '@cardirect/contracts';
import { Button, Card } from '@cardirect/ui';
import { formatDollars, formatMileage, formatRelativeTime } from '@cardirect/web';
import { vehicleName, vehicleTitle } from '@cardirect/vehicle-views';
import { DealerPreviewDialog } from './dealer-preview-dialog';
import { ListingStateBadge } from './listing-state-badge';
import { ListingStateNotice } from './listing-state-notice';
import { LowerMinimumDialog } from './lower-minimum-dialog';
import { OfferList } from './offer-list';
import { SellerDealPanel } from './seller-deal-panel';
import { WithdrawListingDialog } from './withdraw-listing-dialog';

/**
 * Only a listing on the market can be withdrawn: not before it is confirmed (it goes by itself),
 * nor once an offer is accepted (a sale is under way) or it is off the market already.
 */
const WITHDRAWABLE: readonly ListingState[] = ['listed'];

/** A car whose seller accepted an offer has a deal (or had one, cancelled since, which the seller may still read). */
function hasDeal(vehicle: SellerVehicleView): boolean {
  return vehicle.listingState === 'offer-accepted' || vehicle.listingState === 'sold' || vehicle.offers.some((offer) => offer.status === 'accepted');
}

function noOffersText(vehicle: SellerVehicleView): string {
  switch (vehicle.listingState) {
    case 'awaiting-confirmation':
      return 'No offers yet. Dealers hear about your car once you confirm the listing.';
    case 'listed':
      return `No offers yet. Dealers near ZIP ${vehicle.zipCode} have been told about your car; their offers arrive by email and appear here.`;
    default:
      return 'No offers were made on this car.';
  }
}

/** One of the seller's cars: what it is, where the listing stands for them, the offers dealers made, and what they can do. */
export function SellerVehicleCard({ vehicle }: { vehicle: SellerVehicleView }) {
  const [dialog, setDialog] = useState<'preview' | 'withdraw' | 'minimum' | null>(null);
  const title = vehicleTitle(vehicle);
  const name = vehicleName(vehicle);
  const image = vehicle.thumbnailUrl ?? vehicle.photoUrl ?? vehicle.photoUrls[0];
  const closeDialog = (open: boolean) => !open && setDialog(null);
  return (
    <Card className="overflow-hidden">
      <div className="grid gap-0 md:grid-cols-[16rem_1fr]">
        <div className="aspect-[4/3] bg-slate-100 md:aspect-auto">
          {image ? (
            <img src={image} alt={`Photo of the ${name}`} loading="lazy" className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-slate-600">No photo</div>
          )}
        </div>
        <div className="grid min-w-0 gap-4 p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
              <p className="text-sm text-slate-600">
                {formatMileage(vehicle.mileage)} · ZIP {vehicle.zipCode} · Listed {formatRelativeTime(vehicle.createdAt)}
              </p>
            </div>
            <ListingStateBadge state={vehicle.listingState} />
          </div>
          <ListingStateNotice vehicle={vehicle} />
          {vehicle.reservePrice !== undefined && (
            <p className="text-sm text-slate-700">
              <span className="font-medium text-slate-900">Your minimum price: {formatDollars(vehicle.reservePrice)}.</span> Private: dealers see only that you set one.
            </p>
          )}
          {hasDeal(vehicle) && <SellerDealPanel vehicle={vehicle} />}
          <section className="grid gap-3">
            <h3 className="font-semibold text-slate-900">Offers ({vehicle.offers.length})</h3>
            {vehicle.offers.length === 0 ? <p className="text-slate-600">{noOffersText(vehicle)}</p> : <OfferList offers={vehicle.offers} carName={name} saleUnderWay={vehicle.listingState === 'offer-accepted' || vehicle.listingState === 'sold'} />}
          </section>
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
            <Button variant="secondary" size="sm" aria-label={`Preview as dealers see it: ${name}`} onClick={() => setDialog('preview')}>
              Preview as dealers see it
            </Button>
            {vehicle.reservePrice !== undefined && vehicle.listingState === 'listed' && (
              <Button variant="secondary" size="sm" aria-label={`Lower your minimum: ${name}`} onClick={() => setDialog('minimum')}>
                Lower your minimum
              </Button>
            )}
            {WITHDRAWABLE.includes(vehicle.listingState) && (
              <Button variant="secondary" size="sm" aria-label={`Withdraw listing: ${name}`} onClick={() => setDialog('withdraw')}>
                Withdraw listing
              </Button>
            )}
          </div>
        </div>
      </div>
      {dialog === 'preview' && <DealerPreviewDialog vehicleId={vehicle.id} carName={name} open onOpenChange={closeDialog} />}
      {dialog === 'withdraw' && <WithdrawListingDialog vehicle={vehicle} open onOpenChange={closeDialog} />}
      {dialog === 'minimum' && vehicle.reservePrice !== undefined && (
        <LowerMinimumDialog vehicleId={vehicle.id} carName={name} currentAmount={vehicle.reservePrice} open onOpenChange={closeDialog} />
      )}
    </Card>
  );
}

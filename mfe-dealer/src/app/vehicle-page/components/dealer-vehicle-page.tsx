import { useLocation } from 'wouter';
import { useDocumentTitle } from '@cardirect/web';
import {
  ConditionReportCard,
  ExternalResourcesCard,
  MinimumPriceNote,
  rememberViewedVehicle,
  SellerInformationCard,
  useVehicle,
  useVehicleDeal,
  VehicleActionsCard,
  VehicleDetailFrame,
  VehicleDetailsCard,
  vehicleTitle,
} from '@cardirect/vehicle-views';
import { DealPanel } from '../../../features/deals/components/deal-panel';
import { WatchButton } from '../../../features/watchlist/components/watch-button';
import { OfferPanel } from '../../../features/offers/components/offer-panel';
import { dashboardReturnPath } from '../../../lib/dashboard-return';

/**
 * The vehicle page as a dealer sees it (spec section 2): the dealer's offer (or, once the seller
 * accepted another dealer's, that the sale is agreed), every photo with what it shows, the car's
 * details without the description, the seller's condition questionnaire when there is one,
 * the seller's ZIP and listed date (name, e-mail and phone once the seller accepted this dealer's
 * offer), whether the seller set a minimum price (never its amount), the watchlist's star, the dealer's own follow-up
 * record, and reports from the VIN. Back returns to the dashboard as it was left and highlights this car there.
 */
export function DealerVehiclePage({ vehicleId }: { vehicleId: string }) {
  const [, navigate] = useLocation();
  const vehicle = useVehicle(vehicleId);
  // The service answers the deal to its dealer only (404, read as none, to any other).
  const deal = useVehicleDeal(vehicleId).data;
  const dealCancelled = deal?.state === 'cancelled';
  useDocumentTitle(vehicle.data ? vehicleTitle(vehicle.data) : 'Vehicle Detail');

  const back = () => {
    rememberViewedVehicle(vehicleId);
    navigate(dashboardReturnPath());
  };

  return (
    <VehicleDetailFrame vehicleId={vehicleId} onBack={back}>
      {(vehicle) => (
        // The offer comes first in the page, so a phone shows it under the title rather than after
        // the photo and every detail; from 1024 px it heads the right column, beside the details.
        <div className="grid gap-6 lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
          <div className="grid content-start gap-6 lg:col-span-2 lg:col-start-4 lg:row-start-1">
            {deal && <DealPanel deal={deal} />}
            <OfferPanel vehicleId={vehicle.id} saleAgreed={vehicle.saleAgreed} dealCancelled={dealCancelled} />
            <MinimumPriceNote vehicle={vehicle} />
            {/* The buyer of an open or completed deal has nothing to watch for. */}
            {(!deal || dealCancelled) && <WatchButton vehicleId={vehicle.id} watched={vehicle.watched === true} />}
          </div>
          <div className="grid content-start gap-6 lg:col-span-3 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            {/* The API gives the description to the dealer whose offer the seller accepted, and to no other. */}
            <VehicleDetailsCard vehicle={vehicle} showDescription={vehicle.description !== undefined} />
            <ConditionReportCard vehicle={vehicle} />
            <ExternalResourcesCard vin={vehicle.vin} />
          </div>
          <div className="grid content-start gap-6 lg:col-span-2 lg:col-start-4 lg:row-start-2">
            <SellerInformationCard
              vehicle={vehicle}
              hiddenContactNote={
                dealCancelled
                  ? "The seller's name, e-mail and phone are no longer shared with you: the deal was cancelled."
                  : "The seller's name, e-mail and phone are shared with you once the seller accepts your offer."
              }
            />
            <VehicleActionsCard vehicle={vehicle} description="Your own status, notes and follow-up for this car. Only you see them." />
          </div>
        </div>
      )}
    </VehicleDetailFrame>
  );
}

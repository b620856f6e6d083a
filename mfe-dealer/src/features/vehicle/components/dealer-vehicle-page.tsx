import { useLocation } from 'wouter';
import { useDocumentTitle } from '@cardirect/web';
import {
  ExternalResourcesCard,
  rememberViewedVehicle,
  SellerInformationCard,
  useVehicle,
  VehicleActionsCard,
  VehicleDetailFrame,
  VehicleDetailsCard,
  vehicleTitle,
} from '@cardirect/vehicle-views';
import { OfferPanel } from '../../offers/components/offer-panel';
import { dashboardReturnPath } from '../../dashboard/lib/dashboard-return';

/**
 * The vehicle page as a dealer sees it (spec section 2): the car's details without the
 * description, the seller's ZIP and listed date (name, e-mail and phone once the seller accepted
 * this dealer's offer), the dealer's offer, the dealer's own follow-up record, and reports from
 * the VIN. Back returns to the dashboard as it was left and highlights this car there.
 */
export function DealerVehiclePage({ vehicleId }: { vehicleId: string }) {
  const [, navigate] = useLocation();
  const vehicle = useVehicle(vehicleId);
  useDocumentTitle(vehicle.data ? vehicleTitle(vehicle.data) : 'Vehicle Detail');

  const back = () => {
    rememberViewedVehicle(vehicleId);
    navigate(dashboardReturnPath());
  };

  return (
    <VehicleDetailFrame vehicleId={vehicleId} onBack={back}>
      {(vehicle) => (
        <div className="grid gap-6 lg:grid-cols-5">
          <div className="grid content-start gap-6 lg:col-span-3">
            <VehicleDetailsCard vehicle={vehicle} />
            <ExternalResourcesCard vin={vehicle.vin} />
          </div>
          <div className="grid content-start gap-6 lg:col-span-2">
            <OfferPanel vehicleId={vehicle.id} />
            <SellerInformationCard
              vehicle={vehicle}
              hiddenContactNote="The seller's name, e-mail and phone are shared with you once the seller accepts your offer."
            />
            <VehicleActionsCard vehicle={vehicle} description="Your own status, notes and follow-up for this car. Only you see them." />
          </div>
        </div>
      )}
    </VehicleDetailFrame>
  );
}

import { useLocation } from 'wouter';
import { ExternalResourcesCard, SellerInformationCard, VehicleActionsCard, VehicleDetailFrame, VehicleDetailsCard } from '@cardirect/vehicle-views';
import { leaveToVehiclesTab } from '../lib/back-to-vehicles';
import { ContactAccessCard } from './contact-access-card';
import { OffersCard } from './offers-card';
import { StreetAddressForm } from './street-address-form';

/**
 * The vehicle page for an admin (spec sections 2 and 6): the description, the seller's full
 * contact details with the street address editor, the Actions form, every offer and who saw the
 * contact details. On a narrow screen the cards stack in the order an admin follows a car up.
 */
export function AdminVehicleDetail({ vehicleId }: { vehicleId: string }) {
  const [, navigate] = useLocation();
  return (
    <VehicleDetailFrame vehicleId={vehicleId} onBack={() => navigate(leaveToVehiclesTab(vehicleId))}>
      {(vehicle) => (
        <div className="grid gap-6 lg:grid-cols-3">
          {/* `contents` below lg lets the cards of both columns interleave by their order. */}
          <div className="contents lg:col-span-2 lg:grid lg:content-start lg:gap-6">
            <div className="order-1">
              <VehicleDetailsCard vehicle={vehicle} showDescription />
            </div>
            <div className="order-4">
              <OffersCard vehicleId={vehicle.id} />
            </div>
            <div className="order-5">
              <ContactAccessCard vehicleId={vehicle.id} />
            </div>
          </div>
          <div className="contents lg:grid lg:content-start lg:gap-6">
            <div className="order-2">
              <SellerInformationCard vehicle={vehicle}>
                <StreetAddressForm vehicle={vehicle} />
              </SellerInformationCard>
            </div>
            <div className="order-3">
              {/* The full form sends all five fields (spec section 7): the saved address goes along unchanged. */}
              <VehicleActionsCard vehicle={vehicle} alsoSend={{ streetAddress: vehicle.streetAddress ?? '' }} />
            </div>
            <div className="order-6">
              <ExternalResourcesCard vin={vehicle.vin} />
            </div>
          </div>
        </div>
      )}
    </VehicleDetailFrame>
  );
}

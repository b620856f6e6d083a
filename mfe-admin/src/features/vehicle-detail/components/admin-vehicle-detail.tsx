import { useLocation } from 'wouter';
import {
  ConditionReportCard,
  ExternalResourcesCard,
  SellerInformationCard,
  VehicleActionsCard,
  VehicleDetailFrame,
  VehicleDetailsCard,
} from '@cardirect/vehicle-views';
import { leaveToVehiclesTab } from '../lib/back-to-vehicles';
import { ContactAccessCard } from './contact-access-card';
import { DealCard } from './deal-card';
import { OffersCard } from './offers-card';
import { StreetAddressForm } from './street-address-form';

/**
 * The vehicle page for an admin (spec sections 2 and 6): every photo with what it shows, the
 * seller's condition questionnaire when there is one, the description, the seller's full
 * contact details with the street address editor, the Actions form, the deal once an offer is
 * accepted, every offer and who saw the contact details. On a wide screen the seller's details lead the wide column (their e-mail needs
 * the width) beside the Actions form; on a narrow one the cards stack car first.
 */
export function AdminVehicleDetail({ vehicleId }: { vehicleId: string }) {
  const [, navigate] = useLocation();
  return (
    <VehicleDetailFrame vehicleId={vehicleId} onBack={() => navigate(leaveToVehiclesTab(vehicleId))}>
      {(vehicle) => (
        <div className="grid gap-6 lg:grid-cols-3">
          {/* `contents` below lg lets the cards of both columns interleave by their order; from lg each column keeps its own. */}
          <div className="contents lg:col-span-2 lg:grid lg:content-start lg:gap-6">
            <div className="order-2 lg:order-none">
              <SellerInformationCard vehicle={vehicle}>
                <StreetAddressForm vehicle={vehicle} />
              </SellerInformationCard>
            </div>
            <div className="order-1 grid gap-6 lg:order-none">
              <VehicleDetailsCard vehicle={vehicle} showDescription />
              <ConditionReportCard vehicle={vehicle} />
            </div>
            <div className="order-4 lg:order-none">
              <DealCard vehicleId={vehicle.id} />
            </div>
            <div className="order-5 lg:order-none">
              <OffersCard vehicleId={vehicle.id} reservePrice={vehicle.reservePrice} />
            </div>
            <div className="order-6 lg:order-none">
              <ContactAccessCard vehicleId={vehicle.id} />
            </div>
          </div>
          <div className="contents lg:grid lg:content-start lg:gap-6">
            <div className="order-3 lg:order-none">
              {/* The full form sends all five fields (spec section 7): the saved address goes along unchanged. */}
              <VehicleActionsCard vehicle={vehicle} alsoSend={{ streetAddress: vehicle.streetAddress ?? '' }} />
            </div>
            <div className="order-7 lg:order-none">
              <ExternalResourcesCard vin={vehicle.vin} />
            </div>
          </div>
        </div>
      )}
    </VehicleDetailFrame>
  );
}

import { usePrefetchQuery } from '@tanstack/react-query';
import { vehicleQueryOptions } from '@cardirect/vehicle-views';
import { vehicleOffersQueryOptions } from '../../offers/api/get-vehicle-offers';

/** The car and the dealer's offers on it are asked for while the session is being checked, not after. */
export function usePrefetchVehiclePage(vehicleId: string): void {
  usePrefetchQuery(vehicleQueryOptions(vehicleId));
  usePrefetchQuery(vehicleOffersQueryOptions(vehicleId));
}

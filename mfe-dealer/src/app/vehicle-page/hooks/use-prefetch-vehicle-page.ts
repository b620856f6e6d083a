import { usePrefetchQuery } from '@tanstack/react-query';
import { vehicleDealQueryOptions, vehicleOffersQueryOptions, vehicleQueryOptions } from '@cardirect/vehicle-views';

/** The car, the dealer's offers on it and its deal (if the dealer has one) are asked for while the session is being checked, not after. */
export function usePrefetchVehiclePage(vehicleId: string): void {
  usePrefetchQuery(vehicleQueryOptions(vehicleId));
  usePrefetchQuery(vehicleOffersQueryOptions(vehicleId));
  usePrefetchQuery(vehicleDealQueryOptions(vehicleId));
}

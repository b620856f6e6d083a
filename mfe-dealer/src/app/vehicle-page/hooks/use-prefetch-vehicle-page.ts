import { usePrefetchQuery } from '@tanstack/react-query';
import { vehicleOffersQueryOptions, vehicleQueryOptions } from '@cardirect/vehicle-views';

/** The car and the dealer's offers on it are asked for while the session is being checked, not after. */
export function usePrefetchVehiclePage(vehicleId: string): void {
  usePrefetchQuery(vehicleQueryOptions(vehicleId));
  usePrefetchQuery(vehicleOffersQueryOptions(vehicleId));
}

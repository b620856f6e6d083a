import { usePrefetchInfiniteQuery, usePrefetchQuery } from '@tanstack/react-query';
import { makesQueryOptions } from '@cardirect/vehicle-views';
import { dealerVehiclesQueryOptions } from '../api/get-dealer-vehicles';
import { vehicleCountQueryOptions } from '../api/get-vehicle-count';
import { useDashboardFilters } from './use-dashboard-filters';

/**
 * Asks for the cards, their count and the makes while the session is being checked, instead of after: the
 * dashboard then waits for one round trip, not two. For someone who is not a dealer the calls
 * are refused and the screen goes to the login all the same.
 */
export function usePrefetchDashboard(): void {
  const { filters } = useDashboardFilters();
  usePrefetchInfiniteQuery(dealerVehiclesQueryOptions(filters));
  usePrefetchQuery(vehicleCountQueryOptions(filters));
  usePrefetchQuery(makesQueryOptions());
}

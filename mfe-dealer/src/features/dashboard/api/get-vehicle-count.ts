import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleCount } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { vehicleCountPath } from '../lib/dashboard-calls';
import { countQueryOf, type DashboardFilters } from '../lib/dashboard-filters';

/** GET /api/vehicles/count: how many listed cars match the filters (the list itself comes a page at a time). */
export async function getVehicleCount(filters: DashboardFilters): Promise<number> {
  return (await api.get<VehicleCount>(vehicleCountPath(filters))).count;
}

export function vehicleCountQueryOptions(filters: DashboardFilters) {
  const query = countQueryOf(filters);
  return queryOptions({
    // Under the lists, so a change saved on a vehicle page refreshes the count with them.
    queryKey: [...queryKeys.vehicles.lists, 'dealer-count', query] as const,
    queryFn: () => getVehicleCount(filters),
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });
}

export function useVehicleCount(filters: DashboardFilters) {
  return useQuery(vehicleCountQueryOptions(filters));
}

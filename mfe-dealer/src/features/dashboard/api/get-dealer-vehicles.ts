import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { VehicleView } from '@cardirect/contracts';
import { api, queryKeys, type Page } from '@cardirect/web';
import { dealerVehiclesPath } from '../lib/dashboard-calls';
import { listQueryOf, type DashboardFilters } from '../lib/dashboard-filters';

/** GET /api/vehicles: one page (24) of the listed cars matching the filters, newest first. */
export function getDealerVehicles(filters: DashboardFilters, cursor: string): Promise<Page<VehicleView>> {
  return api.getPage<VehicleView>(dealerVehiclesPath(filters, cursor));
}

export function dealerVehiclesQueryOptions(filters: DashboardFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.vehicles.dealerList(listQueryOf(filters)),
    queryFn: ({ pageParam }) => getDealerVehicles(filters, pageParam),
    initialPageParam: '',
    // No X-Next-Cursor: the last page, and "Load More Vehicles" goes away.
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Data never goes stale by itself (the spec), but a saved change on the vehicle page marks
    // the lists stale, and a list marked so is asked again when the dashboard shows it.
    refetchOnMount: true,
    // While the next filter's cards load, the current ones stay (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useDealerVehicles(filters: DashboardFilters) {
  return useInfiniteQuery(dealerVehiclesQueryOptions(filters));
}

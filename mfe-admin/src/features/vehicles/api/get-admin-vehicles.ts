import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { VEHICLE_PAGE_SIZE_DEFAULT, withQuery, type VehicleStatus, type VehicleView } from '@cardirect/contracts';
import { api, queryKeys, type Page } from '@cardirect/web';

/** Cars per page: the list's default page (24), which a grid of 1, 2 or 3 columns fills evenly. */
export const ADMIN_VEHICLE_PAGE_SIZE = VEHICLE_PAGE_SIZE_DEFAULT;

export interface AdminVehicleFilters {
  /** Words searched on the server over year, make, model, VIN, ZIP and the seller's name, e-mail and phone. */
  q: string;
  status?: VehicleStatus;
}

/** GET /api/vehicles/all?limit=&cursor=&q=&status=: one page of every car with its seller's contact details. */
export function getAdminVehiclePage(filters: AdminVehicleFilters, cursor: string | null): Promise<Page<VehicleView>> {
  return api.getPage<VehicleView>(withQuery('/api/vehicles/all', { limit: ADMIN_VEHICLE_PAGE_SIZE, cursor, q: filters.q.trim(), status: filters.status }));
}

export function adminVehiclesQueryOptions(filters: AdminVehicleFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.vehicles.adminList({ q: filters.q.trim(), status: filters.status ?? null }),
    queryFn: ({ pageParam }) => getAdminVehiclePage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // While a new search runs, the last results stay on screen instead of blinking to skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useAdminVehicles(filters: AdminVehicleFilters) {
  return useInfiniteQuery(adminVehiclesQueryOptions(filters));
}

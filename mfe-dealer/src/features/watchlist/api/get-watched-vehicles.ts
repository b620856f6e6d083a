import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchedVehicle } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** GET /api/vehicles/watched: the cars the dealer watches that are still on offer, latest starred first. */
export function getWatchedVehicles(): Promise<WatchedVehicle[]> {
  return api.get<WatchedVehicle[]>('/api/vehicles/watched');
}

export function watchedVehiclesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.vehicles.watched, queryFn: getWatchedVehicles, refetchOnMount: true });
}

export function useWatchedVehicles() {
  return useQuery(watchedVehiclesQueryOptions());
}

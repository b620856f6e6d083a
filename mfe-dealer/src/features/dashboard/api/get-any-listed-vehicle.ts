import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@cardirect/web';

/** GET /api/vehicles?limit=1: whether any car is listed at all, whatever the filters. */
export async function getAnyVehicleListed(): Promise<boolean> {
  const page = await api.getPage<unknown>('/api/vehicles?limit=1');
  return page.items.length > 0;
}

export function anyVehicleListedQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.vehicles.lists, 'dealer-any'] as const, queryFn: getAnyVehicleListed, refetchOnMount: true });
}

/**
 * Asked only when the filters leave no card: it tells "no car matches" from "no car is listed"
 * (the spec's two empty states).
 */
export function useAnyVehicleListed(enabled: boolean) {
  return useQuery({ ...anyVehicleListedQueryOptions(), enabled });
}

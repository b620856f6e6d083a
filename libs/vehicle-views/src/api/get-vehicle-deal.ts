import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealView } from '@cardirect/contracts';
import { api, isApiError, queryKeys } from '@cardirect/web';

/** GET /api/vehicles/{id}/deal: the car's deal for its seller, its dealer or an admin; null when the car has none (404). */
export async function getVehicleDeal(vehicleId: string): Promise<DealView | null> {
  try {
    return await api.get<DealView>(`/api/vehicles/${encodeURIComponent(vehicleId)}/deal`);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function vehicleDealQueryOptions(vehicleId: string) {
  // Under the car's own key, so whatever refreshes the car refreshes its deal too.
  return queryOptions({ queryKey: [...queryKeys.vehicles.detail(vehicleId), 'deal'] as const, queryFn: () => getVehicleDeal(vehicleId) });
}

export function useVehicleDeal(vehicleId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vehicleDealQueryOptions(vehicleId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleView } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** GET /api/seller/vehicles/{id}/dealer-view: the seller's own car exactly as a dealer sees it. */
export function getDealerView(vehicleId: string): Promise<VehicleView> {
  return api.get<VehicleView>(`/api/seller/vehicles/${encodeURIComponent(vehicleId)}/dealer-view`);
}

export function dealerViewQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: ['vehicles', 'dealer-view', vehicleId], queryFn: () => getDealerView(vehicleId) });
}

export function useDealerView(vehicleId: string) {
  return useQuery(dealerViewQueryOptions(vehicleId));
}

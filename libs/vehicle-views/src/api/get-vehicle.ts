import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { vehiclePathOf } from '../paths';

/** GET /api/vehicles/{id}: the car as the caller's role may see it. */
export function getVehicle(vehicleId: string): Promise<VehicleView> {
  return api.get<VehicleView>(vehiclePathOf(vehicleId));
}

export function vehicleQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: queryKeys.vehicles.detail(vehicleId), queryFn: () => getVehicle(vehicleId) });
}

export function useVehicle(vehicleId: string) {
  return useQuery(vehicleQueryOptions(vehicleId));
}

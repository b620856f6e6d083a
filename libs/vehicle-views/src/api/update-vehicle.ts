import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleUpdate, VehicleView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** PATCH /api/vehicles/{id}: the Actions form sends all of its fields, the address editor only streetAddress. */
export function updateVehicle(vehicleId: string, update: VehicleUpdate): Promise<VehicleView> {
  return api.patch<VehicleView>(`/api/vehicles/${encodeURIComponent(vehicleId)}`, update);
}

/** The answer replaces the cached car, and every vehicle list (the dealer's and the admin's) is asked again. */
export function useUpdateVehicle(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: VehicleUpdate) => updateVehicle(vehicleId, update),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.vehicles.detail(vehicleId), updated);
      return queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.lists });
    },
  });
}

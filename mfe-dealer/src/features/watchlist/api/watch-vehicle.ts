import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchState, WatchVehicleInput } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** POST /api/vehicles/{id}/watch: the dealer stars the car, or takes the star off. */
export function watchVehicle(vehicleId: string, input: WatchVehicleInput): Promise<WatchState> {
  return api.post<WatchState>(`/api/vehicles/${encodeURIComponent(vehicleId)}/watch`, input);
}

/** After a change, the car's page, the watchlist and the dashboard cards' own records are asked again. */
export function useWatchVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, watched }: { vehicleId: string; watched: boolean }) => watchVehicle(vehicleId, { watched }),
    onSettled: (_answer, _error, { vehicleId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.detail(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.watched }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.dealerOwnRecords }),
      ]),
  });
}

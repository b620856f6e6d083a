import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleSubmitted } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import type { VehicleSubmissionBody } from '../lib/submission-body';

/** POST /api/vehicles: the seller's car, as spec section 3 gives the body. */
export function submitVehicle(body: VehicleSubmissionBody): Promise<VehicleSubmitted> {
  return api.post<VehicleSubmitted>('/api/vehicles', body);
}

/** A new car changes every vehicle list: they are asked again. */
export function useSubmitVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.lists }),
  });
}

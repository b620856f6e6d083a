import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeReservePriceInput, VehicleView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** POST /api/seller/vehicles/{id}/reserve-price: lowers the private minimum, or removes it (null). */
export function changeReservePrice(vehicleId: string, input: ChangeReservePriceInput): Promise<VehicleView> {
  return api.post<VehicleView>(`/api/seller/vehicles/${encodeURIComponent(vehicleId)}/reserve-price`, input);
}

/** The offers' "below your minimum" marks follow the minimum, so the seller's list is asked again whatever the answer. */
export function useChangeReservePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, input }: { vehicleId: string; input: ChangeReservePriceInput }) => changeReservePrice(vehicleId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.sellerList }),
  });
}

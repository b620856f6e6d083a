import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleView, WithdrawListingInput } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** POST /api/seller/vehicles/{id}/withdraw: takes the listing off the market; 409 once an offer is accepted. */
export function withdrawListing(vehicleId: string, input: WithdrawListingInput): Promise<VehicleView> {
  return api.post<VehicleView>(`/api/seller/vehicles/${encodeURIComponent(vehicleId)}/withdraw`, input);
}

/** Withdrawing declines the car's open offers too, so the seller's list is asked again whatever the answer. */
export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, input }: { vehicleId: string; input: WithdrawListingInput }) => withdrawListing(vehicleId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.sellerList }),
  });
}

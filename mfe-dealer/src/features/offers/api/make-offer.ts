import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MakeOfferInput, OfferView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** POST /api/vehicles/{id}/offers: a new offer, or a new amount for the dealer's pending one. */
export function makeOffer(vehicleId: string, offer: MakeOfferInput): Promise<OfferView> {
  return api.post<OfferView>(`/api/vehicles/${encodeURIComponent(vehicleId)}/offers`, offer);
}

/**
 * After an offer (or a refusal, which may mean the car was taken), the car's offers, the car
 * itself (the server sets this dealer's "Offer Made") and the dashboard cards' offers are asked
 * again.
 */
export function useMakeOffer(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: MakeOfferInput) => makeOffer(vehicleId, offer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.offers(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.detail(vehicleId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.dealerOwnRecords }),
      ]),
  });
}

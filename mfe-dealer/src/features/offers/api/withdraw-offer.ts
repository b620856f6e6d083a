import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** POST /api/offers/{id}/withdraw: the dealer takes its pending offer back. */
export function withdrawOffer(offerId: string): Promise<OfferView> {
  return api.post<OfferView>(`/api/offers/${encodeURIComponent(offerId)}/withdraw`);
}

/** After a withdrawal (or a refusal, which may mean the offer was decided meanwhile), the car's offers and the dashboard cards' offers are asked again. */
export function useWithdrawOffer(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => withdrawOffer(offerId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.offers(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.dealerOwnRecords }),
      ]),
  });
}

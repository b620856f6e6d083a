import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

export type OfferDecision = 'accept' | 'decline';

/** POST /api/offers/{id}/accept or /decline: the seller's answer to one offer. */
export function decideOffer(offerId: string, decision: OfferDecision): Promise<OfferView> {
  return api.post<OfferView>(`/api/offers/${encodeURIComponent(offerId)}/${decision}`);
}

/**
 * Accepting declines every other offer and sets the car pending; either answer (or a 409 saying
 * the offer changed meanwhile) makes the seller's list out of date, so it is asked again.
 */
export function useDecideOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, decision }: { offerId: string; decision: OfferDecision }) => decideOffer(offerId, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.sellerList }),
  });
}

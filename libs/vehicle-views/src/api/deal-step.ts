import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { vehicleDealQueryOptions } from './get-vehicle-deal';

/** POST /api/deals/{dealId}/{step}: one step of a deal; the answer is the deal after it. */
export function postDealStep(dealId: string, step: string, body?: unknown): Promise<DealView> {
  return api.post<DealView>(`/api/deals/${encodeURIComponent(dealId)}/${step}`, body);
}

/**
 * A mutation for one step of the car's deal. The answer replaces the cached deal; whatever the
 * answer (a 409 says the deal moved meanwhile, in another tab or by the other side), the car, its
 * deal and every list of cars are asked again, since a step can move the car's status too.
 */
export function useDealStep<Input>(vehicleId: string, send: (input: Input) => Promise<DealView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (deal) => queryClient.setQueryData(vehicleDealQueryOptions(vehicleId).queryKey, deal),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.detail(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.lists }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealerSuspensionInput } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { flaggedDealersQueryOptions } from './get-flagged-dealers';

/** POST /api/dealers/{id}/reinstate: lifts the dealer's suspension; the reason is e-mailed to it. */
export function reinstateDealer(dealerId: string, input: DealerSuspensionInput): Promise<unknown> {
  return api.post(`/api/dealers/${encodeURIComponent(dealerId)}/reinstate`, input);
}

/**
 * Done once the dealers and the flagged dealers have been asked again, so the card shows the
 * dealer reinstated (and Suspend in place of Reinstate) by the time the dialog closes.
 */
export function useReinstateDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealerId, input }: { dealerId: string; input: DealerSuspensionInput }) => reinstateDealer(dealerId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.dealers }),
        queryClient.invalidateQueries({ queryKey: flaggedDealersQueryOptions().queryKey }),
      ]),
  });
}

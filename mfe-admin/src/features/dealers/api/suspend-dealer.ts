import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealerSuspensionInput } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { flaggedDealersQueryOptions } from './get-flagged-dealers';

/** POST /api/dealers/{id}/suspend: the dealer can no longer log in or offer; the reason is e-mailed to it. */
export function suspendDealer(dealerId: string, input: DealerSuspensionInput): Promise<unknown> {
  return api.post(`/api/dealers/${encodeURIComponent(dealerId)}/suspend`, input);
}

/**
 * Done once the dealers and the flagged dealers have been asked again, so the card shows the
 * suspension (and Reinstate in place of Suspend) by the time the dialog closes.
 */
export function useSuspendDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealerId, input }: { dealerId: string; input: DealerSuspensionInput }) => suspendDealer(dealerId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.dealers }),
        queryClient.invalidateQueries({ queryKey: flaggedDealersQueryOptions().queryKey }),
      ]),
  });
}

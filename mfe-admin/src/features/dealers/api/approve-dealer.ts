import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealerView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** PATCH /api/dealers/{id}/approve: answers the approved dealer. */
export function approveDealer(dealerId: string): Promise<DealerView> {
  return api.patch<DealerView>(`/api/dealers/${encodeURIComponent(dealerId)}/approve`);
}

/**
 * The approved dealer moves to its section at once (so its Approve cannot be pressed twice), and
 * the list is asked again as the spec says. The call counts as done without waiting for that
 * refresh: the answer already shows the change.
 */
export function useApproveDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDealer,
    onSuccess: (approved) => {
      queryClient.setQueryData<DealerView[]>(queryKeys.dealers, (dealers) => dealers?.map((dealer) => (dealer.id === approved.id ? approved : dealer)));
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealers });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealerView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** DELETE /api/dealers/{id}: rejecting deletes the dealer's profile and account. */
export function rejectDealer(dealerId: string): Promise<unknown> {
  return api.delete(`/api/dealers/${encodeURIComponent(dealerId)}`);
}

/**
 * The rejected dealer leaves the list at once, and the list is asked again as the spec says; the
 * call counts as done without waiting for that refresh.
 */
export function useRejectDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDealer,
    onSuccess: (_answer, dealerId) => {
      queryClient.setQueryData<DealerView[]>(queryKeys.dealers, (dealers) => dealers?.filter((dealer) => dealer.id !== dealerId));
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealers });
    },
  });
}

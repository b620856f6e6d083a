import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResetLinkCheck } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** POST /api/auth/dealer/reset-password/check: 200 while the link works, 400 on `token` once it is used up or expired. */
export function checkResetLink(input: ResetLinkCheck): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/dealer/reset-password/check', input);
}

export function resetLinkCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['dealer', 'reset-link-check', token],
    queryFn: () => checkResetLink({ token }),
    // The answer goes stale the moment the link is used: never kept for a later visit.
    gcTime: 0,
  });
}

export function useResetLinkCheck(token: string) {
  return useQuery(resetLinkCheckQueryOptions(token));
}

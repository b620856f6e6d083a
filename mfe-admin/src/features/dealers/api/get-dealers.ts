import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealerView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** GET /api/dealers: every dealer, pending and approved, newest first (the spec's array). */
export function getDealers(): Promise<DealerView[]> {
  return api.get<DealerView[]>('/api/dealers');
}

export function dealersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.dealers, queryFn: getDealers });
}

export function useDealers() {
  return useQuery(dealersQueryOptions());
}

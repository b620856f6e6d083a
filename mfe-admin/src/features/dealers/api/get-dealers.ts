import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealerView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { DEALERS_PATH } from '../lib/dealer-calls';

/** GET /api/dealers: every dealer, pending and approved, newest first (the spec's array). */
export function getDealers(): Promise<DealerView[]> {
  return api.get<DealerView[]>(DEALERS_PATH);
}

export function dealersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.dealers, queryFn: getDealers });
}

export function useDealers() {
  return useQuery(dealersQueryOptions());
}

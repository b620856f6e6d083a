import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlaggedDealer } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { FLAGGED_DEALERS_PATH } from '../lib/dealer-calls';

/** GET /api/deals/flagged-dealers: every dealer past the flag rule, with its reasons and strikes. */
export function getFlaggedDealers(): Promise<FlaggedDealer[]> {
  return api.get<FlaggedDealer[]>(FLAGGED_DEALERS_PATH);
}

export function flaggedDealersQueryOptions() {
  return queryOptions({
    // Under the lists of cars: every step of a deal (a cancel, a verdict on a price cut) asks those
    // again, and a step can add a strike. Asked again on the tab's next showing once that happened.
    queryKey: [...queryKeys.vehicles.lists, 'flagged-dealers'] as const,
    queryFn: getFlaggedDealers,
    refetchOnMount: true,
  });
}

export function useFlaggedDealers() {
  return useQuery(flaggedDealersQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearchView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** GET /api/vehicles/saved-searches: the dealer's saved searches, newest first, each with how many cars on the market fit it now. */
export function listSavedSearches(): Promise<SavedSearchView[]> {
  return api.get<SavedSearchView[]>('/api/vehicles/saved-searches');
}

export function savedSearchesQueryOptions() {
  return queryOptions({
    // Under the lists: the match counts are counts of the list, so a change saved on a car marks them stale with it.
    queryKey: [...queryKeys.vehicles.lists, 'dealer-saved-searches'] as const,
    queryFn: listSavedSearches,
    // Marked stale, they are asked again when the dashboard shows them.
    refetchOnMount: true,
  });
}

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}

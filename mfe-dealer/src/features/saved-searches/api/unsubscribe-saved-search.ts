import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchUnsubscribe, SavedSearchUnsubscribed } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { savedSearchesQueryOptions } from './list-saved-searches';

/** POST /api/vehicles/saved-searches/unsubscribe: the e-mail's signed token stops its one search, without a login. */
export function unsubscribeSavedSearch(unsubscribe: SavedSearchUnsubscribe): Promise<SavedSearchUnsubscribed> {
  return api.post<SavedSearchUnsubscribed>('/api/vehicles/saved-searches/unsubscribe', unsubscribe);
}

/** A dealer logged in on this page would otherwise still see the search on its dashboard. */
export function useUnsubscribeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey }),
  });
}

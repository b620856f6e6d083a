import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchFields, SavedSearchView } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { savedSearchesQueryOptions } from './list-saved-searches';

/** POST /api/vehicles/saved-searches: the dealer saves a search; the answer describes it and counts the cars that fit it now. */
export function createSavedSearch(search: SavedSearchFields): Promise<SavedSearchView> {
  return api.post<SavedSearchView>('/api/vehicles/saved-searches', search);
}

/** Saved or refused (a refusal may mean the dealer reached the most searches in another tab), the list is asked again. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey }),
  });
}

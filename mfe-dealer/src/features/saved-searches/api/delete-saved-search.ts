import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cardirect/web';
import { savedSearchesQueryOptions } from './list-saved-searches';

/** DELETE /api/vehicles/saved-searches/{id}: the search and the e-mails it still had to send are gone. */
export function deleteSavedSearch(searchId: string): Promise<void> {
  return api.delete<void>(`/api/vehicles/saved-searches/${encodeURIComponent(searchId)}`);
}

/** Deleted or refused (a 404 means it was already gone, by its e-mail's link say), the list is asked again. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey }),
  });
}

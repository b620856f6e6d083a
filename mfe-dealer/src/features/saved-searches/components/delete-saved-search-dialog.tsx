import { useRef } from 'react';
import type { SavedSearchView } from '@cardirect/contracts';
import { Button, toast } from '@cardirect/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { errorMessageOf } from '@cardirect/web';
import { useDeleteSavedSearch } from '../api/delete-saved-search';

interface DeleteSavedSearchDialogProps {
  /** The search to delete; none while the dialog is closed. */
  search: SavedSearchView | undefined;
  onClose: () => void;
  /** Takes the focus once the search is deleted: the Delete button that opened the dialog has gone with it. */
  onDeleted: () => void;
}

/** Asks before a saved search is deleted, saying that its e-mails stop, those waiting for the daily e-mail too. */
export function DeleteSavedSearchDialog({ search, onClose, onDeleted }: DeleteSavedSearchDialogProps) {
  const deleteSearch = useDeleteSavedSearch();
  const deleted = useRef(false);

  const confirm = (toDelete: SavedSearchView) =>
    deleteSearch.mutate(toDelete.id, {
      onSuccess: () => {
        deleted.current = true;
        toast({ title: 'Search deleted', description: `You get no more e-mails for ${toDelete.description}.` });
      },
      onError: (error) => toast({ title: 'Search not deleted', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' }),
      onSettled: onClose,
    });

  return (
    // Held open while the search is being deleted: the dialog closes with the answer.
    <Dialog open={search !== undefined} onOpenChange={(open) => !open && !deleteSearch.isPending && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          onDeleted();
        }}
      >
        <DialogTitle>Delete this saved search?</DialogTitle>
        <DialogDescription>
          {search?.description}. You get no more e-mails for it, not even for the cars waiting for the daily e-mail. You can save it again later.
        </DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Keep Search</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => search && confirm(search)} disabled={deleteSearch.isPending}>
            {deleteSearch.isPending ? 'Deleting...' : 'Delete Search'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

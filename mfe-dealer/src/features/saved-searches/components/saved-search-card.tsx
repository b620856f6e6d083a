import { SAVED_SEARCH_FREQUENCY_LABELS, type SavedSearchView } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { matchCountText } from '../lib/match-count-text';

/** One saved search: what it looks for, how often it e-mails, how many cars fit it now, and a way to delete it (asked again first). */
export function SavedSearchCard({ search, onDelete }: { search: SavedSearchView; onDelete: () => void }) {
  return (
    // Delete sits under the text in every card, so the buttons of a row line up whatever the descriptions' lengths.
    <div className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 p-4">
      <div className="grid min-w-0 gap-1">
        <h3 className="font-semibold break-words text-slate-900">{search.description}</h3>
        <p className="text-sm text-slate-700">{matchCountText(search.matchCount)}</p>
        <dl className="flex flex-wrap gap-1 text-sm text-slate-600">
          <dt>E-mails:</dt>
          <dd>{SAVED_SEARCH_FREQUENCY_LABELS[search.frequency]}</dd>
        </dl>
      </div>
      <Button variant="secondary" size="sm" className="self-start" aria-label={`Delete saved search ${search.description}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}

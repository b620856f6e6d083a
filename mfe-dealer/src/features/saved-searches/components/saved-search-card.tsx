import { SAVED_SEARCH_FREQUENCY_LABELS, type SavedSearchView } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { matchCountText } from '../lib/match-count-text';

/** One saved search: what it looks for, how often it e-mails, how many cars fit it now, and a way to delete it (asked again first). */
export function SavedSearchCard({ search, onDelete }: { search: SavedSearchView; onDelete: () => void }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-4">
      <div className="grid min-w-0 gap-1">
        <h3 className="font-semibold break-words text-slate-900">{search.description}</h3>
        <p className="text-sm text-slate-700">{matchCountText(search.matchCount)}</p>
        <dl className="flex flex-wrap gap-1 text-sm text-slate-600">
          <dt>E-mails:</dt>
          <dd>{SAVED_SEARCH_FREQUENCY_LABELS[search.frequency]}</dd>
        </dl>
      </div>
      <Button variant="secondary" size="sm" aria-label={`Delete saved search ${search.description}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { MAX_SAVED_SEARCHES, type SavedSearchView } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { SectionListFailed, SectionListLoading } from '../../../components/section-list-states';
import { useSavedSearches } from '../api/list-saved-searches';
import { DeleteSavedSearchDialog } from './delete-saved-search-dialog';
import { SavedSearchCard } from './saved-search-card';
import { SaveSearchForm } from './save-search-form';

/**
 * "Saved Searches" on the dealer dashboard: the dealer's searches, newest first, each with how
 * many cars fit it now, and a form to save another, up to MAX_SAVED_SEARCHES. A car that fits one
 * is e-mailed to the dealer once its listing is confirmed. The form opens on request: the
 * dashboard's filters above have a Make and a Distance of their own.
 */
export function SavedSearches({ id }: { id?: string }) {
  const searches = useSavedSearches();
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<SavedSearchView>();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const limitId = useId();
  const full = (searches.data?.length ?? 0) >= MAX_SAVED_SEARCHES;

  const closeForm = () => {
    // The form's buttons go with it: the keyboard goes back to the button that opened it, or to the heading once saving is off.
    flushSync(() => setFormOpen(false));
    (opener.current?.disabled === false ? opener.current : heading.current)?.focus();
  };

  let body;
  if (searches.isPending) {
    body = <SectionListLoading label="Loading your saved searches…" />;
  } else if (searches.isError) {
    body = <SectionListFailed what="your saved searches" error={searches.error} onRetry={() => void searches.refetch()} />;
  } else if (searches.data.length === 0) {
    body = <p className="text-slate-700">No saved searches yet. Save one to be e-mailed when a car that fits is listed.</p>;
  } else {
    body = (
      // role="list": Safari's VoiceOver does not announce a list whose bullets are styled away.
      <ul role="list" aria-label="Your saved searches" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {searches.data.map((search) => (
          <li key={search.id} className="grid">
            <SavedSearchCard search={search} onDelete={() => setToDelete(search)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    // scroll-mt: a jump to the section leaves its heading clear of the sticky site header.
    <section id={id} aria-labelledby={headingId} className="grid scroll-mt-24 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          Saved Searches
        </h2>
        <p className="text-sm text-slate-600">We e-mail you when a car that fits one of your searches is listed, as each car is listed or once a day.</p>
      </div>
      {body}
      {full && (
        <p id={limitId} className="text-sm font-medium text-slate-900">
          You have {MAX_SAVED_SEARCHES} saved searches, the most you can keep. Delete one to save another.
        </p>
      )}
      {formOpen ? (
        <SaveSearchForm limitMessageId={full ? limitId : undefined} onClose={closeForm} />
      ) : (
        <Button ref={opener} variant="secondary" disabled={full} aria-describedby={full ? limitId : undefined} onClick={() => setFormOpen(true)} className="w-full sm:w-auto sm:justify-self-start">
          Save a search
        </Button>
      )}
      <DeleteSavedSearchDialog search={toDelete} onClose={() => setToDelete(undefined)} onDeleted={() => heading.current?.focus()} />
    </section>
  );
}

import { useId, type ReactNode } from 'react';
import type { DealerView, FlaggedDealer } from '@cardirect/contracts';
import { Badge, Button, type BadgeTone } from '@cardirect/ui';
import { errorMessageOf } from '@cardirect/web';
import { useDealers } from '../api/get-dealers';
import { useFlaggedDealers } from '../api/get-flagged-dealers';
import { filterDealers } from '../lib/filter-dealers';
import { DealerCard, DealerCardSkeleton } from './dealer-card';

/** Spec section 9: four dealer skeletons while the list loads. */
const SKELETON_CARDS = 4;

interface DealersTabProps {
  /** The dashboard's shared search box. */
  search: string;
  onClearSearch: () => void;
}

/**
 * The Dealers tab: 'Pending Approval' with its count, then 'Approved Dealers', in two columns, each
 * approved dealer with its suspension or its flag for review (issue 34).
 */
export function DealersTab({ search, onClearSearch }: DealersTabProps) {
  const dealers = useDealers();
  const flagged = useFlaggedDealers();

  // The cards wait for the flags too, so that no flag pushes a card's buttons down once shown.
  if (dealers.isPending || flagged.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
        <span className="sr-only" role="status">
          Loading dealers…
        </span>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <DealerCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (dealers.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p>Could not load the dealers: {errorMessageOf(dealers.error, 'Unknown error occurred')}</p>
        <Button variant="secondary" size="sm" onClick={() => void dealers.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const shown = filterDealers(dealers.data, search);
  const searching = search.trim() !== '';
  // The flags failing leaves the dealers to work with, and says so.
  const flagsFailed = flagged.isError && (
    <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p>Could not load the dealers flagged for review: {errorMessageOf(flagged.error, 'Unknown error occurred')}</p>
      <Button variant="secondary" size="sm" onClick={() => void flagged.refetch()}>
        Try Again
      </Button>
    </div>
  );
  if (shown.length === 0) {
    return (
      <div className="grid gap-8">
        {flagsFailed}
        <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
          <NoDealersFound searching={searching} onClearSearch={onClearSearch} />
        </div>
      </div>
    );
  }

  // Under a search, an empty section says what the search found, not that no dealer exists.
  const emptyUnlessSearching = (text: string) => (searching ? <NoDealersFound searching onClearSearch={onClearSearch} /> : <p className="text-slate-600">{text}</p>);
  const pending = shown.filter((dealer) => !dealer.isApproved);
  const approved = shown.filter((dealer) => dealer.isApproved);
  const flagsByUser = new Map((flagged.data ?? []).map((flag) => [flag.dealerId, flag]));
  return (
    <div className="grid gap-8">
      {flagsFailed}
      <DealerSection title="Pending Approval" tone="yellow" dealers={pending} flagsByUser={flagsByUser} empty={emptyUnlessSearching('No dealers are waiting for approval.')} />
      <DealerSection title="Approved Dealers" tone="grey" dealers={approved} flagsByUser={flagsByUser} empty={emptyUnlessSearching('No approved dealers yet.')} />
    </div>
  );
}

/** Spec section 2's empty state: 'No dealers found', with 'Clear Search' while a search is active. */
function NoDealersFound({ searching, onClearSearch }: { searching: boolean; onClearSearch: () => void }) {
  return (
    <>
      <p className="text-lg font-semibold text-slate-900">No dealers found</p>
      {searching && (
        <Button variant="secondary" onClick={onClearSearch}>
          Clear Search
        </Button>
      )}
    </>
  );
}

interface DealerSectionProps {
  title: string;
  /** The colour of the count beside the title. */
  tone: BadgeTone;
  dealers: DealerView[];
  /** The flagged dealers by account id (FlaggedDealer.dealerId is DealerView.userId). */
  flagsByUser: ReadonlyMap<string, FlaggedDealer>;
  empty: ReactNode;
}

function DealerSection({ title, tone, dealers, flagsByUser, empty }: DealerSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        {title}{' '}
        <Badge tone={tone}>
          {dealers.length} <span className="sr-only">{dealers.length === 1 ? 'dealer' : 'dealers'}</span>
        </Badge>
      </h2>
      {dealers.length === 0 ? (
        <div className="grid justify-items-start gap-3">{empty}</div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {dealers.map((dealer) => (
            <li key={dealer.id}>
              <DealerCard dealer={dealer} flag={flagsByUser.get(dealer.userId)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Button, Skeleton } from '@cardirect/ui';
import { errorMessageOf, useDebouncedValue } from '@cardirect/web';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { useAdminDeals } from '../api/get-admin-deals';
import { dealershipChoices, withDealershipsOf, type KnownDealerships } from '../lib/dealerships';
import { DealFilterControls, type DealFilters } from './deal-filters';
import { DealRow } from './deal-row';

interface DealsTabProps {
  /** The dashboard's shared search box, searched on the server. */
  search: string;
  filters: DealFilters;
  onFiltersChange: (filters: DealFilters) => void;
  /** Empties the search box and shows every step and dealer again. */
  onClearFilters: () => void;
}

/** The Deals tab (issue 34): every deal with its step and clock, overdue steps first, a page at a time ('Load More'). */
export function DealsTab({ search, filters, onFiltersChange, onClearFilters }: DealsTabProps) {
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const deals = useAdminDeals({ q, state: filters.state, dealerId: filters.dealer?.id, review: filters.review });
  const shown = deals.data?.pages.flatMap((page) => page.items) ?? [];

  // The dealer filter offers every dealership seen since the tab opened, so narrowing the list to
  // one does not take the others out of the choice.
  const [seen, setSeen] = useState<KnownDealerships>(() => new Map());
  const known = withDealershipsOf(seen, shown);
  if (known !== seen) setSeen(known);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold text-slate-900">All Deals</h2>
          <p aria-live="polite" className="text-sm text-slate-600">
            {deals.isSuccess && (deals.isPlaceholderData ? 'Searching…' : countLine(shown.length, deals.hasNextPage))}
          </p>
        </div>
        <DealFilterControls filters={filters} dealerships={dealershipChoices(known, filters.dealer)} onChange={onFiltersChange} />
      </div>
      <DealResults
        deals={deals}
        reviewQueue={filters.review !== undefined}
        filtered={q.trim() !== '' || filters.state !== undefined || filters.dealer !== undefined}
        onClearFilters={onClearFilters}
      />
    </div>
  );
}

interface DealResultsProps {
  deals: ReturnType<typeof useAdminDeals>;
  /** Only the price changes awaiting a verdict are asked for. */
  reviewQueue: boolean;
  /** Narrowed by the search, the step or the dealer. */
  filtered: boolean;
  onClearFilters: () => void;
}

/** The list and 'Load More', or what stands in for them: skeletons, the error, or why there is nothing. */
function DealResults({ deals, reviewQueue, filtered, onClearFilters }: DealResultsProps) {
  const shown = deals.data?.pages.flatMap((page) => page.items) ?? [];

  if (deals.isPending) return <DealListSkeleton />;
  if (deals.isError && !deals.isFetchNextPageError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p>Could not load the deals: {errorMessageOf(deals.error, 'Unknown error occurred')}</p>
        <Button variant="secondary" size="sm" onClick={() => void deals.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (shown.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">{filtered ? 'No deals match your search' : reviewQueue ? 'No price changes waiting for a verdict' : 'No deals yet'}</p>
        {filtered && (
          <Button variant="secondary" onClick={onClearFilters}>
            Clear Filters
          </Button>
        )}
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Deals" aria-busy={deals.isPlaceholderData || undefined} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {shown.map((row) => (
          <li key={row.deal.id}>
            <DealRow row={row} />
          </li>
        ))}
      </ul>
      {deals.isFetchNextPageError && (
        <p role="alert" className="text-center text-red-800">
          Could not load more deals: {errorMessageOf(deals.error, 'Unknown error occurred')}
        </p>
      )}
      {deals.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void deals.fetchNextPage()} disabled={deals.isFetchingNextPage}>
            {deals.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
    </>
  );
}

/** Four cards' outlines while the first page loads. */
function DealListSkeleton() {
  return (
    <ul aria-label="Loading deals" aria-busy="true" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </li>
      ))}
    </ul>
  );
}

function countLine(count: number, more: boolean): string {
  const deals = `${count} ${count === 1 ? 'deal' : 'deals'}`;
  return more ? `Showing the first ${deals}` : `Showing ${deals}`;
}

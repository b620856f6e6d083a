import { Button } from '@cardirect/ui';

interface EmptyResultsProps {
  /** Cars are listed, but none matches the filters. */
  filteredOut: boolean;
  /** Filters are set, so clearing them may help. */
  filtered: boolean;
  onClearFilters: () => void;
}

/** The spec's two empty states: nothing matches the filters, or nothing is listed at all. */
export function EmptyResults({ filteredOut, filtered, onClearFilters }: EmptyResultsProps) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      {filteredOut ? (
        <>
          <h3 className="text-lg font-semibold text-slate-900">No vehicles matching your criteria</h3>
          <p className="text-slate-600">Try adjusting your filters to see more results</p>
        </>
      ) : (
        <>
          <h3 className="text-lg font-semibold text-slate-900">No vehicle listings available at this time</h3>
          <p className="text-slate-600">New cars appear here as soon as sellers near you submit them.</p>
        </>
      )}
      {filtered && (
        <Button variant="secondary" onClick={onClearFilters}>
          Clear All Filters
        </Button>
      )}
    </div>
  );
}

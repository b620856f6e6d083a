import type { VehicleStatus } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { firstScreenCardsIn, VehicleCardGrid, VehicleCardGridSkeleton, useReturnHighlight } from '@cardirect/vehicle-views';
import { errorMessageOf, useDebouncedValue } from '@cardirect/web';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { useAdminVehicles } from '../api/get-admin-vehicles';
import { AdminVehicleCard } from './admin-vehicle-card';
import { VehicleStatusFilter } from './vehicle-status-filter';

interface VehiclesTabProps {
  /** The dashboard's shared search box, searched on the server. */
  search: string;
  status?: VehicleStatus;
  onStatusChange: (status?: VehicleStatus) => void;
  /** Empties the search box and shows every status again. */
  onClearFilters: () => void;
}

/** The Vehicles tab: every car with its seller, newest first, a page at a time ('Load More'). */
export function VehiclesTab({ search, status, onStatusChange, onClearFilters }: VehiclesTabProps) {
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const vehicles = useAdminVehicles({ q, status });
  const shown = vehicles.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold text-slate-900">All Vehicles</h2>
          <p aria-live="polite" className="text-sm text-slate-600">
            {vehicles.isSuccess && (vehicles.isPlaceholderData ? 'Searching…' : countLine(shown.length, vehicles.hasNextPage))}
          </p>
        </div>
        <VehicleStatusFilter status={status} onChange={onStatusChange} />
      </div>
      <VehicleResults vehicles={vehicles} filtered={q.trim() !== '' || status !== undefined} onClearFilters={onClearFilters} />
    </div>
  );
}

interface VehicleResultsProps {
  vehicles: ReturnType<typeof useAdminVehicles>;
  filtered: boolean;
  onClearFilters: () => void;
}

/** The grid and 'Load More', or what stands in for them: 6 skeletons, the error, 'No vehicles found'. */
function VehicleResults({ vehicles, filtered, onClearFilters }: VehicleResultsProps) {
  const highlighted = useReturnHighlight(vehicles.isSuccess);
  const shown = vehicles.data?.pages.flatMap((page) => page.items) ?? [];

  if (vehicles.isPending) return <VehicleCardGridSkeleton label="Loading vehicles" />;
  if (vehicles.isError && !vehicles.isFetchNextPageError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p>Could not load the vehicles: {errorMessageOf(vehicles.error, 'Unknown error occurred')}</p>
        <Button variant="secondary" size="sm" onClick={() => void vehicles.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (shown.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">No vehicles found</p>
        {filtered && (
          <Button variant="secondary" onClick={onClearFilters}>
            Clear Filters
          </Button>
        )}
      </div>
    );
  }
  const cardsInWindow = firstScreenCardsIn(window);
  return (
    <>
      <VehicleCardGrid label="Vehicles" busy={vehicles.isPlaceholderData}>
        {shown.map((vehicle, index) => (
          <li key={vehicle.id}>
            <AdminVehicleCard vehicle={vehicle} highlighted={highlighted === vehicle.id} firstScreen={index < cardsInWindow} />
          </li>
        ))}
      </VehicleCardGrid>
      {vehicles.isFetchNextPageError && (
        <p role="alert" className="text-center text-red-800">
          Could not load more vehicles: {errorMessageOf(vehicles.error, 'Unknown error occurred')}
        </p>
      )}
      {vehicles.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void vehicles.fetchNextPage()} disabled={vehicles.isFetchingNextPage}>
            {vehicles.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
    </>
  );
}

function countLine(count: number, more: boolean): string {
  const cars = `${count} ${count === 1 ? 'vehicle' : 'vehicles'}`;
  return more ? `Showing the newest ${cars}` : `Showing ${cars}`;
}

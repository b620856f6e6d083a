import { startTransition, useEffect, useRef, useState } from 'react';
import { Button, cn } from '@cardirect/ui';
import { errorMessageOf } from '@cardirect/web';
import { firstScreenCardsIn, useReturnHighlight, VehicleCard, VehicleCardGrid, VehicleCardGridSkeleton } from '@cardirect/vehicle-views';
import { OwnOfferLine } from '../../../components/own-offer-line';
import { useAnyVehicleListed } from '../api/get-any-listed-vehicle';
import { useDealerVehicles } from '../api/get-dealer-vehicles';
import { useOwnRecords } from '../api/get-own-records';
import { useVehicleCount } from '../api/get-vehicle-count';
import { hasFilters, type DashboardFilters } from '../lib/dashboard-filters';
import { EmptyResults } from './empty-results';

/** '130 vehicles', and how many of them are on screen while more pages wait behind 'Load More Vehicles'. */
function countText(total: number, shown: number): string {
  const cars = `${total} vehicle${total === 1 ? '' : 's'}`;
  return shown < total ? `${cars} · ${shown} shown` : cars;
}

/**
 * Whether every card may be rendered yet: the first render holds only those the window shows, the
 * rest follow in a transition, which React renders in slices between the browser's other work. On
 * a phone the main thread is then not held by the whole page of 24 before its first two cards can
 * paint (Lighthouse, mobile: total blocking time about 330 → 270 ms on the dealer dashboard).
 */
function useAllCardsRendered(): boolean {
  const [all, setAll] = useState(false);
  useEffect(() => startTransition(() => setAll(true)), []);
  return all;
}

/**
 * The dashboard's cards: 6 skeletons while the first page loads, how many cars match, the cards
 * with the dealer's own status and offer on each (asked once the page of cars is there), 'Sale
 * agreed' on a car whose seller accepted another dealer's offer, 'Load More Vehicles' while the
 * server has more, the spec's empty states, and the return highlight of the car just left.
 */
export function DealerVehicleResults({ filters, onClearFilters }: { filters: DashboardFilters; onClearFilters: () => void }) {
  const list = useDealerVehicles(filters);
  const count = useVehicleCount(filters);
  const pages = list.data?.pages ?? [];
  const vehicles = pages.flatMap((page) => page.items);
  const ownRecords = useOwnRecords(pages.map((page) => page.items.map((vehicle) => vehicle.id)));
  const allCardsRendered = useAllCardsRendered();
  // The car just left may be below the first screen: wait until every card is there.
  const highlighted = useReturnHighlight(list.isSuccess && allCardsRendered);
  const filtered = hasFilters(filters);
  const anyListed = useAnyVehicleListed(list.isSuccess && !list.isPlaceholderData && vehicles.length === 0 && filtered);
  const heading = useRef<HTMLHeadingElement>(null);

  const clearFilters = () => {
    onClearFilters();
    // The button goes away with the empty state; the keyboard continues from the results.
    heading.current?.focus();
  };

  let content;
  if (list.isPending) {
    content = <VehicleCardGridSkeleton label="Loading vehicles" />;
  } else if (list.isError) {
    content = (
      <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-10 text-center">
        <p className="font-medium text-red-900">Error: {errorMessageOf(list.error, 'Failed to fetch vehicles')}</p>
        <Button variant="secondary" onClick={() => list.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (vehicles.length === 0) {
    content = <EmptyResults filtered={filtered} filteredOut={filtered && anyListed.data !== false} onClearFilters={clearFilters} />;
  } else {
    const cardsInWindow = firstScreenCardsIn(window);
    content = (
      <div className={cn('grid gap-8 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        <VehicleCardGrid label="Available vehicles" busy={list.isFetching}>
          {(allCardsRendered ? vehicles : vehicles.slice(0, cardsInWindow)).map((vehicle, index) => {
            const own = ownRecords.of(vehicle.id);
            return (
              <li key={vehicle.id}>
                <VehicleCard
                  vehicle={own ? { ...vehicle, status: own.status } : vehicle}
                  statusPending={!ownRecords.known(vehicle.id)}
                  // The buyer sees its own accepted offer on the card instead.
                  saleAgreed={vehicle.saleAgreed === true && own?.offer?.status !== 'accepted'}
                  highlighted={highlighted === vehicle.id}
                  firstScreen={index < cardsInWindow}
                >
                  {own?.offer && <OwnOfferLine offer={own.offer} />}
                  {own?.watched && (
                    <p className="text-sm font-medium text-slate-700">
                      <span aria-hidden="true">★ </span>On your watchlist
                    </p>
                  )}
                  {/* That the seller set one, never the amount: an offer below it may well be declined. */}
                  {vehicle.hasMinimumPrice && <p className="text-sm text-slate-700">The seller has set a minimum price</p>}
                </VehicleCard>
              </li>
            );
          })}
        </VehicleCardGrid>
        {list.hasNextPage && !list.isPlaceholderData && (
          <Button variant="secondary" className="justify-self-center" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load More Vehicles'}
          </Button>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="dealer-results-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dealer-results-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Available Vehicles
        </h2>
        <p aria-live="polite" className="text-sm text-slate-600">
          {list.isSuccess && !list.isPlaceholderData && count.isSuccess && !count.isPlaceholderData && vehicles.length > 0 ? countText(count.data, vehicles.length) : ''}
        </p>
      </div>
      {content}
    </section>
  );
}

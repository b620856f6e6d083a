import { useEffect, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@cardirect/ui';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { rememberDashboardSearch } from '../../../lib/dashboard-return';
import { DealerVehicleResults } from './dealer-vehicle-results';
import { VehicleFilters } from './vehicle-filters';
import { EmailAddress, paths } from '@cardirect/web';

/** The id of the saved searches' section, which the header's link jumps to. */
export const SAVED_SEARCHES_ID = 'saved-searches';

/**
 * The dealer dashboard (spec section 2): the welcome line, the filters and the cards. The saved
 * searches follow the cards, so the cards stay on the first screen; on a phone that puts them
 * below every card, so the header links to them.
 */
export function DealerDashboard({ email, savedSearches }: { email: string; savedSearches: ReactNode }) {
  const { filters, changeFilters, clearFilters } = useDashboardFilters();
  const search = useSearch();

  useEffect(() => rememberDashboardSearch(search), [search]);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold text-slate-900">Dealer Dashboard</h1>
          <p className="text-slate-700">
            Welcome back, <EmailAddress email={email} />
          </p>
        </div>
        <nav aria-label="Dashboard sections" className="flex flex-wrap gap-3">
          {/* The header's Dashboard leads here; the dealer's offers and the sales after Accept are one step on. */}
          <Button asChild variant="secondary" size="sm">
            <Link href={paths.dealerDeals}>My Offers and Deals</Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <a href={`#${SAVED_SEARCHES_ID}`}>Saved Searches</a>
          </Button>
        </nav>
      </header>
      <VehicleFilters filters={filters} onChange={changeFilters} />
      <DealerVehicleResults filters={filters} onClearFilters={clearFilters} />
      {savedSearches}
    </div>
  );
}

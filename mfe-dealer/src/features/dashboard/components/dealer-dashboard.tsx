import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { rememberDashboardSearch } from '../../../lib/dashboard-return';
import { DealerVehicleResults } from './dealer-vehicle-results';
import { VehicleFilters } from './vehicle-filters';
import { EmailAddress } from '@cardirect/web';

/** The dealer dashboard (spec section 2): the welcome line, the filters and the cards. */
export function DealerDashboard({ email }: { email: string }) {
  const { filters, changeFilters, clearFilters } = useDashboardFilters();
  const search = useSearch();

  useEffect(() => rememberDashboardSearch(search), [search]);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold text-slate-900">Dealer Dashboard</h1>
        <p className="text-slate-700">
          Welcome back, <EmailAddress email={email} />
        </p>
      </header>
      <VehicleFilters filters={filters} onChange={changeFilters} />
      <DealerVehicleResults filters={filters} onClearFilters={clearFilters} />
    </div>
  );
}

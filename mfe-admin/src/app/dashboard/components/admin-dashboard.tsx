import { useEffect, useState } from 'react';
import type { VehicleStatus } from '@cardirect/contracts';
import { Badge, Field, Input } from '@cardirect/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cardirect/ui/tabs';
import { EmailAddress, paths } from '@cardirect/web';
import { forgetAdminTab, isAdminTab, storedAdminTab, type AdminTab } from '../../../lib/admin-tab';
import { useDealers } from '../../../features/dealers/api/get-dealers';
import { DealersTab } from '../../../features/dealers/components/dealers-tab';
import { VehiclesTab } from '../../../features/vehicles/components/vehicles-tab';
import { DealsTab } from '../../../features/deals/components/deals-tab';
import type { DealFilters } from '../../../features/deals/components/deal-filters';

/** What the shared search box looks in, on each tab. */
const searchHints: Record<AdminTab, string> = {
  dealers: 'Dealership, email, city, state, ZIP or phone',
  vehicles: "Year, make, model, VIN, ZIP, or the seller's name, email or phone",
  deals: "Year, make, model, the seller's name or email, or the dealership",
};

/**
 * The admin dashboard (spec section 2): the welcome line, one search box shared by the Dealers
 * tab (with the count of pending dealers), the Vehicles tab and the Deals tab (issue 34), and the
 * way to the e-mail queues.
 */
export function AdminDashboard({ email }: { email: string }) {
  // The stored tab is read once (a pure read, so a double render reads the same) and then cleared.
  const [tab, setTab] = useState<AdminTab>(storedAdminTab);
  useEffect(forgetAdminTab, []);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<VehicleStatus>();
  const [dealFilters, setDealFilters] = useState<DealFilters>({});
  const dealers = useDealers();
  const pendingCount = dealers.data?.filter((dealer) => !dealer.isApproved).length;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="wrap-anywhere text-slate-600">
            Welcome back, <EmailAddress email={email} />
          </p>
        </div>
        {/* Served by the gateway (bull-board), not a route of the shell: a full page load. */}
        <a
          href={paths.adminQueues}
          className="inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-600 ring-inset hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Queue Dashboard
        </a>
      </header>

      <Tabs value={tab} onValueChange={(value) => setTab(isAdminTab(value) ? value : 'dealers')}>
        <div className="grid gap-4">
          <TabsList aria-label="Dashboard sections" className="justify-self-start">
            <TabsTrigger value="dealers">
              Dealers{' '}
              {pendingCount !== undefined && (
                <Badge tone={pendingCount > 0 ? 'yellow' : 'grey'}>
                  {pendingCount} <span className="sr-only">pending</span>
                </Badge>
              )}
            </TabsTrigger>
            <TabsTrigger value="vehicles">Vehicles</TabsTrigger>
            <TabsTrigger value="deals">Deals</TabsTrigger>
          </TabsList>
          <Field label="Search" hint={searchHints[tab]} className="w-full max-w-xl">
            {(control) => <Input {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />}
          </Field>
        </div>
        <TabsContent value="dealers">
          <DealersTab search={search} onClearSearch={() => setSearch('')} />
        </TabsContent>
        <TabsContent value="vehicles">
          <VehiclesTab
            search={search}
            status={status}
            onStatusChange={setStatus}
            onClearFilters={() => {
              setSearch('');
              setStatus(undefined);
            }}
          />
        </TabsContent>
        <TabsContent value="deals">
          <DealsTab
            search={search}
            filters={dealFilters}
            onFiltersChange={setDealFilters}
            onClearFilters={() => {
              setSearch('');
              setDealFilters({});
            }}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { storedAdminTab } from '../../../lib/admin-tab';
import { dealersQueryOptions } from '../../../features/dealers/api/get-dealers';
import { flaggedDealersQueryOptions } from '../../../features/dealers/api/get-flagged-dealers';
import { adminVehiclesQueryOptions } from '../../../features/vehicles/api/get-admin-vehicles';

/**
 * Asks for what the dashboard opens with (the dealers for the tab's count, the flagged dealers
 * when it opens on Dealers, and the first page of cars when it opens on Vehicles) while the
 * session is still being checked, instead of after: one round trip less before the page is
 * painted. For anyone but an admin these calls fail and the check sends them away; a failed call
 * is asked again when the dashboard mounts.
 */
export function usePrefetchDashboard(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(dealersQueryOptions());
    const tab = storedAdminTab();
    if (tab === 'dealers') void queryClient.prefetchQuery(flaggedDealersQueryOptions());
    if (tab === 'vehicles') void queryClient.prefetchInfiniteQuery(adminVehiclesQueryOptions({ q: '' }));
  }, [queryClient]);
}

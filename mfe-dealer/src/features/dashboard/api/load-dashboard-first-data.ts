import type { QueryClient } from '@tanstack/react-query';
import { makesQueryOptions } from '@cardirect/vehicle-views';
import { filtersFromParams } from '../lib/dashboard-filters';
import { dealerVehiclesQueryOptions } from './get-dealer-vehicles';
import { ownRecordsQueryOptions } from './get-own-records';

/**
 * The dashboard's first data, put into the query cache when it is the page's first screen (the
 * shell asks before its first render): the first page of cards, the dealer's own side of them and
 * the makes, so that the first render shows the cards with their statuses rather than skeletons,
 * then badge placeholders, then both. The calls this remote declares first (first-calls.ts) adopt
 * the answers the shell started early.
 */
export async function loadDashboardFirstData(queryClient: QueryClient, location: { search: string }): Promise<void> {
  const makes = queryClient.prefetchQuery(makesQueryOptions());
  const list = await queryClient.fetchInfiniteQuery(dealerVehiclesQueryOptions(filtersFromParams(new URLSearchParams(location.search))));
  const vehicleIds = list.pages[0]?.items.map((vehicle) => vehicle.id) ?? [];
  await Promise.all([makes, vehicleIds.length > 0 ? queryClient.prefetchQuery(ownRecordsQueryOptions(vehicleIds)) : undefined]);
}

import type { QueryClient } from '@tanstack/react-query';
import { cardImageUrlOf, firstScreenCardsIn, makesQueryOptions } from '@cardirect/vehicle-views';
import type { VehicleView } from '@cardirect/contracts';
import { filtersFromParams } from '../lib/dashboard-filters';
import { dealerVehiclesQueryOptions } from './get-dealer-vehicles';
import { ownRecordsQueryOptions } from './get-own-records';

/**
 * Starts the download of the photos of the cards the window shows first, at the priority their
 * images will ask for: they would otherwise wait for the dealer's own records and the first render.
 * The images then take the preloaded answers.
 */
function preloadFirstScreenPhotos(vehicles: readonly VehicleView[]): void {
  for (const vehicle of vehicles.slice(0, firstScreenCardsIn(window))) {
    const url = cardImageUrlOf(vehicle);
    if (!url) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.setAttribute('fetchpriority', 'high');
    link.href = url;
    document.head.append(link);
  }
}

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
  const firstPage = list.pages[0]?.items ?? [];
  preloadFirstScreenPhotos(firstPage);
  const vehicleIds = firstPage.map((vehicle) => vehicle.id);
  await Promise.all([makes, vehicleIds.length > 0 ? queryClient.prefetchQuery(ownRecordsQueryOptions(vehicleIds)) : undefined]);
}

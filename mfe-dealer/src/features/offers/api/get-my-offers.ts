import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { OfferView } from '@cardirect/contracts';
import { api, withQuery } from '@cardirect/web';
import { myOfferKeys } from './offer-keys';

/** GET /api/offers/mine?vehicleIds=: the dealer's latest offer on each of these cars (up to 100). */
export function getMyOffers(vehicleIds: readonly string[]): Promise<OfferView[]> {
  return api.get<OfferView[]>(withQuery('/api/offers/mine', { vehicleIds: vehicleIds.join(',') }));
}

export function myOffersQueryOptions(vehicleIds: readonly string[]) {
  return queryOptions({
    queryKey: myOfferKeys.of(vehicleIds),
    queryFn: () => getMyOffers(vehicleIds),
    // An offer made on the vehicle page marks these stale; the dashboard asks again when shown.
    refetchOnMount: true,
  });
}

function offersByVehicle(results: UseQueryResult<OfferView[]>[]): ReadonlyMap<string, OfferView> {
  return new Map(results.flatMap((result) => result.data ?? []).map((offer) => [offer.vehicleId, offer]));
}

/**
 * The dealer's own offers on the cars on screen, by car id: one call per page of cards (a page
 * is at most 24 cars, within the call's 100), so loading more cards never asks again for the
 * cards already shown.
 */
export function useMyOffers(pagesOfVehicleIds: ReadonlyArray<readonly string[]>): ReadonlyMap<string, OfferView> {
  return useQueries({
    queries: pagesOfVehicleIds.filter((ids) => ids.length > 0).map((ids) => myOffersQueryOptions(ids)),
    combine: offersByVehicle,
  });
}

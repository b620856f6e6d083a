import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealerOffersAnswer } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { MY_OFFERS_PATH } from '../lib/deal-calls';

/** GET /api/offers/mine: every offer of the calling dealer, newest first, each accepted one with its deal. */
export function getMyOffers(): Promise<DealerOffersAnswer> {
  return api.get<DealerOffersAnswer>(MY_OFFERS_PATH);
}

/**
 * Under the dealer's own records, so an offer made or withdrawn and a step of a deal (which
 * refresh every list of cars) refresh it too. The seller moves deals from another browser, so
 * an answer older than half a minute is asked again when the page is opened again.
 */
export function myOffersQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.vehicles.dealerOwnRecords, 'offers-and-deals'] as const,
    queryFn: getMyOffers,
    staleTime: 30_000,
    refetchOnMount: true,
  });
}

export function useMyOffers() {
  return useQuery(myOffersQueryOptions());
}

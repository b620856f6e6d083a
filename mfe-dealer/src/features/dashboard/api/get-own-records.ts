import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { withQuery, type DealerOwnRecord } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** GET /api/vehicles/mine?vehicleIds=: the dealer's working record and latest offer on each of these cars (up to 100). */
export function getOwnRecords(vehicleIds: readonly string[]): Promise<DealerOwnRecord[]> {
  return api.get<DealerOwnRecord[]>(withQuery('/api/vehicles/mine', { vehicleIds: vehicleIds.join(',') }));
}

export function ownRecordsQueryOptions(vehicleIds: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.vehicles.dealerOwnRecordsOf(vehicleIds),
    queryFn: () => getOwnRecords(vehicleIds),
    // A change saved or an offer made on the vehicle page marks these stale; the dashboard asks again when shown.
    refetchOnMount: true,
  });
}

export interface OwnRecords {
  /** The dealer's own record and offer on this car; undefined when it has neither (or they are not known yet). */
  of(vehicleId: string): DealerOwnRecord | undefined;
  /** Whether the dealer's own side of this car has been asked for, so its status shows without a flash of the default. */
  known(vehicleId: string): boolean;
}

/**
 * The dealer's own side of the cars on screen (the list, the same for every dealer, has none):
 * one call per page of cards (a page is at most 24 cars, within the call's 100), so loading more
 * cards never asks again for the cards already shown.
 */
export function useOwnRecords(pagesOfVehicleIds: ReadonlyArray<readonly string[]>): OwnRecords {
  const pages = pagesOfVehicleIds.filter((ids) => ids.length > 0);
  return useQueries({
    queries: pages.map((ids) => ownRecordsQueryOptions(ids)),
    combine: (results: UseQueryResult<DealerOwnRecord[]>[]) => {
      const byVehicle = new Map(results.flatMap((result) => result.data ?? []).map((record) => [record.vehicleId, record]));
      // A page whose call failed (after its retries) shows the list's defaults rather than a placeholder for ever.
      const knownIds = new Set(pages.flatMap((ids, index) => (results[index]?.isPending === false ? ids : [])));
      return { of: (vehicleId: string) => byVehicle.get(vehicleId), known: (vehicleId: string) => knownIds.has(vehicleId) };
    },
  });
}

import type { Condition } from '@cardirect/contracts';
import type { DomainContext } from './context';
import { LISTED_STATUSES } from './dealer-visibility';
import type { VehicleListFilter } from './types';

/** What narrows the cars on the market: the dealer list's query, or a saved search's criteria. */
export interface ListedCarsNarrowing {
  make?: string;
  model?: string;
  year?: number;
  yearFrom?: number;
  yearTo?: number;
  maxMileage?: number;
  grades?: readonly Condition[];
  zipPrefix?: string;
  searchWords?: readonly string[];
  includeSaleAgreed?: boolean;
  withinMiles?: number;
}

/**
 * The filter the dealer list, its count and a saved search's count all query: the listed cars so
 * narrowed, those whose seller accepted an offer only when asked for. A distance is measured from
 * the dealership's ZIP as the dealer service knows it now (the matching of new cars measures it
 * the same way); undefined when that ZIP is not one distances can be measured from, or there is
 * no dealership to measure from.
 */
export async function listedCarsFilter(context: DomainContext, narrowing: ListedCarsNarrowing, dealerId: string | undefined, requestId?: string): Promise<VehicleListFilter | undefined> {
  const filter: VehicleListFilter = {
    statuses: LISTED_STATUSES,
    make: narrowing.make?.toLowerCase(),
    modelKey: narrowing.model?.toLowerCase(),
    year: narrowing.year,
    yearFrom: narrowing.yearFrom,
    yearTo: narrowing.yearTo,
    maxMileage: narrowing.maxMileage,
    grades: narrowing.grades,
    zipPrefix: narrowing.zipPrefix,
    searchWords: narrowing.searchWords ?? [],
    includeSaleAgreed: narrowing.includeSaleAgreed ?? false,
  };
  if (narrowing.withinMiles === undefined) return filter;
  if (dealerId === undefined) return undefined;
  const zipCodes = await context.dealerDirectory.zipCodesNear(dealerId, narrowing.withinMiles, requestId);
  return zipCodes ? { ...filter, zipCodes } : undefined;
}

import { describeSavedSearch, gradesWithin, type SavedSearchCriteria, type SavedSearchMailing } from '@cardirect/contracts';
import type { DomainContext } from '../context';
import { LISTED_STATUSES } from '../dealer-visibility';
import type { SavedSearch, VehicleListFilter } from '../types';
import { unsubscribeTokenOf } from './unsubscribe-token';

/**
 * The dealer list's filter of a search's criteria: what its count on the dashboard counts. The
 * distance is measured from the dealership's ZIP as the dealer service knows it now, as the
 * list's own distance filter and the matching of new cars measure it; undefined when that ZIP is
 * not one distances can be measured from (nothing fits).
 */
export async function listFilterOf(context: DomainContext, dealerId: string, criteria: SavedSearchCriteria, requestId?: string): Promise<VehicleListFilter | undefined> {
  const filter: VehicleListFilter = {
    statuses: LISTED_STATUSES,
    make: criteria.make?.toLowerCase(),
    modelKey: criteria.model?.toLowerCase(),
    yearFrom: criteria.yearFrom,
    yearTo: criteria.yearTo,
    maxMileage: criteria.maxMileage,
    grades: criteria.maxGrade ? gradesWithin(criteria.maxGrade) : undefined,
    searchWords: [],
    includeSaleAgreed: false,
  };
  if (criteria.withinMiles === undefined) return filter;
  const zipCodes = await context.dealerDirectory.zipCodesNear(dealerId, criteria.withinMiles, requestId);
  return zipCodes ? { ...filter, zipCodes } : undefined;
}

/** A search's description, as its card, its e-mails and its unsubscribe page say it. */
export function descriptionOf(search: SavedSearch): string {
  return describeSavedSearch(search.criteria, search.names);
}

/** Who a search's e-mails go to, what they say the search is, and the link that stops them. */
export function mailingOf(context: DomainContext, search: SavedSearch): SavedSearchMailing {
  return {
    searchId: search.id,
    dealer: { dealershipName: search.dealershipName, email: search.email },
    description: descriptionOf(search),
    unsubscribeToken: unsubscribeTokenOf(search.id, context.unsubscribeSecret),
  };
}

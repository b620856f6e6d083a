import { describeSavedSearch, gradesWithin, type SavedSearchCriteria, type SavedSearchMailing } from '@cardirect/contracts';
import type { DomainContext } from '../context';
import { listedCarsFilter } from '../listed-cars-filter';
import type { SavedSearch, VehicleListFilter } from '../types';
import { unsubscribeTokenOf } from './unsubscribe-token';

/** The dealer list's filter of a search's criteria: what its count on the dashboard counts; undefined when nothing can fit (see listedCarsFilter). */
export function listFilterOf(context: DomainContext, dealerId: string, criteria: SavedSearchCriteria, requestId?: string): Promise<VehicleListFilter | undefined> {
  return listedCarsFilter(context, { ...criteria, grades: criteria.maxGrade && gradesWithin(criteria.maxGrade) }, dealerId, requestId);
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

import {
  MAX_SAVED_SEARCHES,
  type SavedSearchCriteria,
  type SavedSearchFields,
  type SavedSearchUnsubscribed,
  type SavedSearchView,
} from '@cardirect/contracts';
import { badRequest, conflict, notFound } from '@cardirect/service-kit';
import type { DealerCaller } from '../caller';
import type { DomainContext } from '../context';
import type { SavedSearch } from '../types';
import { descriptionOf, listFilterOf } from './saved-search-filter';
import { searchIdOfUnsubscribeToken } from './unsubscribe-token';

async function viewOf(context: DomainContext, search: SavedSearch, requestId?: string): Promise<SavedSearchView> {
  const filter = await listFilterOf(context, search.dealerId, search.criteria, requestId);
  return {
    id: search.id,
    criteria: search.criteria,
    description: descriptionOf(search),
    frequency: search.frequency,
    createdAt: search.createdAt.toISOString(),
    matchCount: filter ? await context.vehicles.count(filter) : 0,
  };
}

/** The criteria as cars store them (lower-case make and model), and the catalogue's names for the description. */
function storedCriteria(context: DomainContext, fields: SavedSearchFields): { criteria: SavedSearchCriteria; names: SavedSearch['names'] } {
  const { frequency: _frequency, ...criteria } = fields;
  if (!criteria.make) return { criteria, names: {} };
  const known = context.knownCatalogueNames(criteria.make, criteria.model ?? '');
  const names = { makeName: known.makeName, modelName: criteria.model ? (known.modelName ?? criteria.model) : undefined };
  return { criteria: { ...criteria, make: criteria.make.toLowerCase(), model: criteria.model?.toLowerCase() }, names };
}

/**
 * A dealer saves a search. A distance needs a dealership ZIP distances can be measured from, as
 * the list's distance filter does; the e-mails go to the dealer's address and name as they are now.
 */
export async function saveSearch(context: DomainContext, fields: SavedSearchFields, dealer: DealerCaller): Promise<SavedSearchView> {
  if ((await context.savedSearches.countOf(dealer.userId)) >= MAX_SAVED_SEARCHES) {
    throw conflict(`You have ${MAX_SAVED_SEARCHES} saved searches, the most a dealer keeps: delete one first`);
  }
  if (fields.withinMiles !== undefined && !(await context.dealerDirectory.zipCodesNear(dealer.userId, fields.withinMiles, dealer.requestId))) {
    const message = "Your dealership's ZIP code is not one distances can be measured from";
    throw badRequest({ withinMiles: message }, message);
  }
  const dealershipName = (await context.dealerDirectory.dealershipNameOf(dealer.userId, dealer.requestId)) ?? dealer.email;
  const search = await context.savedSearches.create({
    dealerId: dealer.userId,
    email: dealer.email,
    dealershipName,
    ...storedCriteria(context, fields),
    frequency: fields.frequency,
  });
  return viewOf(context, search, dealer.requestId);
}

/** The dealer's searches, newest first, each with how many cars on the market fit it now. */
export async function listSavedSearches(context: DomainContext, dealer: DealerCaller): Promise<SavedSearchView[]> {
  const searches = await context.savedSearches.listOf(dealer.userId);
  return Promise.all(searches.map((search) => viewOf(context, search, dealer.requestId)));
}

/** The dealer deletes one of its searches: no e-mail of it is sent any more, not even its digest's. */
export async function deleteSavedSearch(context: DomainContext, searchId: string, dealer: DealerCaller): Promise<void> {
  if (!(await context.savedSearches.remove(searchId, dealer.userId))) throw notFound('Saved search not found');
}

/**
 * The e-mail's unsubscribe link, used by anyone holding it, logged in or not: it deletes the one
 * search its signed token names. A token we did not sign is refused; a search already gone says so.
 */
export async function unsubscribeSavedSearch(context: DomainContext, token: string): Promise<SavedSearchUnsubscribed> {
  const searchId = searchIdOfUnsubscribeToken(token, context.unsubscribeSecret);
  if (!searchId) {
    const message = 'This unsubscribe link is not valid. Open it again from the e-mail, or manage your saved searches on your dashboard.';
    throw badRequest({ token: message }, message);
  }
  const search = await context.savedSearches.find(searchId);
  if (!search || !(await context.savedSearches.remove(searchId))) throw notFound('This saved search was already removed: you get no more e-mails for it.');
  return { description: descriptionOf(search) };
}

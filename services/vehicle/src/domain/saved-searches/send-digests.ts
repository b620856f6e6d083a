import { MAX_DIGEST_CARS } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';
import type { DomainContext } from '../context';
import { isOnMarket } from '../dealer-visibility';
import type { SavedSearch } from '../types';
import { savedSearchCarOf } from './match-saved-searches';
import { mailingOf } from './saved-search-filter';

const PAGE_SIZE = 100;

/**
 * One search's digest: the cars that fitted it since the last one and are still on the market, in
 * one e-mail (the first MAX_DIGEST_CARS, and how many more). Cars gone meanwhile are dropped
 * unmentioned; when none is left, nothing is sent. True when an e-mail was asked for. Fails (503)
 * when the dealer service cannot be asked: the job is tried again, and what was sent stays marked.
 */
async function sendDigest(context: DomainContext, search: SavedSearch): Promise<boolean> {
  const waiting = await context.savedSearches.waitingForDigest(search.id);
  if (waiting.length === 0) return false;
  // A suspended dealer is e-mailed nothing: the cars are dropped, since a dealer reinstated later would find them stale.
  if (!(await context.dealerDirectory.isInGoodStanding(search.dealerId))) {
    await context.savedSearches.recordDigest(search.id, waiting.map((match) => match.id), undefined, context.now());
    return false;
  }
  const vehicles = await context.vehicles.findByIds(waiting.map((match) => match.vehicleId));
  const onMarket = waiting.flatMap((match) => {
    const vehicle = vehicles.get(match.vehicleId);
    return vehicle && isOnMarket(vehicle) ? [savedSearchCarOf(vehicle)] : [];
  });
  const event =
    onMarket.length > 0
      ? createEvent('saved-search.digest', { ...mailingOf(context, search), cars: onMarket.slice(0, MAX_DIGEST_CARS), moreCars: Math.max(0, onMarket.length - MAX_DIGEST_CARS) })
      : undefined;
  await context.savedSearches.recordDigest(search.id, waiting.map((match) => match.id), event, context.now());
  return event !== undefined;
}

/** Every search's digest (the daily repeatable job); answers how many e-mails it asked for. */
export async function sendSavedSearchDigests(context: DomainContext): Promise<number> {
  let sent = 0;
  let afterId: string | undefined;
  for (;;) {
    const searches = await context.savedSearches.page(afterId, PAGE_SIZE);
    for (const search of searches) if (await sendDigest(context, search)) sent++;
    if (searches.length < PAGE_SIZE) return sent;
    afterId = searches.at(-1)!.id;
  }
}

import { CONDITIONS, SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR, savedSearchMatches, type Condition, type SavedSearchCar } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';
import { milesBetween } from '../../data-access/dealer-directory';
import type { DomainContext } from '../context';
import { isOnMarket } from '../dealer-visibility';
import type { SavedSearch, Vehicle } from '../types';
import { vehicleSummaryOf } from '../vehicle-summary';
import { mailingOf } from './saved-search-filter';

const HOUR_MS = 60 * 60 * 1000;
const BATCH_SIZE = 50;

/**
 * The grade a search judges a car by: the questionnaire's, or the seller's own condition on a car
 * listed without one (the list's filter does the same); a condition no form offers counts as the worst.
 */
export function savedSearchGradeOf(vehicle: Pick<Vehicle, 'conditionGrade' | 'condition'>): Condition {
  if (vehicle.conditionGrade) return vehicle.conditionGrade;
  return (CONDITIONS as readonly string[]).includes(vehicle.condition) ? (vehicle.condition as Condition) : 'needs_work';
}

/** A car as a saved search's e-mail lists it. */
export function savedSearchCarOf(vehicle: Vehicle): SavedSearchCar {
  return {
    vehicleId: vehicle.id,
    vehicle: vehicleSummaryOf(vehicle),
    mileage: vehicle.mileage,
    zipCode: vehicle.zipCode,
    grade: savedSearchGradeOf(vehicle),
  };
}

async function fits(context: DomainContext, search: SavedSearch, vehicle: Vehicle): Promise<boolean> {
  const { withinMiles } = search.criteria;
  // Asked only for a search with a distance; the dealer service's answer is kept a few minutes.
  const dealerZipCode = withinMiles === undefined ? undefined : await context.dealerDirectory.zipCodeOf(search.dealerId);
  return savedSearchMatches(search.criteria, {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    mileage: vehicle.mileage,
    grade: savedSearchGradeOf(vehicle),
    distanceMiles: dealerZipCode ? milesBetween(dealerZipCode, vehicle.zipCode) : undefined,
  });
}

/**
 * Records the car for one search it fits: an instant search e-mails it at once while it has sent
 * fewer than SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR in the last hour, and keeps it for the next
 * digest beyond, as it does while the dealer is suspended; a daily search keeps it for the digest.
 * True when an e-mail was asked for.
 * Two instances matching different cars at the same moment may each see room for the last e-mail
 * of the hour: the limit may be passed by one then, which a dealer's mailbox can bear.
 */
async function recordMatch(context: DomainContext, search: SavedSearch, vehicle: Vehicle): Promise<boolean> {
  const now = context.now();
  // A suspended dealer is e-mailed nothing now: the car waits for the digest, which drops it unless the dealer is reinstated by then.
  const instant =
    search.frequency === 'instant' &&
    (await context.dealerDirectory.isInGoodStanding(search.dealerId)) &&
    (await context.savedSearches.countInstantSince(search.id, new Date(now.getTime() - HOUR_MS))) < SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR;
  const events = instant ? [createEvent('saved-search.matched', { ...mailingOf(context, search), car: savedSearchCarOf(vehicle) })] : [];
  const recorded = await context.savedSearches.recordMatch(search.id, vehicle.id, instant ? 'instant' : 'digest', now, events);
  return recorded && instant;
}

/** Matches one newly confirmed car against the saved searches; answers how many instant e-mails it asked for. */
async function matchCar(context: DomainContext, vehicle: Vehicle): Promise<number> {
  // Withdrawn or sold before the pass came to it: nobody is told of a car they cannot have.
  if (!isOnMarket(vehicle)) return 0;
  let emailed = 0;
  for (const search of await context.savedSearches.candidatesFor(vehicle.make)) {
    if ((await fits(context, search, vehicle)) && (await recordMatch(context, search, vehicle))) emailed++;
  }
  return emailed;
}

/**
 * The saved searches' pass over the cars confirmed since it last ran (the confirmation marks
 * them): each car's matches are recorded, then the car leaves the pass. Safe on many instances
 * and after a crash: a car matched twice finds its matches recorded and sends nothing again.
 * Answers how many instant e-mails it asked for.
 */
export async function matchNewListings(context: DomainContext): Promise<number> {
  let emailed = 0;
  for (;;) {
    const due = await context.vehicles.findSavedSearchMatchesDue(BATCH_SIZE);
    for (const vehicle of due) {
      emailed += await matchCar(context, vehicle);
      await context.vehicles.markSavedSearchesMatched(vehicle.id);
    }
    if (due.length < BATCH_SIZE) return emailed;
  }
}

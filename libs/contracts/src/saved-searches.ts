import { z } from 'zod';
import { emptyToUndefined, optionalEnum, optionalText, requiredEnum } from './fields';
import { CONDITION_OPTIONS, CONDITIONS, makeLabel, modelLabel, optionLabel, type Condition } from './reference-data';
import { distanceFromDealershipField } from './vehicle';
import type { VehicleSummary } from './events';

/*
 * A dealer's saved searches (issue 36): what it looks for, and how it wants to hear of a car that
 * fits once the car's listing is confirmed: at once (at most SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR
 * e-mails an hour a search, the rest in the next digest), or in one daily digest.
 */

/** The most searches one dealer saves: each is matched against every car listed. */
export const MAX_SAVED_SEARCHES = 10;
/** Instant e-mails one search sends in any hour; the cars beyond wait for the next digest. */
export const SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR = 10;
/** Cars one digest e-mail lists; it says how many more there were, which the dashboard shows. */
export const MAX_DIGEST_CARS = 50;
/** The oldest model year a search may ask for, and the most miles. */
export const SAVED_SEARCH_MIN_YEAR = 1980;
export const SAVED_SEARCH_MAX_MILEAGE = 999_999;

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
export const SAVED_SEARCH_FREQUENCY_LABELS: Record<SavedSearchFrequency, string> = {
  instant: 'As each car is listed',
  daily: 'One e-mail a day',
};

function optionalWholeNumber(label: string, min: number, max: number, shown: (value: number) => string = (value) => value.toLocaleString('en-US')) {
  const message = `${label} must be a whole number from ${shown(min)} to ${shown(max)}`;
  return z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.replace(/,/g, '').trim()) : emptyToUndefined(value)),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );
}

/**
 * POST /api/vehicles/saved-searches. Every criterion is optional (a search without any is every
 * car); `maxGrade` is the worst condition grade accepted ('fair': excellent, good or fair). Form
 * values (text, '' for none) and JSON numbers are both accepted.
 */
export const savedSearchSchema = z
  .object({
    make: optionalText(60),
    model: optionalText(80),
    yearFrom: optionalWholeNumber('From year', SAVED_SEARCH_MIN_YEAR, 2100, String),
    yearTo: optionalWholeNumber('To year', SAVED_SEARCH_MIN_YEAR, 2100, String),
    maxMileage: optionalWholeNumber('Maximum mileage', 0, SAVED_SEARCH_MAX_MILEAGE),
    withinMiles: distanceFromDealershipField,
    maxGrade: optionalEnum(CONDITIONS, 'Condition'),
    frequency: requiredEnum(SAVED_SEARCH_FREQUENCIES, 'Choose how often to be e-mailed'),
  })
  .strict()
  .superRefine((search, context) => {
    if (search.model && !search.make) context.addIssue({ code: 'custom', path: ['model'], message: 'Choose a make before a model' });
    if (search.yearFrom !== undefined && search.yearTo !== undefined && search.yearFrom > search.yearTo) {
      context.addIssue({ code: 'custom', path: ['yearTo'], message: 'To year must not be before From year' });
    }
  });
export type SavedSearchInput = z.input<typeof savedSearchSchema>;
export type SavedSearchFields = z.output<typeof savedSearchSchema>;
export type SavedSearchCriteria = Omit<SavedSearchFields, 'frequency'>;

/** GET /api/vehicles/saved-searches: one of the dealer's searches, with how many cars on the market fit it now. */
export interface SavedSearchView {
  id: string;
  criteria: SavedSearchCriteria;
  /** "Honda Accord, 2015 to 2020, up to 80,000 miles, within 50 miles, Good or better" (describeSavedSearch). */
  description: string;
  frequency: SavedSearchFrequency;
  createdAt: string;
  matchCount: number;
}

/** POST /api/vehicles/saved-searches/unsubscribe: the signed token of the e-mail's link. */
export const savedSearchUnsubscribeSchema = z
  .object({
    token: z.string({ error: 'The unsubscribe link is not complete' }).min(1, 'The unsubscribe link is not complete').max(200, 'The unsubscribe link is not valid'),
  })
  .strict();
export type SavedSearchUnsubscribe = z.infer<typeof savedSearchUnsubscribeSchema>;

/** The answer of the unsubscribe call: which search no longer sends e-mail. */
export interface SavedSearchUnsubscribed {
  description: string;
}

/** What a car is judged on: the catalogue values as stored, and its distance from the dealership when known. */
export interface SavedSearchCandidate {
  make: string;
  model: string;
  year: number;
  mileage: number;
  /** The questionnaire's grade, or the seller's own condition on a car listed without one. */
  grade: Condition;
  /** Straight-line miles from the dealership; undefined when either ZIP is not in the table. */
  distanceMiles: number | undefined;
}

/** Whether a grade is at least as good as the worst one accepted. */
export function gradeWithin(grade: Condition, maxGrade: Condition | undefined): boolean {
  return maxGrade === undefined || CONDITIONS.indexOf(grade) <= CONDITIONS.indexOf(maxGrade);
}

/** The grades a search accepts, best first. */
export function gradesWithin(maxGrade: Condition | undefined): Condition[] {
  return CONDITIONS.filter((grade) => gradeWithin(grade, maxGrade));
}

/** Whether a newly listed car fits a search (a search with a distance never fits a car whose distance is unknown). */
export function savedSearchMatches(criteria: SavedSearchCriteria, car: SavedSearchCandidate): boolean {
  if (criteria.make && criteria.make.toLowerCase() !== car.make.toLowerCase()) return false;
  if (criteria.model && criteria.model.toLowerCase() !== car.model.toLowerCase()) return false;
  if (criteria.yearFrom !== undefined && car.year < criteria.yearFrom) return false;
  if (criteria.yearTo !== undefined && car.year > criteria.yearTo) return false;
  if (criteria.maxMileage !== undefined && car.mileage > criteria.maxMileage) return false;
  if (!gradeWithin(car.grade, criteria.maxGrade)) return false;
  if (criteria.withinMiles !== undefined && (car.distanceMiles === undefined || car.distanceMiles > criteria.withinMiles)) return false;
  return true;
}

/** A search in words, for its card, its e-mails and the unsubscribe page (catalogue names when known). */
export function describeSavedSearch(criteria: SavedSearchCriteria, names: { makeName?: string; modelName?: string } = {}): string {
  const parts: string[] = [];
  const car = [criteria.make && (names.makeName ?? makeLabel(criteria.make)), criteria.model && (names.modelName ?? modelLabel(criteria.model))].filter(Boolean);
  parts.push(car.length > 0 ? car.join(' ') : 'Any make');
  const { yearFrom, yearTo } = criteria;
  if (yearFrom !== undefined && yearTo !== undefined) parts.push(yearFrom === yearTo ? `${yearFrom}` : `${yearFrom} to ${yearTo}`);
  else if (yearFrom !== undefined) parts.push(`${yearFrom} or newer`);
  else if (yearTo !== undefined) parts.push(`${yearTo} or older`);
  if (criteria.maxMileage !== undefined) parts.push(`up to ${criteria.maxMileage.toLocaleString('en-US')} miles`);
  if (criteria.withinMiles !== undefined) parts.push(`within ${criteria.withinMiles} miles`);
  if (criteria.maxGrade !== undefined && criteria.maxGrade !== 'needs_work') parts.push(`${optionLabel(CONDITION_OPTIONS, criteria.maxGrade)} or better`);
  return parts.join(', ');
}

/** One car of a saved search's e-mail. */
export interface SavedSearchCar {
  vehicleId: string;
  vehicle: VehicleSummary;
  mileage: number;
  zipCode: string;
  grade: Condition;
}

/** What a saved search's e-mails carry besides the cars: who gets them, what the search is, and its unsubscribe token. */
export interface SavedSearchMailing {
  searchId: string;
  dealer: { dealershipName: string; email: string };
  description: string;
  /** Signed: unsubscribes this search only, without logging in. Never logged. */
  unsubscribeToken: string;
}

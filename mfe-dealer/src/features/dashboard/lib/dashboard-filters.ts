import { DEALER_DISTANCES_MILES, VEHICLE_SORTS, type VehicleSort } from '@cardirect/contracts';

/**
 * The dashboard's filters and order as the address keeps them (`?q=&make=&year=&zip=&within=&agreed=&sort=`);
 * '' means "any" (for the order: newest listed).
 */
export interface DashboardFilters {
  /** Free text: every word must appear in the year, make, model or trim. */
  q: string;
  /** A make's stored (lower-case) value. */
  make: string;
  year: string;
  /** The first digits of the car's ZIP code. */
  zip: string;
  /** Miles from the dealership ('25', '50', '100' or '250'). */
  within: string;
  /** '1': cars whose seller accepted an offer are shown too. */
  agreed: string;
  /** '' (newest listed), 'mileage' or 'year'. */
  sort: string;
}

export const noFilters: DashboardFilters = { q: '', make: '', year: '', zip: '', within: '', agreed: '', sort: '' };

const SEARCH_MAX = 100;
const MAKE_MAX = 60;
const PARAM_NAMES = ['q', 'make', 'year', 'zip', 'within', 'agreed', 'sort'] as const;

/** Only what the list call accepts: anything else from a hand-edited or old link is ignored. */
export function zipPrefixOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, 5);
}

function distanceOf(text: string): string {
  return (DEALER_DISTANCES_MILES as readonly number[]).includes(Number(text)) ? String(Number(text)) : '';
}

/** The order as the address keeps it: the default (newest listed) is left out. */
function sortOf(text: string): string {
  return text !== 'newest' && (VEHICLE_SORTS as readonly string[]).includes(text) ? text : '';
}

export function filtersFromParams(params: URLSearchParams): DashboardFilters {
  const year = params.get('year') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    make: (params.get('make') ?? '').trim().toLowerCase().slice(0, MAKE_MAX),
    year: /^\d{4}$/.test(year) ? year : '',
    zip: zipPrefixOf(params.get('zip') ?? ''),
    within: distanceOf(params.get('within') ?? ''),
    agreed: params.get('agreed') === '1' ? '1' : '',
    sort: sortOf(params.get('sort') ?? ''),
  };
}

/** The address's query of the filters, leaving out the empty ones. */
export function paramsOfFilters(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of PARAM_NAMES) if (filters[name]) params.set(name, filters[name]);
  return params;
}

/** Whether the filters narrow the list (the order and showing sales agreed do not), so clearing them may bring cars back. */
export function hasFilters(filters: DashboardFilters): boolean {
  return Boolean(filters.q.trim() || filters.make || filters.year || filters.zip || filters.within);
}

type ListQuery = Record<'q' | 'make' | 'year' | 'zipPrefix' | 'withinMiles' | 'includeSaleAgreed', string | undefined>;

/** GET /api/vehicles/count's query for the filters (blank text means no text filter). */
export function countQueryOf(filters: DashboardFilters): ListQuery {
  return {
    q: filters.q.trim() || undefined,
    make: filters.make || undefined,
    year: filters.year || undefined,
    zipPrefix: filters.zip || undefined,
    withinMiles: filters.within || undefined,
    includeSaleAgreed: filters.agreed ? 'true' : undefined,
  };
}

/** GET /api/vehicles's query for the filters and order. */
export function listQueryOf(filters: DashboardFilters): ListQuery & { sort: VehicleSort | undefined } {
  return { ...countQueryOf(filters), sort: (filters.sort || undefined) as VehicleSort | undefined };
}

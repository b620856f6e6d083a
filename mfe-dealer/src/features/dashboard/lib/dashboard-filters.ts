/** The dashboard's filters as the address keeps them (`?q=&make=&year=&zip=`); '' means "any". */
export interface DashboardFilters {
  /** Free text over "year make model". */
  q: string;
  /** A make's stored (lower-case) value. */
  make: string;
  year: string;
  /** The first digits of the car's ZIP code. */
  zip: string;
}

export const noFilters: DashboardFilters = { q: '', make: '', year: '', zip: '' };

const SEARCH_MAX = 100;
const MAKE_MAX = 60;

/** Only what the list call accepts: anything else from a hand-edited or old link is ignored. */
export function zipPrefixOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, 5);
}

export function filtersFromParams(params: URLSearchParams): DashboardFilters {
  const year = params.get('year') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    make: (params.get('make') ?? '').trim().toLowerCase().slice(0, MAKE_MAX),
    year: /^\d{4}$/.test(year) ? year : '',
    zip: zipPrefixOf(params.get('zip') ?? ''),
  };
}

/** The address's query of the filters, leaving out the empty ones. */
export function paramsOfFilters(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['q', 'make', 'year', 'zip'] as const) if (filters[name]) params.set(name, filters[name]);
  return params;
}

export function hasFilters(filters: DashboardFilters): boolean {
  return Boolean(filters.q.trim() || filters.make || filters.year || filters.zip);
}

/** GET /api/vehicles's query for the filters (blank text means no text filter). */
export function listQueryOf(filters: DashboardFilters): Record<'q' | 'make' | 'year' | 'zipPrefix', string | undefined> {
  return {
    q: filters.q.trim() || undefined,
    make: filters.make || undefined,
    year: filters.year || undefined,
    zipPrefix: filters.zip || undefined,
  };
}

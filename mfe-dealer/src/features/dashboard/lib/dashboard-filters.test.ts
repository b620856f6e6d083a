import { describe, expect, it } from 'vitest';
import { countQueryOf, filtersFromParams, hasFilters, listQueryOf, noFilters, paramsOfFilters } from './dashboard-filters';

describe('dashboard filters in the address', () => {
  it('When filters go into the address and back, then they are the same', () => {
    const filters = { q: '2020 honda', make: 'honda', year: '2020', zip: '902', within: '50', agreed: '1', sort: 'mileage' };
    expect(filtersFromParams(paramsOfFilters(filters))).toEqual(filters);
    expect(paramsOfFilters(filters).toString()).toBe('q=2020+honda&make=honda&year=2020&zip=902&within=50&agreed=1&sort=mileage');
    expect(paramsOfFilters(noFilters).toString()).toBe('');
  });

  it('When a hand-edited link carries values the list cannot take, then they are ignored or trimmed to what it takes', () => {
    expect(filtersFromParams(new URLSearchParams('year=20x0&zip=9a02101&make=HONDA&within=30&agreed=yes&sort=price'))).toEqual({ ...noFilters, make: 'honda', zip: '90210' });
    // The default order is never written out, so the unfiltered dashboard keeps its bare address.
    expect(filtersFromParams(new URLSearchParams('sort=newest')).sort).toBe('');
  });

  it('When asking the server, then the ZIP prefix is sent as zipPrefix, the distance as withinMiles, blank text is left out, and sales agreed are asked for only when shown', () => {
    const filters = { ...noFilters, q: '  ', year: '2019', zip: '7', within: '100', sort: 'year' };
    expect(listQueryOf(filters)).toEqual({ q: undefined, make: undefined, year: '2019', zipPrefix: '7', withinMiles: '100', includeSaleAgreed: undefined, sort: 'year' });
    expect(countQueryOf({ ...noFilters, agreed: '1', sort: 'mileage' })).toEqual({ q: undefined, make: undefined, year: undefined, zipPrefix: undefined, withinMiles: undefined, includeSaleAgreed: 'true' });
  });

  it('When only the order or the sales agreed change, then nothing narrows the list; a distance does', () => {
    expect(hasFilters({ ...noFilters, sort: 'mileage', agreed: '1' })).toBe(false);
    expect(hasFilters({ ...noFilters, within: '25' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { filtersFromParams, hasFilters, listQueryOf, paramsOfFilters } from './dashboard-filters';

describe('dashboard filters in the address', () => {
  it('When filters go into the address and back, then they are the same', () => {
    const filters = { q: '2020 honda', make: 'honda', year: '2020', zip: '902' };
    expect(filtersFromParams(paramsOfFilters(filters))).toEqual(filters);
    expect(paramsOfFilters(filters).toString()).toBe('q=2020+honda&make=honda&year=2020&zip=902');
    expect(paramsOfFilters({ q: '', make: '', year: '', zip: '' }).toString()).toBe('');
  });

  it('When a hand-edited link carries values the list cannot take, then they are ignored or trimmed to what it takes', () => {
    expect(filtersFromParams(new URLSearchParams('year=20x0&zip=9a02101&make=HONDA'))).toEqual({ q: '', make: 'honda', year: '', zip: '90210' });
  });

  it('When asking the server, then the ZIP prefix is sent as zipPrefix and blank text is left out', () => {
    const filters = { q: '  ', make: '', year: '2019', zip: '7' };
    expect(hasFilters({ ...filters, year: '', zip: '' })).toBe(false);
    expect(listQueryOf(filters)).toEqual({ q: undefined, make: undefined, year: '2019', zipPrefix: '7' });
  });
});

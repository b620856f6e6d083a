import { describe, expect, it } from 'vitest';
import { withQuery } from './paths';

describe('withQuery', () => {
  it('When a call has parameters, then only those with a value are added, encoded', () => {
    expect(withQuery('/api/vehicles', { make: 'honda', year: 2018, zipPrefix: '', q: undefined, cursor: null })).toBe(
      '/api/vehicles?make=honda&year=2018',
    );
    expect(withQuery('/api/vehicles/models', { make: 'Mercedes Benz' })).toBe('/api/vehicles/models?make=Mercedes+Benz');
    expect(withQuery('/api/vehicles', {})).toBe('/api/vehicles');
  });
});

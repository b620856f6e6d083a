import { describe, expect, it } from 'vitest';
import { catalogueModelsByYearQuerySchema, catalogueTrimsQuerySchema, vinDecodeQuerySchema } from './catalogue';

describe('catalogue query schemas', () => {
  it('When a VIN is typed in lower case with spaces, then it is accepted upper-cased', () => {
    const parsed = vinDecodeQuerySchema.parse({ vin: ' 1hgcm82633a004352 ' });

    expect(parsed.vin).toBe('1HGCM82633A004352');
  });

  it('When a VIN has 16 characters or an O, then it is refused with the VIN message', () => {
    const tooShort = vinDecodeQuerySchema.safeParse({ vin: '1HGCM82633A00435' });
    const withO = vinDecodeQuerySchema.safeParse({ vin: '1HGCM82633A0O4352' });

    expect(tooShort.error?.issues[0]?.message).toBe('VIN must be 17 letters and digits (no I, O or Q)');
    expect(withO.success).toBe(false);
  });

  it('When models by year are asked without a year, then the year message is given', () => {
    const result = catalogueModelsByYearQuerySchema.safeParse({ make: 'honda' });

    expect(result.error?.issues[0]).toMatchObject({ path: ['year'], message: 'Year must be a 4-digit year' });
  });

  it('When trims are asked with an empty year, then the year counts as absent', () => {
    const parsed = catalogueTrimsQuerySchema.parse({ make: 'honda', model: 'Accord', year: '' });

    expect(parsed).toEqual({ make: 'honda', model: 'Accord' });
  });
});

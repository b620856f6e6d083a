import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

const ID = '0123456789abcdef01234567';

describe('list cursor', () => {
  it('When a position is encoded, then decoding it for the same order gives the same key back', () => {
    const newest = { sort: 'newest', key: `001767608430456-${ID}` } as const;
    const mileage = { sort: 'mileage', key: `9957999-001767608430456-${ID}` } as const;
    const year = { sort: 'year', key: `2021-001767608430456-${ID}` } as const;

    expect(decodeCursor(encodeCursor(newest), 'newest')).toEqual(newest);
    expect(decodeCursor(encodeCursor(mileage), 'mileage')).toEqual(mileage);
    expect(decodeCursor(encodeCursor(year), 'year')).toEqual(year);
  });

  it("When a position of the admin's deals is encoded, then it decodes for the deals and for no car list", () => {
    const deals = { sort: 'deals', key: `0-001767608430456-${ID}` } as const;

    expect(decodeCursor(encodeCursor(deals), 'deals')).toEqual(deals);
    expect(() => decodeCursor(encodeCursor(deals), 'newest')).toThrow(expect.objectContaining({ status: 400, errors: { cursor: 'Invalid cursor' } }));
  });

  it('When a cursor made for one order is used with another, then it is refused rather than skipping cars', () => {
    const mileageCursor = encodeCursor({ sort: 'mileage', key: `9957999-001767608430456-${ID}` });

    expect(() => decodeCursor(mileageCursor, 'newest')).toThrow(expect.objectContaining({ status: 400, errors: { cursor: 'Invalid cursor' } }));
    expect(() => decodeCursor(mileageCursor, 'year')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('When a cursor is garbage or its key is not a key of its order, then it is refused with a cursor message', () => {
    const badKey = Buffer.from(JSON.stringify({ s: 'newest', k: 'nope' })).toString('base64url');
    const yearKeyAsNewest = Buffer.from(JSON.stringify({ s: 'newest', k: `2021-001767608430456-${ID}` })).toString('base64url');

    expect(() => decodeCursor('%%%', 'newest')).toThrow(expect.objectContaining({ status: 400, errors: { cursor: 'Invalid cursor' } }));
    expect(() => decodeCursor(badKey, 'newest')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => decodeCursor(yearKeyAsNewest, 'newest')).toThrow(expect.objectContaining({ status: 400 }));
  });
});

import { Binary, Decimal128, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { canonicalKey, compareValues } from './bson-values';
import { sortDocuments } from './sort';

describe('BSON value order and equality', () => {
  it('When values of different types are sorted, then they follow MongoDB type order', () => {
    const date = new Date('2020-01-01');
    const objectId = new ObjectId('507f1f77bcf86cd799439011');
    const values = [true, date, objectId, new Binary(Buffer.from('x')), [1], { a: 1 }, 'text', 5, null];
    const sorted = [...values].sort(compareValues);
    expect(sorted).toEqual([null, 5, 'text', { a: 1 }, [1], values[3], objectId, true, date]);
  });

  it('When numbers of different BSON widths are compared, then they compare by value', () => {
    expect(compareValues(Long.fromNumber(5), 4.5)).toBe(1);
    expect(compareValues(Decimal128.fromString('2.5'), 3)).toBe(-1);
    expect(canonicalKey(Long.fromNumber(7))).toBe(canonicalKey(7));
    expect(canonicalKey({ a: 1, b: 2 })).not.toBe(canonicalKey({ b: 2, a: 1 }));
  });

  it('When documents are sorted on an array field, then ascending uses the smallest element and descending the largest', () => {
    const docs = [{ _id: 1, n: [5, 1] }, { _id: 2, n: 3 }, { _id: 3, n: [4, 9] }];
    expect(sortDocuments(docs, [{ path: 'n', direction: 1 }]).map((doc) => doc._id)).toEqual([1, 2, 3]);
    expect(sortDocuments(docs, [{ path: 'n', direction: -1 }]).map((doc) => doc._id)).toEqual([3, 1, 2]);
  });
});

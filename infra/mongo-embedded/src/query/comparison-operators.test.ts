import { Decimal128, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { compileFilter } from './mingo-adapter';
import type { Doc } from './bson-values';

function matching(filter: Doc, docs: Doc[]): number[] {
  const query = compileFilter(filter);
  return docs.flatMap((doc, index) => (query.test(doc) ? [index] : []));
}

describe('query comparisons with MongoDB rules', () => {
  const numbers = [{ v: 3 }, { v: Long.fromNumber(7) }, { v: Decimal128.fromString('7.5') }, { v: 'text' }, {}];

  it('When ranges and equality meet int, long and decimal values, then they compare by value within numbers only', () => {
    expect(matching({ v: { $gt: 5 } }, numbers)).toEqual([1, 2]);
    expect(matching({ v: { $lte: 7 } }, numbers)).toEqual([0, 1]);
    expect(matching({ v: 7.5 }, numbers)).toEqual([2]);
    expect(matching({ v: { $in: [7, 3] } }, numbers)).toEqual([0, 1]);
    expect(matching({ v: { $nin: [7, 3] } }, numbers)).toEqual([2, 3, 4]);
    expect(matching({ v: { $gte: null } }, numbers)).toEqual([4]);
  });

  it('When an array holds values on both sides of a range, then any element may satisfy each bound', () => {
    const docs = [{ s: [70, 90] }, { s: [82] }, { s: [] }];
    expect(matching({ s: { $gte: 80, $lt: 85 } }, docs)).toEqual([0, 1]);
    expect(matching({ s: { $elemMatch: { $gte: 80, $lt: 85 } } }, docs)).toEqual([1]);
  });

  it('When an embedded document is compared, then field order matters as in MongoDB', () => {
    const docs = [{ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } }, { a: [{ x: 1, y: 2 }] }];
    expect(matching({ a: { x: 1, y: 2 } }, docs)).toEqual([0, 2]);
    expect(matching({ a: { $ne: { x: 1, y: 2 } } }, docs)).toEqual([1]);
    expect(matching({ a: { $in: [{ y: 2, x: 1 }] } }, docs)).toEqual([1]);
  });
});

import { describe, expect, it } from 'vitest';
import { applyUpdate, buildUpsertDocument, documentChanged } from './update';
import { CommandError, ErrorCode } from '../commands/errors';

function errorCodeOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof CommandError ? error.code : -1;
  }
  return undefined;
}

describe('update semantics corrected where mingo differs from MongoDB', () => {
  const stored = { _id: 7, name: 'Clio', price: 9000, tags: ['city'], owner: { city: 'Lyon' } };

  it('When $set writes the same _id, then the update goes through; a different _id is ImmutableField', () => {
    const updated = applyUpdate(stored, { $set: { _id: 7, price: 8500 } }, { filter: { _id: 7 } });
    expect(updated).toEqual({ ...stored, price: 8500 });
    expect(errorCodeOf(() => applyUpdate(stored, { $set: { _id: 8 } }, { filter: {} }))).toBe(ErrorCode.ImmutableField);
    expect(errorCodeOf(() => applyUpdate(stored, { _id: 8, name: 'x' }, { filter: {} }))).toBe(ErrorCode.ImmutableField);
  });

  it('When an update leaves the document as it was, then it does not count as a change', () => {
    const updated = applyUpdate(stored, { $set: { price: 9000 } }, { filter: {} });
    expect(documentChanged(stored, updated)).toBe(false);
  });

  it('When an operator meets the wrong type, then MongoDB errors come back instead of silent skips', () => {
    expect(errorCodeOf(() => applyUpdate(stored, { $inc: { name: 1 } }, { filter: {} }))).toBe(ErrorCode.TypeMismatch);
    expect(errorCodeOf(() => applyUpdate(stored, { $inc: { price: 'a' } }, { filter: {} }))).toBe(ErrorCode.TypeMismatch);
    expect(errorCodeOf(() => applyUpdate(stored, { $push: { name: 'x' } }, { filter: {} }))).toBe(ErrorCode.BadValue);
    expect(errorCodeOf(() => applyUpdate(stored, { $set: { 'price.amount': 1 } }, { filter: {} }))).toBe(ErrorCode.PathNotViable);
  });

  it('When the stored document is updated, then the original object is left untouched', () => {
    applyUpdate(stored, { $push: { tags: 'diesel' }, $set: { 'owner.city': 'Nice' } }, { filter: {} });
    expect(stored.tags).toEqual(['city']);
    expect(stored.owner.city).toBe('Lyon');
  });

  it('When arrayFilters target elements, then only those elements change', () => {
    const doc = { _id: 1, bids: [{ dealer: 'a', amount: 10 }, { dealer: 'b', amount: 20 }] };
    const updated = applyUpdate(doc, { $set: { 'bids.$[bid].amount': 25 } }, { filter: {}, arrayFilters: [{ 'bid.dealer': 'b' }] });
    expect(updated.bids).toEqual([{ dealer: 'a', amount: 10 }, { dealer: 'b', amount: 25 }]);
  });

  it('When a pipeline update replaces the root, then the document keeps its _id', () => {
    const updated = applyUpdate({ _id: 1, t: { u: 1 } }, [{ $replaceRoot: { newRoot: '$t' } }, { $addFields: { foo: 1 } }], { filter: {} });
    expect(updated).toEqual({ _id: 1, u: 1, foo: 1 });
  });

  it('When an upsert inserts, then filter equalities and $setOnInsert fill the new document, _id first', () => {
    const inserted = buildUpsertDocument({ email: 'a@b.c', age: { $gt: 3 } }, { $set: { name: 'A' }, $setOnInsert: { createdBy: 'upsert' } }, { filter: {} });
    expect(Object.keys(inserted)[0]).toBe('_id');
    expect(inserted).toMatchObject({ email: 'a@b.c', name: 'A', createdBy: 'upsert' });
    expect(inserted).not.toHaveProperty('age');
  });

  it('When $push or $addToSet modifiers target a missing field, then they apply as to an empty array', () => {
    const updated = applyUpdate({ _id: 1 }, { $push: { scores: { $each: [3, 1, 2], $sort: 1, $slice: 2 } }, $addToSet: { tags: { $each: ['a', 'b', 'a'] } } }, { filter: {} });
    expect(updated).toEqual({ _id: 1, scores: [1, 2], tags: ['a', 'b'] });
  });

  it('When two operators touch the same path, then ConflictingUpdateOperators comes back', () => {
    expect(errorCodeOf(() => applyUpdate(stored, { $set: { price: 1 }, $inc: { price: 1 } }, { filter: {} }))).toBe(ErrorCode.ConflictingUpdateOperators);
  });

  it('When an existing document is updated, then $setOnInsert is ignored', () => {
    const updated = applyUpdate(stored, { $set: { price: 1 }, $setOnInsert: { createdBy: 'upsert' } }, { filter: {} });
    expect(updated).not.toHaveProperty('createdBy');
  });
});

import { MinKey } from 'bson';
import { valuesAtPath, type Doc } from './bson-values';
import { compareCollated } from './collation';
import { CommandError, ErrorCode } from '../commands/errors';

export type SortSpec = Array<{ path: string; direction: 1 | -1 }>;

export function parseSort(sort: unknown): SortSpec {
  if (sort === undefined || sort === null) return [];
  if (typeof sort !== 'object' || Array.isArray(sort)) throw new CommandError(ErrorCode.TypeMismatch, 'Expected field sort to be of type object');
  return Object.entries(sort as Doc).map(([path, direction]) => {
    const numeric = Number(direction);
    if (numeric !== 1 && numeric !== -1) {
      throw new CommandError(ErrorCode.BadValue, `$sort key ordering must be 1 (for ascending) or -1 (for descending)`);
    }
    return { path, direction: numeric as 1 | -1 };
  });
}

const emptyArrayKey = new MinKey();

/**
 * The value a document sorts by on one field: with arrays in the way MongoDB sorts ascending by
 * the smallest element and descending by the largest.
 */
export function sortKey(doc: Doc, path: string, direction: 1 | -1, collator?: Intl.Collator): unknown {
  const found = valuesAtPath(doc, path);
  const candidates: unknown[] = [];
  for (const value of found) {
    if (Array.isArray(value)) {
      if (value.length === 0) candidates.push(emptyArrayKey);
      else candidates.push(...value);
    } else candidates.push(value);
  }
  if (candidates.length === 0) return null;
  let best = candidates[0];
  for (let i = 1; i < candidates.length; i++) {
    const order = compareCollated(candidates[i], best, collator);
    if (direction === 1 ? order < 0 : order > 0) best = candidates[i];
  }
  return best;
}

/** Sorts documents stably (ties keep their current order, as MongoDB's natural order). */
export function sortDocuments(docs: Doc[], spec: SortSpec, collator?: Intl.Collator): Doc[] {
  if (spec.length === 0) return docs;
  const keyed = docs.map((doc, position) => ({ doc, position, keys: spec.map((field) => sortKey(doc, field.path, field.direction, collator)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < spec.length; i++) {
      const order = compareCollated(a.keys[i], b.keys[i], collator);
      if (order !== 0) return order * spec[i].direction;
    }
    return a.position - b.position;
  });
  return keyed.map((entry) => entry.doc);
}

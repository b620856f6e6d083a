import { ObjectId } from 'bson';
import { canonicalKey, type Doc } from '../query/bson-values';
import type { SortSpec } from '../query/sort';
import type { Collection } from './collection';
import type { RangeBound, SecondaryIndex } from './secondary-index';

const SMALL_CANDIDATE_SET = 1_000;

/** Documents that may match a filter, and whether they already come in the requested sort order. */
export interface CandidatePlan {
  docs: Iterable<Doc>;
  sortedBySpec: boolean;
}

/**
 * Picks the cheapest way to find the documents a filter may match: `_id` lookup, an equality or
 * range lookup on the first field of a secondary index, an index walk that yields the sort
 * order, or a collection scan. The caller still tests every candidate against the full filter.
 * `wanted` is how many matches the caller needs (skip + limit; 0 = all), which decides whether
 * walking a sort index and stopping early beats sorting the candidates of a lookup.
 */
export function planCandidates(collection: Collection, filter: Doc, sort: SortSpec, wanted = 0): CandidatePlan {
  const keys = indexedKeys(collection, filter);
  const candidateCount = keys ? countOf(keys) : collection.size;
  // A few candidates sort quickly in memory; many are better walked in index order.
  const ordered = keys && candidateCount <= SMALL_CANDIDATE_SET ? undefined : orderedByCompoundIndex(collection, filter, sort);
  if (ordered) return { docs: fetchByKeys(collection, ordered), sortedBySpec: true };

  const sortIndex = sort.length === 1 ? walkableSortIndex(collection, sort[0].path) : undefined;
  // If k of N documents may match, a walk finds `wanted` of them after about wanted·N/k entries.
  const walkIsCheaper = !keys || (wanted > 0 && candidateCount > SMALL_CANDIDATE_SET && candidateCount * candidateCount > wanted * collection.size);
  if (sortIndex && walkIsCheaper) return { docs: fetchByKeys(collection, sortIndex.idsInOrder(sort[0].direction)), sortedBySpec: true };
  if (keys) return { docs: fetchByKeys(collection, keys), sortedBySpec: false };
  return { docs: collection.all(), sortedBySpec: false };
}

/** An index whose order is the sort order of `path` over every document. */
function walkableSortIndex(collection: Collection, path: string): SecondaryIndex | undefined {
  for (const index of collection.indexes.values()) {
    if (index.fields[0] === path && index.coversAllDocuments && !index.multikey) return index;
  }
  return undefined;
}

/**
 * `find({a: x}).sort({b: ±1})` with an index {a, b}: the index lists the matching documents in
 * the sort order, so a limit stops the walk early (a typical "latest items with status x" list).
 */
function orderedByCompoundIndex(collection: Collection, filter: Doc, sort: SortSpec): Iterable<string> | undefined {
  if (sort.length !== 1) return undefined;
  for (const index of collection.indexes.values()) {
    if (index.fields.length < 2 || index.fields[1] !== sort[0].path || index.multikey || index.partial) continue;
    for (const condition of conditionsOf(filter).get(index.fields[0]) ?? []) {
      const value = isOperatorObject(condition) && '$eq' in (condition as Doc) ? (condition as Doc).$eq : condition;
      if (!isPlainLookupValue(value) || (value === null && index.sparse)) continue;
      return index.idsEqualInOrderOfSecond(value, sort[0].direction);
    }
  }
  return undefined;
}

/** Document keys an index can narrow the filter to, or undefined when only a scan will do. */
function indexedKeys(collection: Collection, filter: Doc): Iterable<string> | undefined {
  const conditions = conditionsOf(filter);
  for (const condition of conditions.get('_id') ?? []) {
    const byId = lookupIds(condition);
    if (byId) return byId;
  }
  // Of the indexes that apply, the one naming the fewest documents wins. A range wider than a
  // quarter of the collection is not worth collecting: a scan or a sort walk does as well.
  let best: Iterable<string> | undefined;
  let bestCount = Math.max(SMALL_CANDIDATE_SET, collection.size / 4);
  for (const index of collection.indexes.values()) {
    if (index.partial) continue;
    for (const condition of conditions.get(index.fields[0]) ?? []) {
      const ids = lookupIndex(index, condition, bestCount);
      if (!ids) continue;
      const count = countOf(ids);
      if (!best || count < bestCount) {
        best = ids;
        bestCount = count;
      }
    }
  }
  if (best) return best;
  // An $or is answered from indexes only when every branch can be.
  if (Array.isArray(filter.$or) && filter.$or.length > 0) {
    const branches = (filter.$or as Doc[]).map((branch) => indexedKeys(collection, branch));
    if (branches.every((branch) => branch !== undefined)) return branches.flatMap((branch) => [...branch!]);
  }
  return undefined;
}

/** Conditions per field path: the filter's own fields and those of its `$and` clauses (all must hold). */
function conditionsOf(filter: Doc, into = new Map<string, unknown[]>()): Map<string, unknown[]> {
  for (const [path, condition] of Object.entries(filter)) {
    if (path === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (clause && typeof clause === 'object') conditionsOf(clause as Doc, into);
    } else if (!path.startsWith('$')) {
      const list = into.get(path);
      if (list) list.push(condition);
      else into.set(path, [condition]);
    }
  }
  return into;
}

function countOf(ids: Iterable<string>): number {
  if (ids instanceof Set) return ids.size;
  if (Array.isArray(ids)) return ids.length;
  return [...ids].length;
}

function* fetchByKeys(collection: Collection, keys: Iterable<string>): Generator<Doc> {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const doc = collection.getByKey(key);
    if (doc) yield doc;
  }
}

/** Canonical `_id` keys when the filter pins `_id` to one value or a list of values. */
function lookupIds(condition: unknown): string[] | undefined {
  if (condition === undefined) return undefined;
  if (isPlainLookupValue(condition)) return [canonicalKey(condition)];
  if (!isOperatorObject(condition)) return undefined;
  const operators = condition as Doc;
  if ('$eq' in operators && isPlainLookupValue(operators.$eq)) return [canonicalKey(operators.$eq)];
  if (Array.isArray(operators.$in) && operators.$in.every(isPlainLookupValue)) return operators.$in.map(canonicalKey);
  return undefined;
}

/** Ids an index gives for one condition; undefined if it cannot answer it or a range exceeds `maxRange`. */
function lookupIndex(index: SecondaryIndex, condition: unknown, maxRange: number): Iterable<string> | undefined {
  const nullMatchesMissing = (value: unknown) => value === null && index.sparse;
  if (isPlainLookupValue(condition)) return nullMatchesMissing(condition) ? undefined : index.idsEqualTo(condition);
  const prefix = anchoredPrefix(condition);
  if (prefix) return index.idsInRange({ value: prefix, inclusive: true }, index.multikey ? undefined : { value: prefixEnd(prefix), inclusive: false }, maxRange);
  if (!isOperatorObject(condition)) return undefined;
  const operators = condition as Doc;
  // A sparse single-field index holds exactly the documents where the field exists (an outbox
  // relay's "documents with pending events" is such a query).
  if (operators.$exists === true && Object.keys(operators).length === 1 && index.sparse && index.fields.length === 1) {
    const ids: string[] = [];
    for (const id of index.idsInOrder(1)) if (ids.push(id) > maxRange) return undefined;
    return ids;
  }
  if ('$eq' in operators && isPlainLookupValue(operators.$eq) && !nullMatchesMissing(operators.$eq)) return index.idsEqualTo(operators.$eq);
  if (Array.isArray(operators.$in) && operators.$in.every((value) => isPlainLookupValue(value) && !nullMatchesMissing(value))) {
    return operators.$in.flatMap((value) => [...index.idsEqualTo(value)]);
  }
  const lower = rangeBound(operators, '$gt', '$gte');
  const upper = rangeBound(operators, '$lt', '$lte');
  if (!lower && !upper) return undefined;
  // On a multikey index different elements may satisfy each bound, so only one bound narrows.
  if (index.multikey) return lower ? index.idsInRange(lower, undefined, maxRange) : index.idsInRange(undefined, upper, maxRange);
  return index.idsInRange(lower, upper, maxRange);
}

/**
 * The literal start of a case-sensitive regex anchored with `^` (`/^750/` → "750"): the strings it
 * can match lie in the index range ["750", "751").
 */
function anchoredPrefix(condition: unknown): string | undefined {
  let source: string | undefined;
  let flags = '';
  if (condition instanceof RegExp) {
    source = condition.source;
    flags = condition.flags;
  } else if (isOperatorObject(condition) && Object.keys(condition as Doc).every((key) => key === '$regex' || key === '$options')) {
    const { $regex: pattern, $options: options } = condition as Doc;
    if (pattern instanceof RegExp) {
      source = pattern.source;
      flags = pattern.flags;
    } else if (typeof pattern === 'string') source = pattern;
    if (typeof options === 'string') flags += options;
  }
  if (source === undefined || /[im]/.test(flags)) return undefined;
  const literal = /^\^([^.*+?^${}()|[\]\\]+)/.exec(source);
  // A quantifier after the literal could make its last character optional.
  if (!literal || /^[*?{]/.test(source.slice(literal[0].length))) return undefined;
  return literal[1];
}

function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

function rangeBound(operators: Doc, exclusive: string, inclusive: string): RangeBound | undefined {
  if (isRangeValue(operators[inclusive])) return { value: operators[inclusive], inclusive: true };
  if (isRangeValue(operators[exclusive])) return { value: operators[exclusive], inclusive: false };
  return undefined;
}

function isRangeValue(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'string' || value instanceof Date || value instanceof ObjectId;
}

/** A value whose equality match can be answered from an index (not a regex, array or operator object). */
function isPlainLookupValue(value: unknown): boolean {
  if (value === null) return true;
  if (value === undefined || Array.isArray(value) || value instanceof RegExp) return false;
  if (typeof value === 'object' && value.constructor === Object) return !isOperatorObject(value) && Object.keys(value).length > 0;
  return true;
}

function isOperatorObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || value.constructor !== Object) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys[0].startsWith('$');
}

import { canonicalKey, compareValues, typeRank, valuesAtPath, type Doc } from '../query/bson-values';
import { compileFilter } from '../query/mingo-adapter';
import { OrderedEntries, type OrderedEntry } from './ordered-entries';

/** The options of an index as createIndexes receives them and listIndexes reports them. */
export interface IndexSpec extends Doc {
  v: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Doc;
}

/** A bound of a range lookup; `undefined` value means open on that side within the type bracket. */
export interface RangeBound {
  value: unknown;
  inclusive: boolean;
}

/**
 * A secondary index over one or more fields. It keeps a hash map of whole keys (uniqueness and
 * equality on every field), a hash map of first-field keys (equality lookups) and an ordered list
 * of first-field values (range lookups and sorts), all pointing at document ids (canonical `_id`).
 */
export class SecondaryIndex {
  readonly spec: IndexSpec;
  readonly fields: string[];
  /** True once any document contributed several keys (an array field); such an index cannot drive a sort. */
  multikey = false;
  private readonly byWholeKey = new Map<string, Set<string>>();
  private readonly byFirstField = new Map<string, Set<string>>();
  private readonly ordered = new OrderedEntries(compareEntries);
  private readonly partialFilter;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.partialFilter = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : undefined;
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** Whether every document appears in the index, so that an index walk sees the whole collection. */
  get coversAllDocuments(): boolean {
    return !this.spec.sparse && !this.partialFilter;
  }

  /** A partial index leaves out documents its filter rejects, so lookups cannot rely on it. */
  get partial(): boolean {
    return this.partialFilter !== undefined;
  }

  get sparse(): boolean {
    return this.spec.sparse === true;
  }

  /** The index keys of a document: one tuple per combination of array elements; none if excluded. */
  keysOf(doc: Doc): unknown[][] {
    if (this.partialFilter && !this.partialFilter.test(doc)) return [];
    const perField = this.fields.map((field) => expandValues(valuesAtPath(doc, field)));
    if (this.spec.sparse && perField.every((values) => values.length === 0)) return [];
    let tuples: unknown[][] = [[]];
    for (const values of perField) {
      const options = values.length === 0 ? [null] : values;
      const next: unknown[][] = [];
      for (const tuple of tuples) for (const value of options) next.push([...tuple, value]);
      tuples = next;
    }
    return tuples;
  }

  /** Key value reported in an E11000 error: `{field: value}` for the colliding tuple. */
  keyValueOf(tuple: unknown[]): Doc {
    const keyValue: Doc = {};
    this.fields.forEach((field, i) => (keyValue[field] = tuple[i] ?? null));
    return keyValue;
  }

  /** The first key of `doc` already owned by another document, if the index is unique. */
  findConflict(doc: Doc, ownId: string | undefined): unknown[] | undefined {
    if (!this.unique) return undefined;
    for (const tuple of this.keysOf(doc)) {
      const owners = this.byWholeKey.get(canonicalKey(tuple));
      if (!owners) continue;
      for (const owner of owners) if (owner !== ownId) return tuple;
    }
    return undefined;
  }

  /**
   * Indexes many documents at once (index build, snapshot load): the ordered list is sorted once
   * instead of taking one insertion per document. Throws nothing; callers check uniqueness first.
   */
  addAll(entries: Iterable<[string, Doc]>): void {
    const ordered: OrderedEntry[] = [];
    for (const [id, doc] of entries) ordered.push(...this.addToMaps(id, doc));
    this.ordered.load(ordered);
  }

  add(id: string, doc: Doc): void {
    for (const entry of this.addToMaps(id, doc)) this.ordered.insert(entry);
  }

  /** Moves a document's entries from its previous to its next version; nothing to do if its keys are unchanged. */
  update(id: string, previous: Doc, next: Doc): void {
    if (canonicalKey(this.keysOf(previous)) === canonicalKey(this.keysOf(next))) return;
    this.remove(id, previous);
    this.add(id, next);
  }

  remove(id: string, doc: Doc): void {
    for (const tuple of distinctTuples(this.keysOf(doc))) {
      removeFromSet(this.byWholeKey, canonicalKey(tuple), id);
      removeFromSet(this.byFirstField, canonicalKey(tuple[0]), id);
      this.ordered.remove({ value: tuple[0], rest: tuple.slice(1), id });
    }
  }

  /** Records a document in the hash maps and returns its entries for the ordered list. */
  private addToMaps(id: string, doc: Doc): OrderedEntry[] {
    const tuples = distinctTuples(this.keysOf(doc));
    if (tuples.length > 1) this.multikey = true;
    return tuples.map((tuple) => {
      addToSet(this.byWholeKey, canonicalKey(tuple), id);
      addToSet(this.byFirstField, canonicalKey(tuple[0]), id);
      return { value: tuple[0], rest: tuple.slice(1), id };
    });
  }

  /** Ids of documents whose first indexed field equals `value` (or holds it in an array). */
  idsEqualTo(value: unknown): Iterable<string> {
    return this.byFirstField.get(canonicalKey(value)) ?? [];
  }

  /**
   * Ids in index order whose first field lies within the bounds, within the bound's BSON type;
   * undefined once more than `max` are found (the caller has a better plan than such a range).
   */
  idsInRange(lower: RangeBound | undefined, upper: RangeBound | undefined, max = Infinity): string[] | undefined {
    const bracket = typeRank((lower ?? upper)!.value);
    const isBefore = lower
      ? (entry: OrderedEntry) => {
          const order = compareValues(entry.value, lower.value);
          return order < 0 || (order === 0 && !lower.inclusive);
        }
      : (entry: OrderedEntry) => typeRank(entry.value) < bracket;
    const ids: string[] = [];
    for (const entry of this.ordered.from(isBefore)) {
      if (typeRank(entry.value) !== bracket) break;
      if (upper) {
        const order = compareValues(entry.value, upper.value);
        if (order > 0 || (order === 0 && !upper.inclusive)) break;
      }
      ids.push(entry.id);
      if (ids.length > max) return undefined;
    }
    return ids;
  }

  /** Every indexed id in key order, for sorts on the first field. */
  *idsInOrder(direction: 1 | -1): Generator<string> {
    const entries = direction === 1 ? this.ordered.from(() => false) : this.ordered.before(() => true);
    for (const entry of entries) yield entry.id;
  }

  /**
   * Ids whose first field equals `value`, ordered by the second field: a compound index
   * {a: 1, b: 1} answers `find({a: x}).sort({b: ±1})` without sorting.
   */
  *idsEqualInOrderOfSecond(value: unknown, direction: 1 | -1): Generator<string> {
    const entries =
      direction === 1
        ? this.ordered.from((entry) => compareValues(entry.value, value) < 0)
        : this.ordered.before((entry) => compareValues(entry.value, value) <= 0);
    for (const entry of entries) {
      if (compareValues(entry.value, value) !== 0) return;
      yield entry.id;
    }
  }
}

function compareEntries(a: OrderedEntry, b: OrderedEntry): number {
  const byFirst = compareValues(a.value, b.value);
  if (byFirst !== 0) return byFirst;
  for (let i = 0; i < a.rest.length; i++) {
    const order = compareValues(a.rest[i], b.rest[i]);
    if (order !== 0) return order;
  }
  return 0;
}

/** A document holding the same key twice (a repeated array element) is indexed under it once. */
function distinctTuples(tuples: unknown[][]): unknown[][] {
  if (tuples.length < 2) return tuples;
  return [...new Map(tuples.map((tuple) => [canonicalKey(tuple), tuple])).values()];
}

/** Array values contribute each element (an empty array contributes nothing but counts as present). */
function expandValues(values: unknown[]): unknown[] {
  const expanded: unknown[] = [];
  for (const value of values) {
    if (Array.isArray(value)) {
      if (value.length === 0) expanded.push(undefined);
      else expanded.push(...value);
    } else expanded.push(value);
  }
  return expanded;
}

function addToSet(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (set) set.add(id);
  else map.set(key, new Set([id]));
}

function removeFromSet(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) map.delete(key);
}

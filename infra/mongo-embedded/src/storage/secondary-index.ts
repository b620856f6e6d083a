import { canonicalKey, compareValues, typeRank, valuesAtPath, type Doc } from '../query/bson-values';
import { compileFilter } from '../query/mingo-adapter';

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

interface SortedEntry {
  value: unknown;
  id: string;
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
  private readonly ordered: SortedEntry[] = [];
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

  add(id: string, doc: Doc): void {
    const tuples = this.keysOf(doc);
    if (tuples.length > 1) this.multikey = true;
    const firstValues = new Map<string, unknown>();
    for (const tuple of tuples) {
      addToSet(this.byWholeKey, canonicalKey(tuple), id);
      firstValues.set(canonicalKey(tuple[0]), tuple[0]);
    }
    for (const [key, value] of firstValues) {
      addToSet(this.byFirstField, key, id);
      this.ordered.splice(this.upperPosition(value), 0, { value, id });
    }
  }

  remove(id: string, doc: Doc): void {
    const firstValues = new Map<string, unknown>();
    for (const tuple of this.keysOf(doc)) {
      removeFromSet(this.byWholeKey, canonicalKey(tuple), id);
      firstValues.set(canonicalKey(tuple[0]), tuple[0]);
    }
    for (const [key, value] of firstValues) {
      removeFromSet(this.byFirstField, key, id);
      for (let i = this.lowerPosition(value); i < this.ordered.length; i++) {
        if (this.ordered[i].id === id) {
          this.ordered.splice(i, 1);
          break;
        }
        if (compareValues(this.ordered[i].value, value) !== 0) break;
      }
    }
  }

  /** Ids of documents whose first indexed field equals `value` (or holds it in an array). */
  idsEqualTo(value: unknown): Iterable<string> {
    return this.byFirstField.get(canonicalKey(value)) ?? [];
  }

  /** Ids in index order whose first field lies within the bounds, within the bound's BSON type. */
  idsInRange(lower: RangeBound | undefined, upper: RangeBound | undefined): string[] {
    const bracket = typeRank((lower ?? upper)!.value);
    let start: number;
    if (lower) start = lower.inclusive ? this.lowerPosition(lower.value) : this.upperPosition(lower.value);
    else start = this.firstPositionOfRank(bracket);
    const ids: string[] = [];
    for (let i = start; i < this.ordered.length; i++) {
      const entry = this.ordered[i];
      if (typeRank(entry.value) !== bracket) break;
      if (upper) {
        const order = compareValues(entry.value, upper.value);
        if (order > 0 || (order === 0 && !upper.inclusive)) break;
      }
      ids.push(entry.id);
    }
    return ids;
  }

  /** Every indexed id in first-field order, for sorts the index can answer. */
  *idsInOrder(direction: 1 | -1): Generator<string> {
    if (direction === 1) for (let i = 0; i < this.ordered.length; i++) yield this.ordered[i].id;
    else for (let i = this.ordered.length - 1; i >= 0; i--) yield this.ordered[i].id;
  }

  clear(): void {
    this.byWholeKey.clear();
    this.byFirstField.clear();
    this.ordered.length = 0;
    this.multikey = false;
  }

  private firstPositionOfRank(rank: number): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (typeRank(this.ordered[middle].value) < rank) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** First position whose value is >= `value`. */
  private lowerPosition(value: unknown): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareValues(this.ordered[middle].value, value) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** First position whose value is > `value`. */
  private upperPosition(value: unknown): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareValues(this.ordered[middle].value, value) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
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

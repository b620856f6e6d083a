import { Binary, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp, BSONRegExp, Code, BSONSymbol, Int32, Double } from 'bson';

/** A document as the server keeps it: plain objects whose leaves are JS primitives or bson classes. */
export type Doc = Record<string, unknown>;

/**
 * Rank of a value's type in MongoDB's cross-type sort order (numbers of all widths share a rank,
 * as do strings and symbols). mingo orders some types differently, so sorting and indexes use this.
 */
export function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 2;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (value instanceof MinKey) return 1;
  if (value instanceof MaxKey) return 13;
  if (isNumberWrapper(value)) return 3;
  if (value instanceof BSONSymbol) return 4;
  if (Array.isArray(value)) return 6;
  if (value instanceof Binary || value instanceof Uint8Array) return 7;
  if (value instanceof ObjectId) return 8;
  if (value instanceof Date) return 10;
  if (value instanceof Timestamp) return 11;
  if (value instanceof RegExp || value instanceof BSONRegExp) return 12;
  if (value instanceof Code) return 14;
  return 5;
}

function isNumberWrapper(value: unknown): value is Long | Decimal128 | Int32 | Double {
  return value instanceof Long || value instanceof Decimal128 || value instanceof Int32 || value instanceof Double;
}

/** The numeric value of any BSON number type (Decimal128 and huge Longs lose precision; fine for ordering). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Long) return value.toNumber();
  if (value instanceof Decimal128) return Number(value.toString());
  if (value instanceof Int32 || value instanceof Double) return value.value;
  return Number.NaN;
}

export function isNumeric(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint' || isNumberWrapper(value);
}

/** Total order over BSON values following MongoDB's comparison rules. */
export function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case 2:
    case 1:
    case 13:
      return 0;
    case 3: {
      const x = toNumber(a);
      const y = toNumber(b);
      if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
      if (Number.isNaN(y)) return 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 4: {
      const x = String(a);
      const y = String(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 5:
      return compareObjects(a as Doc, b as Doc);
    case 6:
      return compareArrays(a as unknown[], b as unknown[]);
    case 7:
      return compareBinary(a as Binary | Uint8Array, b as Binary | Uint8Array);
    case 8:
      return compareBytes((a as ObjectId).id, (b as ObjectId).id);
    case 9:
      return a === b ? 0 : a ? 1 : -1;
    case 10: {
      const x = (a as Date).getTime();
      const y = (b as Date).getTime();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 11:
      return (a as Timestamp).compare(b as Timestamp);
    default: {
      const x = String(a);
      const y = String(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
}

function compareObjects(a: Doc, b: Doc): number {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  const shared = Math.min(keysA.length, keysB.length);
  for (let i = 0; i < shared; i++) {
    const byType = typeRank(a[keysA[i]]) - typeRank(b[keysB[i]]);
    if (byType !== 0) return byType < 0 ? -1 : 1;
    if (keysA[i] !== keysB[i]) return keysA[i] < keysB[i] ? -1 : 1;
    const byValue = compareValues(a[keysA[i]], b[keysB[i]]);
    if (byValue !== 0) return byValue;
  }
  return keysA.length - keysB.length === 0 ? 0 : keysA.length < keysB.length ? -1 : 1;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const byValue = compareValues(a[i], b[i]);
    if (byValue !== 0) return byValue;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareBinary(a: Binary | Uint8Array, b: Binary | Uint8Array): number {
  const bytesA = a instanceof Binary ? a.buffer.subarray(0, a.position) : a;
  const bytesB = b instanceof Binary ? b.buffer.subarray(0, b.position) : b;
  if (bytesA.length !== bytesB.length) return bytesA.length < bytesB.length ? -1 : 1;
  return compareBytes(bytesA, bytesB);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * A string that is equal for two values exactly when MongoDB considers them equal: numbers of
 * any width compare by value, embedded documents by fields in order. Used as a hash-map key for
 * `_id` lookups and equality indexes.
 */
export function canonicalKey(value: unknown): string {
  if (value === undefined || value === null) return 'z';
  switch (typeof value) {
    case 'number':
      return 'n' + (Object.is(value, -0) ? 0 : value);
    case 'string':
      return 's' + value;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'bigint':
      return 'n' + value.toString();
  }
  if (value instanceof ObjectId) return 'o' + value.toHexString();
  if (value instanceof Date) return 'd' + value.getTime();
  if (isNumberWrapper(value)) {
    const asNumber = toNumber(value);
    return Number.isSafeInteger(asNumber) || !Number.isInteger(asNumber) ? 'n' + asNumber : 'n' + value.toString();
  }
  if (Array.isArray(value)) return '[' + value.map(canonicalKey).join(',') + ']';
  if (value instanceof Binary) return 'x' + value.sub_type + ':' + Buffer.from(value.buffer.subarray(0, value.position)).toString('base64');
  if (value instanceof Uint8Array) return 'x0:' + Buffer.from(value).toString('base64');
  if (value instanceof RegExp) return 'r' + value.source + '/' + value.flags;
  if (value instanceof MinKey) return 'm';
  if (value instanceof MaxKey) return 'M';
  if (value instanceof Timestamp) return 't' + value.toString();
  if (typeof value === 'object' && value.constructor === Object) {
    let key = '{';
    for (const [field, fieldValue] of Object.entries(value as Doc)) key += JSON.stringify(field) + ':' + canonicalKey(fieldValue) + ',';
    return key + '}';
  }
  return 'u' + String(value);
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return canonicalKey(a) === canonicalKey(b);
}

/**
 * Copies a document deeply enough that an update can change the copy without touching the
 * stored original. bson class instances are immutable in our use and are shared.
 */
export function cloneDoc<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDoc) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object' && value.constructor === Object) {
    const copy: Doc = {};
    for (const key of Object.keys(value)) copy[key] = cloneDoc((value as Doc)[key]);
    return copy as T;
  }
  return value;
}

/**
 * Values at a dotted path, descending into arrays the way MongoDB does for queries and index
 * keys (`tags.name` over an array of sub-documents yields each name). An array reached at the
 * end of the path is returned as one value; callers decide whether to expand it.
 */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const found: unknown[] = [];
  collectPath(doc, parts, 0, found);
  return found;
}

function collectPath(value: unknown, parts: string[], depth: number, found: unknown[]): void {
  if (depth === parts.length) {
    found.push(value);
    return;
  }
  if (Array.isArray(value)) {
    const part = parts[depth];
    if (/^\d+$/.test(part)) {
      const element = value[Number(part)];
      if (element !== undefined) collectPath(element, parts, depth + 1, found);
      return;
    }
    for (const element of value) {
      if (element !== null && typeof element === 'object' && !Array.isArray(element)) collectPath(element, parts, depth, found);
    }
    return;
  }
  if (value === null || typeof value !== 'object' || value.constructor !== Object) return;
  const next = (value as Doc)[parts[depth]];
  if (next === undefined) return;
  collectPath(next, parts, depth + 1, found);
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  if (value instanceof ObjectId) return 'objectId';
  if (value instanceof Date) return 'date';
  if (value instanceof Long) return 'long';
  if (value instanceof Decimal128) return 'decimal';
  if (value instanceof Binary) return 'binData';
  if (value instanceof RegExp) return 'regex';
  return 'object';
}

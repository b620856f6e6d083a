import { BSON, Long, type Document } from 'mongodb';
import { RunnerError } from './runner-errors';

const { EJSON } = BSON;

/**
 * The matching rules of the unified test format ("Evaluating Matches"): expected values are patterns
 * with `$$` operators; a root-level document may have extra fields, a nested one may not; numbers
 * compare by value whatever their BSON type. A match yields no difference or the first one found.
 */

/** What the `$$matchesEntity` and `$$sessionLsid` operators look up in the current test. */
export interface EntityLookup {
  entityValue(name: string): unknown;
  sessionLsid(name: string): Document;
}

export type Difference = string;

export function matchRoot(expected: unknown, actual: unknown, entities: EntityLookup): Difference | null {
  return matchValue(expected, actual, entities, '', true);
}

export function matchNested(expected: unknown, actual: unknown, entities: EntityLookup): Difference | null {
  return matchValue(expected, actual, entities, '', false);
}

/** Results that are lists of documents (find, aggregate): the list must match exactly, each document as a root. */
export function matchRootDocuments(expected: unknown[], actual: unknown, entities: EntityLookup): Difference | null {
  if (!Array.isArray(actual)) return `expected an array of ${expected.length} documents, got ${renderValue(actual)}`;
  if (actual.length !== expected.length) {
    return `expected ${expected.length} documents, got ${actual.length}: ${renderValue(actual)}`;
  }
  for (let index = 0; index < expected.length; index++) {
    const difference = matchValue(expected[index], actual[index], entities, `[${index}]`, true);
    if (difference) return difference;
  }
  return null;
}

function matchValue(
  expected: unknown,
  actual: unknown,
  entities: EntityLookup,
  path: string,
  isRoot: boolean,
): Difference | null {
  const operator = specialOperator(expected);
  if (operator) return applyOperator(operator.name, operator.argument, actual, entities, path, isRoot);
  if (Array.isArray(expected)) return matchArray(expected, actual, entities, path);
  if (isDocument(expected)) return matchDocument(expected, actual, entities, path, isRoot);
  return matchScalar(expected, actual, path);
}

function matchDocument(
  expected: Document,
  actual: unknown,
  entities: EntityLookup,
  path: string,
  isRoot: boolean,
): Difference | null {
  if (!isDocument(actual)) return `${at(path)}expected a document ${renderValue(expected)}, got ${renderValue(actual)}`;
  const actualFields = documentFields(actual);
  for (const [key, expectedValue] of Object.entries(expected)) {
    const fieldPath = path ? `${path}.${key}` : key;
    const actualValue = actualFields.get(key);
    const operator = specialOperator(expectedValue);
    if (operator?.name === '$$exists') {
      const exists = actualValue !== undefined;
      if (exists !== Boolean(operator.argument)) {
        return `${at(fieldPath)}expected the field to ${operator.argument ? 'exist' : 'be absent'}, got ${renderValue(actualValue)}`;
      }
      continue;
    }
    if (operator?.name === '$$unsetOrMatches' && actualValue === undefined) continue;
    if (actualValue === undefined) return `${at(fieldPath)}missing, expected ${renderValue(expectedValue)}`;
    const difference = matchValue(expectedValue, actualValue, entities, fieldPath, false);
    if (difference) return difference;
  }
  if (!isRoot) {
    const extraKeys = [...actualFields.keys()].filter((key) => !(key in expected));
    if (extraKeys.length > 0) {
      return `${at(path)}unexpected field(s) ${extraKeys.join(', ')} in ${renderValue(actual)}, expected ${renderValue(expected)}`;
    }
  }
  return null;
}

function matchArray(expected: unknown[], actual: unknown, entities: EntityLookup, path: string): Difference | null {
  if (!Array.isArray(actual)) return `${at(path)}expected an array ${renderValue(expected)}, got ${renderValue(actual)}`;
  if (actual.length !== expected.length) {
    return `${at(path)}expected ${expected.length} elements ${renderValue(expected)}, got ${actual.length}: ${renderValue(actual)}`;
  }
  for (let index = 0; index < expected.length; index++) {
    const difference = matchValue(expected[index], actual[index], entities, `${path}[${index}]`, false);
    if (difference) return difference;
  }
  return null;
}

function applyOperator(
  name: string,
  argument: unknown,
  actual: unknown,
  entities: EntityLookup,
  path: string,
  isRoot: boolean,
): Difference | null {
  switch (name) {
    case '$$unsetOrMatches':
      return actual === undefined ? null : matchValue(argument, actual, entities, path, isRoot);
    case '$$exists':
      return (actual !== undefined) === Boolean(argument)
        ? null
        : `${at(path)}expected the value to ${argument ? 'exist' : 'be absent'}, got ${renderValue(actual)}`;
    case '$$type': {
      const typeNames = Array.isArray(argument) ? (argument as string[]) : [argument as string];
      if (actual !== undefined && typeNames.some((typeName) => hasBsonType(actual, typeName))) return null;
      return `${at(path)}expected a value of type ${typeNames.join(' or ')}, got ${renderValue(actual)}`;
    }
    case '$$matchesEntity':
      return matchValue(entities.entityValue(String(argument)), actual, entities, path, isRoot);
    case '$$sessionLsid':
      return matchValue(entities.sessionLsid(String(argument)), actual, entities, path, false);
    case '$$lte': {
      const limit = numericValue(argument);
      const value = numericValue(actual);
      if (limit === undefined) throw new RunnerError(`$$lte needs a number, got ${renderValue(argument)}`);
      return value !== undefined && value <= limit ? null : `${at(path)}expected a number ≤ ${limit}, got ${renderValue(actual)}`;
    }
    case '$$matchesHexBytes': {
      if (typeof argument !== 'string' || !/^([0-9a-f]{2})*$/i.test(argument)) {
        throw new RunnerError(`$$matchesHexBytes needs an even number of hex digits, got ${renderValue(argument)}`);
      }
      const actualHex = actual instanceof Uint8Array ? Buffer.from(actual).toString('hex') : undefined;
      return actualHex === argument.toLowerCase() ? null : `${at(path)}expected bytes ${argument}, got ${renderValue(actual)}`;
    }
    case '$$matchAsDocument': {
      if (typeof actual !== 'string') return `${at(path)}expected an Extended JSON string, got ${renderValue(actual)}`;
      return matchValue(argument, EJSON.parse(actual, { relaxed: false }), entities, path, false);
    }
    case '$$matchAsRoot':
      return matchValue(argument, actual, entities, path, true);
    default:
      throw new RunnerError(`unknown special operator ${name}`);
  }
}

function matchScalar(expected: unknown, actual: unknown, path: string): Difference | null {
  return sameScalar(expected, actual) ? null : `${at(path)}expected ${renderValue(expected)}, got ${renderValue(actual)}`;
}

function sameScalar(expected: unknown, actual: unknown): boolean {
  const expectedNumber = numericValue(expected);
  const actualNumber = numericValue(actual);
  if (expectedNumber !== undefined || actualNumber !== undefined) {
    if (expectedNumber === undefined || actualNumber === undefined) return false;
    return expectedNumber === actualNumber || (Number.isNaN(expectedNumber) && Number.isNaN(actualNumber));
  }
  if (expected === null || typeof expected !== 'object') return expected === actual;
  if (actual === null || typeof actual !== 'object') return false;
  if (expected instanceof Date || actual instanceof Date) {
    return expected instanceof Date && actual instanceof Date && expected.getTime() === actual.getTime();
  }
  return canonical(expected) === canonical(actual);
}

/** Int32, Int64 and double compare by value (the spec's "flexible numeric comparisons"); Decimal128 does not. */
function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (Long.isLong(value)) return value.toNumber();
  const bsonType = bsonTypeOf(value);
  if (bsonType === 'Int32' || bsonType === 'Double') return (value as { value: number }).value;
  return undefined;
}

function canonical(value: unknown): string {
  return EJSON.stringify(value as Document, { relaxed: false });
}

function bsonTypeOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  return typeof bsonType === 'string' ? bsonType : undefined;
}

/** The `$type` aliases of MongoDB's query language, applied to the values the driver hands back. */
function hasBsonType(value: unknown, typeName: string): boolean {
  const bsonType = bsonTypeOf(value);
  const isInteger = typeof value === 'number' && Number.isInteger(value);
  switch (typeName) {
    case 'double':
      return typeof value === 'number' || bsonType === 'Double';
    case 'int':
      return (isInteger && Math.abs(value as number) < 2 ** 31) || bsonType === 'Int32';
    case 'long':
      return isInteger || typeof value === 'bigint' || bsonType === 'Long';
    case 'decimal':
      return bsonType === 'Decimal128';
    case 'number':
      return numericValue(value) !== undefined || bsonType === 'Decimal128';
    case 'string':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return isDocument(value);
    case 'array':
      return Array.isArray(value);
    case 'binData':
      return bsonType === 'Binary' || value instanceof Uint8Array;
    case 'objectId':
      return bsonType === 'ObjectId';
    case 'date':
      return value instanceof Date;
    case 'regex':
      return value instanceof RegExp || bsonType === 'BSONRegExp';
    case 'timestamp':
      return bsonType === 'Timestamp';
    case 'javascript':
      return bsonType === 'Code' && !(value as { scope?: unknown }).scope;
    case 'javascriptWithScope':
      return bsonType === 'Code' && Boolean((value as { scope?: unknown }).scope);
    case 'symbol':
      return bsonType === 'BSONSymbol';
    case 'dbPointer':
      return bsonType === 'DBRef' || bsonType === 'DBPointer';
    case 'minKey':
      return bsonType === 'MinKey';
    case 'maxKey':
      return bsonType === 'MaxKey';
    case 'undefined':
      return value === undefined;
    default:
      throw new RunnerError(`unknown $$type alias ${typeName}`);
  }
}

function specialOperator(value: unknown): { name: string; argument: unknown } | undefined {
  if (!isDocument(value) || value instanceof Map) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || !keys[0].startsWith('$$')) return undefined;
  return { name: keys[0], argument: (value as Document)[keys[0]] };
}

/** A document is a plain object or a Map (the driver builds ordered fields such as `sort` as Maps). */
export function isDocument(value: unknown): value is Document | Map<unknown, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof Map) return true;
  if (Array.isArray(value) || value instanceof Date || value instanceof RegExp || value instanceof Uint8Array) {
    return false;
  }
  return bsonTypeOf(value) === undefined;
}

/**
 * A document's fields. A field holding `undefined` is treated as absent, as BSON serialisation drops
 * it; Map keys become strings, as the driver keys some results (client bulk write) by number.
 */
function documentFields(document: Document | Map<unknown, unknown>): Map<string, unknown> {
  const entries = document instanceof Map ? [...document.entries()] : Object.entries(document);
  return new Map(entries.filter(([, value]) => value !== undefined).map(([key, value]) => [String(key), value]));
}

function at(path: string): string {
  return path ? `${path}: ` : '';
}

/** A short Extended JSON rendering of a value for difference messages. */
export function renderValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  let text: string;
  try {
    text = EJSON.stringify(withPlainDocuments(value) as Document, { relaxed: true }, 0);
  } catch {
    text = String(value);
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** Extended JSON cannot render Maps, which the driver uses for some fields and results. */
function withPlainDocuments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPlainDocuments);
  if (!isDocument(value)) return value;
  return Object.fromEntries([...documentFields(value)].map(([key, nested]) => [key, withPlainDocuments(nested)]));
}

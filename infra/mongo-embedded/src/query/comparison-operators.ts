import { $eq as mingoEq, $in as mingoIn } from 'mingo/operators/query/comparison';
import type { Options } from 'mingo/types';
import { canonicalKey, isNumeric, toNumber, typeRank, valuesAtPath, type Doc } from './bson-values';
import { collatorFor, compareCollated } from './collation';

type Predicate = (doc: Doc) => boolean;
type QueryOperator = (selector: string, value: unknown, options: Options) => Predicate;

/** Values a query path compares against: each value found, and each element of an array found. */
function comparableValues(doc: Doc, selector: string): unknown[] {
  const found = valuesAtPath(doc, selector);
  if (found.length === 0) return [undefined];
  const values: unknown[] = [];
  for (const value of found) {
    values.push(value);
    if (Array.isArray(value)) values.push(...value);
  }
  return values;
}

/**
 * Range operators with MongoDB's rules: only values of the same type bracket compare (numbers
 * of every width together, so a Decimal128 or Int64 compares with a double by value).
 */
function rangeOperator(accepts: (order: number) => boolean): QueryOperator {
  return (selector, bound, options) => {
    const bracket = typeRank(bound);
    const collator = collatorOf(options);
    return (doc) => comparableValues(doc, selector).some((value) => typeRank(value) === bracket && accepts(compareCollated(value, bound, collator)));
  };
}

/** The command's collation, which mingo passes along in the options it gives operators. */
function collatorOf(options: Options): Intl.Collator | undefined {
  const spec = options.collation;
  // mingo's updater passes an empty collation object when there is none.
  return typeof spec?.locale === 'string' && spec.locale !== 'simple' ? collatorFor({ ...spec }) : undefined;
}

/** Strings equal under the collation (case-insensitive for strength 2, say). */
function matchesAnyString(selector: string, strings: string[], collator: Intl.Collator): Predicate {
  return (doc) =>
    comparableValues(doc, selector).some((value) => typeof value === 'string' && strings.some((wanted) => collator.compare(value, wanted) === 0));
}

/** Whether a value at the path equals `wanted` numerically (mingo compares bson number wrappers by identity). */
function numericallyEqual(doc: Doc, selector: string, wanted: unknown): boolean {
  const target = toNumber(wanted);
  return comparableValues(doc, selector).some((value) => isNumeric(value) && toNumber(value) === target);
}

function isPlainDocument(value: unknown): value is Doc {
  return value !== null && typeof value === 'object' && value.constructor === Object;
}

/** Embedded documents are equal only with the same fields in the same order (mingo ignores order). */
function matchesAnyDocument(selector: string, documents: Doc[]): Predicate {
  const wanted = new Set(documents.map(canonicalKey));
  return (doc) => comparableValues(doc, selector).some((candidate) => wanted.has(canonicalKey(candidate)));
}

const $eq: QueryOperator = (selector, value, options) => {
  if (isPlainDocument(value)) return matchesAnyDocument(selector, [value]);
  const collator = collatorOf(options);
  if (collator && typeof value === 'string') return matchesAnyString(selector, [value], collator);
  const base = mingoEq(selector, value, options) as Predicate;
  if (!isNumeric(value)) return base;
  return (doc) => base(doc) || numericallyEqual(doc, selector, value);
};

const $ne: QueryOperator = (selector, value, options) => {
  const equal = $eq(selector, value, options);
  return (doc) => !equal(doc);
};

const $in: QueryOperator = (selector, values, options) => {
  if (!Array.isArray(values)) return mingoIn(selector, values, options) as Predicate;
  const collator = collatorOf(options);
  const documents = values.filter(isPlainDocument);
  const strings = collator ? values.filter((value): value is string => typeof value === 'string') : [];
  const others = values.filter((value) => !isPlainDocument(value) && !(collator && typeof value === 'string'));
  const base = mingoIn(selector, others, options) as Predicate;
  const numbers = others.filter(isNumeric);
  const byDocument = documents.length ? matchesAnyDocument(selector, documents) : () => false;
  const byString = collator && strings.length ? matchesAnyString(selector, strings, collator) : () => false;
  return (doc) => base(doc) || byDocument(doc) || byString(doc) || numbers.some((number) => numericallyEqual(doc, selector, number));
};

const $nin: QueryOperator = (selector, values, options) => {
  const inValues = $in(selector, values, options);
  return (doc) => !inValues(doc);
};

export const comparisonOperators = {
  $eq,
  $ne,
  $in,
  $nin,
  $gt: rangeOperator((order) => order > 0),
  $gte: rangeOperator((order) => order >= 0),
  $lt: rangeOperator((order) => order < 0),
  $lte: rangeOperator((order) => order <= 0),
};

import { $eq as mingoEq, $in as mingoIn, $ne as mingoNe, $nin as mingoNin } from 'mingo/operators/query/comparison';
import type { Options } from 'mingo/types';
import { compareValues, isNumeric, toNumber, typeRank, valuesAtPath, type Doc } from './bson-values';

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
  return (selector, bound) => {
    const bracket = typeRank(bound);
    return (doc) => comparableValues(doc, selector).some((value) => typeRank(value) === bracket && accepts(compareValues(value, bound)));
  };
}

/** Whether a value at the path equals `wanted` numerically (mingo compares bson number wrappers by identity). */
function numericallyEqual(doc: Doc, selector: string, wanted: unknown): boolean {
  const target = toNumber(wanted);
  return comparableValues(doc, selector).some((value) => isNumeric(value) && toNumber(value) === target);
}

const $eq: QueryOperator = (selector, value, options) => {
  const base = mingoEq(selector, value, options) as Predicate;
  if (!isNumeric(value)) return base;
  return (doc) => base(doc) || numericallyEqual(doc, selector, value);
};

const $ne: QueryOperator = (selector, value, options) => {
  const base = mingoNe(selector, value, options) as Predicate;
  if (!isNumeric(value)) return base;
  return (doc) => base(doc) && !numericallyEqual(doc, selector, value);
};

const $in: QueryOperator = (selector, values, options) => {
  const base = mingoIn(selector, values, options) as Predicate;
  const numbers = Array.isArray(values) ? values.filter(isNumeric) : [];
  if (numbers.length === 0) return base;
  return (doc) => base(doc) || numbers.some((number) => numericallyEqual(doc, selector, number));
};

const $nin: QueryOperator = (selector, values, options) => {
  const base = mingoNin(selector, values, options) as Predicate;
  const numbers = Array.isArray(values) ? values.filter(isNumeric) : [];
  if (numbers.length === 0) return base;
  return (doc) => base(doc) && !numbers.some((number) => numericallyEqual(doc, selector, number));
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

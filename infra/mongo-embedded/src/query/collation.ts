import { compareValues, type Doc } from './bson-values';
import { CommandError, ErrorCode } from '../commands/errors';

/** A command's collation: the spec as given (mingo carries it in its options) and the comparer built from it. */
export interface Collation {
  spec: Doc & { locale: string };
  collator: Intl.Collator;
}

const collators = new Map<string, Intl.Collator>();

/** Reads a `collation` argument; the "simple" (binary) collation is the absence of one. */
export function parseCollation(raw: unknown): Collation | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'collation' is the wrong type, expected type 'object'");
  const spec = raw as Doc;
  if (typeof spec.locale !== 'string') throw new CommandError(ErrorCode.FailedToParse, "BSON field 'collation.locale' is missing but a required field");
  if (spec.locale === 'simple') return undefined;
  return { spec: spec as Collation['spec'], collator: collatorFor(spec) };
}

/** The collator for a spec mingo hands our query operators (through its options). */
export function collatorFor(spec: Doc): Intl.Collator {
  const key = JSON.stringify(spec);
  let collator = collators.get(key);
  if (!collator) {
    const strength = Number(spec.strength ?? 3);
    collator = new Intl.Collator(String(spec.locale).replace('_', '-'), {
      // ICU strength 1 ignores case and accents, 2 ignores case, 3 (default) compares both.
      sensitivity: strength === 1 ? 'base' : strength === 2 ? (spec.caseLevel ? 'case' : 'accent') : 'variant',
      numeric: spec.numericOrdering === true,
      caseFirst: spec.caseFirst === 'upper' || spec.caseFirst === 'lower' ? spec.caseFirst : 'false',
    });
    collators.set(key, collator);
  }
  return collator;
}

/** compareValues, with strings compared by the collation when there is one. */
export function compareCollated(a: unknown, b: unknown, collator: Intl.Collator | undefined): number {
  if (collator && typeof a === 'string' && typeof b === 'string') return Math.sign(collator.compare(a, b));
  return compareValues(a, b);
}

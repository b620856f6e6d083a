import type { Doc } from './bson-values';

const simpleOperators = new Set(['$set', '$unset', '$inc']);

/**
 * Applies `$set`, `$unset` and `$inc` on plain dotted paths directly. These are most of the
 * updates mongoose sends, and mingo's updater rebuilds its operator tables on every call, which
 * made it the largest CPU cost of an update. Returns false, having changed nothing, when the
 * update needs mingo (positional paths, array elements, other operators, overlapping paths,
 * non-number increments).
 */
export function applySimpleUpdate(doc: Doc, modifier: Doc, hasArrayFilters: boolean): boolean {
  if (hasArrayFilters || !Object.keys(modifier).every((operator) => simpleOperators.has(operator))) return false;
  const paths: string[] = [];
  for (const [operator, fields] of Object.entries(modifier)) {
    for (const [path, value] of Object.entries(fields as Doc)) {
      if (!isPlainPath(path) || !pathWalksPlainObjects(doc, path)) return false;
      if (operator === '$inc' && (typeof value !== 'number' || !isNumberOrMissing(valueAt(doc, path)))) return false;
      paths.push(path);
    }
  }
  if (hasOverlap(paths)) return false;

  for (const [path, value] of Object.entries((modifier.$set as Doc | undefined) ?? {})) setAt(doc, path, value);
  for (const path of Object.keys((modifier.$unset as Doc | undefined) ?? {})) unsetAt(doc, path);
  for (const [path, amount] of Object.entries((modifier.$inc as Doc | undefined) ?? {})) {
    setAt(doc, path, ((valueAt(doc, path) as number | undefined) ?? 0) + (amount as number));
  }
  return true;
}

function isPlainPath(path: string): boolean {
  return path.length > 0 && !path.split('.').some((part) => part === '' || part.startsWith('$') || /^\d+$/.test(part));
}

/** Every existing parent on the path is a plain object, so setting cannot touch an array or a scalar. */
function pathWalksPlainObjects(doc: Doc, path: string): boolean {
  let current: unknown = doc;
  for (const part of path.split('.').slice(0, -1)) {
    current = (current as Doc)[part];
    if (current === undefined) return true;
    if (current === null || typeof current !== 'object' || current.constructor !== Object) return false;
  }
  return true;
}

function isNumberOrMissing(value: unknown): boolean {
  return value === undefined || typeof value === 'number';
}

function hasOverlap(paths: string[]): boolean {
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1] || sorted[i].startsWith(sorted[i - 1] + '.')) return true;
  }
  return false;
}

function valueAt(doc: Doc, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === undefined || current === null) return undefined;
    current = (current as Doc)[part];
  }
  return current;
}

function setAt(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let target = doc;
  for (const part of parts.slice(0, -1)) {
    if (target[part] === undefined) target[part] = {};
    target = target[part] as Doc;
  }
  target[parts[parts.length - 1]] = value;
}

function unsetAt(doc: Doc, path: string): void {
  const parts = path.split('.');
  let target: unknown = doc;
  for (const part of parts.slice(0, -1)) {
    target = (target as Doc)[part];
    if (target === undefined) return;
  }
  delete (target as Doc)[parts[parts.length - 1]];
}

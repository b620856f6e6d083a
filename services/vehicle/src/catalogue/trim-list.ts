import type { TrimCandidateRow } from './catalogue-queries';
import { keysCanOverlap, parsePatternKeys, type PositionConstraints } from './pattern-keys';

export interface TrimEntry {
  trimId: number;
  trimName: string;
}

/**
 * vPIC has no trim table: trims are free-text values of Trim patterns. A schema's Trim pattern
 * belongs to a model when some VIN can match both keys (exact key equality misses most of them,
 * e.g. every 2018+ Accord, whose trims are keyed more narrowly than the model).
 */
export function trimsOfModel(scope: { makeId: number; modelName: string }, candidates: TrimCandidateRow[]): TrimEntry[] {
  const parsedKeys = new Map<string, PositionConstraints>();
  // A model's few keys pair with many trim keys: parse each distinct key once.
  const parse = (keys: string) => parsedKeys.get(keys) ?? parsedKeys.set(keys, parsePatternKeys(keys)).get(keys)!;
  const spellingCounts = new Map<string, Map<string, number>>();
  for (const candidate of candidates) {
    const trimName = candidate.trimName.trim();
    if (!trimName || !keysCanOverlap(parse(candidate.modelKeys), parse(candidate.trimKeys))) continue;
    const spellings = spellingCounts.get(trimName.toLowerCase()) ?? new Map<string, number>();
    spellings.set(trimName, (spellings.get(trimName) ?? 0) + 1);
    spellingCounts.set(trimName.toLowerCase(), spellings);
  }
  return [...spellingCounts]
    .map(([normalisedName, spellings]) => ({
      trimId: stableTrimId(`${scope.makeId}|${scope.modelName.toLowerCase()}|${normalisedName}`),
      trimName: mostUsedSpelling(spellings),
    }))
    .sort((first, second) => first.trimName.localeCompare(second.trimName, 'en', { sensitivity: 'base' }));
}

/** The data spells one trim several ways ("TOURING", "Touring"); show the most common one. */
function mostUsedSpelling(spellings: Map<string, number>): string {
  return [...spellings].sort(([firstName, firstCount], [secondName, secondCount]) =>
    secondCount - firstCount || firstName.localeCompare(secondName),
  )[0][0];
}

/**
 * A trim id that stays the same across restarts, data years and requests with or without a
 * year (FNV-1a, 32 bits, positive), so a stored Trim_ID keeps pointing at the same trim.
 */
export function stableTrimId(text: string): number {
  let hash = 0x811c9dc5;
  for (const character of text) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

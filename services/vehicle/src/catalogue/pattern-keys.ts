/**
 * vPIC pattern keys describe VIN positions 4-8, optionally followed by `|` and positions 10-17.
 * Each position is a literal, `*` (any character) or a `[...]` class that may hold ranges.
 * Decoding matches keys in SQL (GLOB); this module answers the two questions SQL cannot:
 * how specific a key is, and whether two keys can describe the same VIN.
 */

/** The characters allowed at each constrained VIN position (1-based); absent = any character. */
export type PositionConstraints = ReadonlyMap<number, ReadonlySet<string>>;

const FIRST_DESCRIPTOR_POSITION = 4;
const FIRST_INDICATOR_POSITION = 10;

function expandClass(body: string): Set<string> {
  const characters = new Set<string>();
  for (let index = 0; index < body.length; index += 1) {
    const isRange = body[index + 1] === '-' && index + 2 < body.length;
    if (!isRange) {
      characters.add(body[index]);
      continue;
    }
    for (let code = body.charCodeAt(index); code <= body.charCodeAt(index + 2); code += 1) {
      characters.add(String.fromCharCode(code));
    }
    index += 2;
  }
  return characters;
}

function tokenise(section: string): string[] {
  return section.match(/\[[^\]]*\]|./g) ?? [];
}

function addSection(constraints: Map<number, Set<string>>, section: string, firstPosition: number): void {
  tokenise(section).forEach((token, offset) => {
    if (token === '*') return;
    const allowed = token.startsWith('[') ? expandClass(token.slice(1, -1)) : new Set([token]);
    constraints.set(firstPosition + offset, allowed);
  });
}

export function parsePatternKeys(keys: string): PositionConstraints {
  const [descriptorSection, indicatorSection = ''] = keys.split('|');
  const constraints = new Map<number, Set<string>>();
  addSection(constraints, descriptorSection, FIRST_DESCRIPTOR_POSITION);
  addSection(constraints, indicatorSection, FIRST_INDICATOR_POSITION);
  return constraints;
}

/** True when some VIN satisfies both keys: every position both constrain shares a character. */
export function keysCanOverlap(first: PositionConstraints, second: PositionConstraints): boolean {
  for (const [position, allowedByFirst] of first) {
    const allowedBySecond = second.get(position);
    if (allowedBySecond && ![...allowedByFirst].some((character) => allowedBySecond.has(character))) return false;
  }
  return true;
}

/**
 * Orders keys from least to most specific: more constrained positions first, then narrower
 * constraints (a literal beats a class). Keeping the most specific match per element is what
 * lets `CM82[67]` override a schema-wide `*****` default.
 */
export function compareSpecificity(first: PositionConstraints, second: PositionConstraints): number {
  if (first.size !== second.size) return first.size - second.size;
  return allowedCharacterCount(second) - allowedCharacterCount(first);
}

function allowedCharacterCount(constraints: PositionConstraints): number {
  let count = 0;
  for (const allowed of constraints.values()) count += allowed.size;
  return count;
}

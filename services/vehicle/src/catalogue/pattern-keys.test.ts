import { describe, expect, it } from 'vitest';
import { compareSpecificity, keysCanOverlap, parsePatternKeys } from './pattern-keys';

describe('parsePatternKeys', () => {
  it('When a key has literals, wildcards, classes with ranges and an indicator section, then each maps to its VIN position', () => {
    const constraints = parsePatternKeys('C*8[2-4]|*[AC]');
    expect([...constraints.keys()]).toEqual([4, 6, 7, 11]);
    expect([...constraints.get(7)!]).toEqual(['2', '3', '4']);
    expect([...constraints.get(11)!]).toEqual(['A', 'C']);
  });
});

describe('keysCanOverlap', () => {
  it('When a model key and a narrower trim key agree on every shared position, then they overlap', () => {
    expect(keysCanOverlap(parsePatternKeys('CV1F[134569]'), parsePatternKeys('CV[12]F5'))).toBe(true);
    expect(keysCanOverlap(parsePatternKeys('CV1F[134569]'), parsePatternKeys('*****|*A'))).toBe(true);
  });

  it('When one shared position allows disjoint characters, then no VIN fits both', () => {
    expect(keysCanOverlap(parsePatternKeys('CV2F[3569]'), parsePatternKeys('CV1F4'))).toBe(false);
  });
});

describe('compareSpecificity', () => {
  it('When one key constrains more positions, or the same positions more narrowly, then it is the more specific', () => {
    expect(compareSpecificity(parsePatternKeys('CM82[67]'), parsePatternKeys('*****|*A'))).toBeGreaterThan(0);
    expect(compareSpecificity(parsePatternKeys('CM826'), parsePatternKeys('CM82[67]'))).toBeGreaterThan(0);
    expect(compareSpecificity(parsePatternKeys('CM82*'), parsePatternKeys('CM826'))).toBeLessThan(0);
    expect(compareSpecificity(parsePatternKeys('CM826'), parsePatternKeys('CA826'))).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { compareValues } from '../query/bson-values';
import { OrderedEntries, type OrderedEntry } from './ordered-entries';

const byValue = (a: OrderedEntry, b: OrderedEntry) => compareValues(a.value, b.value);

function pseudoRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('ordered index entries', () => {
  it('When thousands of entries are inserted and some removed, then iteration and seeks match a sorted reference', () => {
    const random = pseudoRandom(42);
    const entries = new OrderedEntries(byValue);
    const reference: OrderedEntry[] = [];
    for (let i = 0; i < 5_000; i++) {
      const entry = { value: Math.floor(random() * 1_000), rest: [], id: `id${i}` };
      entries.insert(entry);
      reference.push(entry);
    }
    for (let i = 0; i < 5_000; i += 3) entries.remove(reference[i]);
    const kept = reference.filter((_, i) => i % 3 !== 0).sort(byValue);

    const values = [...entries.from(() => false)].map((entry) => entry.value);
    expect(values).toEqual(kept.map((entry) => entry.value));
    expect([...entries.before(() => true)].map((entry) => entry.value)).toEqual([...values].reverse());
    const belowFiveHundred = [...entries.before((entry) => (entry.value as number) < 500)];
    expect(belowFiveHundred).toHaveLength(kept.filter((entry) => (entry.value as number) < 500).length);
    expect(belowFiveHundred[0].value).toBeLessThan(500);

    const fromFiveHundred = [...entries.from((entry) => (entry.value as number) < 500)];
    expect(fromFiveHundred).toHaveLength(kept.filter((entry) => (entry.value as number) >= 500).length);
    expect(fromFiveHundred[0].value).toBeGreaterThanOrEqual(500);
  });

  it('When entries are bulk loaded, then later inserts and removals keep the order', () => {
    const entries = new OrderedEntries(byValue);
    entries.load(Array.from({ length: 2_000 }, (_, i) => ({ value: (i * 7) % 2_000, rest: [], id: `id${i}` })));
    entries.insert({ value: 1_000.5, rest: [], id: 'between' });
    entries.remove({ value: 0, rest: [], id: 'id0' });
    const values = [...entries.from(() => false)].map((entry) => entry.value as number);
    expect(values).toHaveLength(2_000);
    expect(values[0]).toBe(1);
    expect(values.every((value, i) => i === 0 || values[i - 1] <= value)).toBe(true);
    expect(values).toContain(1_000.5);
  });
});

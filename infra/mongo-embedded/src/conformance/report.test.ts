import { describe, expect, it } from 'vitest';
import { countResults, failureEntry, failureLine, meetsBar, summaryLine } from './report';
import type { TestResult } from './suite';

const results = (passed: number, failed: number, skipped: number): TestResult[] => [
  ...Array.from({ length: passed }, (_, i): TestResult => ({ file: 'f.json', test: `p${i}`, status: 'passed' })),
  ...Array.from({ length: failed }, (_, i): TestResult => ({ file: 'f.json', test: `f${i}`, status: 'failed', detail: 'x' })),
  ...Array.from({ length: skipped }, (_, i): TestResult => ({ file: 'f.json', test: `s${i}`, status: 'skipped', detail: 'y' })),
];

describe('suite summary', () => {
  it('When results are counted, then the closing line has the exact form', () => {
    expect(summaryLine(countResults(results(9, 1, 5)))).toBe('9 passed, 1 failed, 5 skipped');
  });

  it('When 90% of the tests that ran pass and 60% ran, then the bar is met', () => {
    expect(meetsBar(countResults(results(54, 6, 40)))).toBe(true);
  });

  it('When fewer than 90% pass, or fewer than 60% ran, then the bar is missed', () => {
    expect(meetsBar(countResults(results(53, 7, 40)))).toBe(false);
    expect(meetsBar(countResults(results(59, 0, 41)))).toBe(false);
  });

  it('When a failure is a known driver issue, then its line says so', () => {
    const line = failureLine({ file: 'create-null-ids.json', test: 'inserting _id with type null via insertOne', status: 'failed', detail: 'x' });
    expect(line).toContain('[known Node.js driver issue NODE-6468');
  });

  it('When a failure is written to the report, then it is one line plus its difference', () => {
    const entry = failureEntry({ file: 'a.json', test: 'does x', status: 'failed', detail: 'result: n: expected 1,\ngot 2' });
    expect(entry.split('\n')).toEqual(['FAIL a.json › does x: result: n: expected 1, got 2', '    result: n: expected 1, got 2']);
  });
});

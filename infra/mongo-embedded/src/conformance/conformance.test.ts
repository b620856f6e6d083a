import { describe, expect, it } from 'vitest';
import { failureLine, meetsBar, rateLine, summaryLine } from './report';
import { defaultTestDir, runConformance } from './run-conformance';

describe('MongoDB CRUD conformance of the embedded server', () => {
  it(
    'When the unified CRUD tests run against a fresh embedded server, then ≥ 90% of those that run pass and ≥ 60% run',
    async () => {
      const run = await runConformance({ dir: defaultTestDir });
      const failures = run.results.filter((result) => result.status === 'failed').map(failureLine);
      const message = [summaryLine(run.counts), rateLine(run.counts), ...failures].join('\n');
      expect(meetsBar(run.counts), message).toBe(true);
    },
    120_000,
  );
});

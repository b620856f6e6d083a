import { describe, expect, it } from 'vitest';
import { failureLine, meetsBar, rateLine, summaryLine } from './report';
import { configuredTestDir, runConformance } from './run-conformance';

const testDir = configuredTestDir();
if (!testDir) console.log('MongoDB CRUD conformance skipped: set MONGODB_CONFORMANCE_DIR to a folder of unified test files to run it.');

describe('MongoDB CRUD conformance of the embedded server', () => {
  // The test files cannot live in this repository (their licence is non-commercial): the run needs a
  // machine that has them and names them in MONGODB_CONFORMANCE_DIR.
  it.runIf(testDir)(
    'When the unified CRUD tests run against a fresh embedded server, then ≥ 90% of those that run pass and ≥ 60% run',
    async () => {
      const run = await runConformance({ dir: testDir! });
      const failures = run.results.filter((result) => result.status === 'failed').map(failureLine);
      const message = [summaryLine(run.counts), rateLine(run.counts), ...failures].join('\n');
      expect(meetsBar(run.counts), message).toBe(true);
    },
    120_000,
  );
});

import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countResults, writeReport, type SuiteCounts } from './report';
import { openTarget } from './server-target';
import { runSuite, type TestResult } from './suite';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(here, '../..');

/**
 * Where MongoDB's unified CRUD test files are, from MONGODB_CONFORMANCE_DIR. Their licence
 * (CC BY-NC-SA 3.0 US: non-commercial) keeps them out of this repository, so a machine that has
 * a copy names it; without one the conformance run is skipped.
 */
export function configuredTestDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = env.MONGODB_CONFORMANCE_DIR?.trim();
  return dir ? resolve(dir) : undefined;
}

export const reportPath = join(packageRoot, '.cache/conformance-report.txt');

export interface ConformanceRun {
  results: TestResult[];
  counts: SuiteCounts;
  target: string;
}

/**
 * Runs a folder of unified test files against `uri` (a real MongoDB) or, without one, a fresh
 * embedded server, and writes the failure report the server's engineer reads.
 */
export async function runConformance(options: {
  dir: string;
  uri?: string;
  onResult?: (result: TestResult) => void;
}): Promise<ConformanceRun> {
  const cacheDir = join(packageRoot, '.cache');
  await mkdir(cacheDir, { recursive: true });
  const target = await openTarget({ uri: options.uri, cacheDir });
  try {
    const results = await runSuite(options.dir, target, options.onResult);
    await writeReport(reportPath, results, target.description);
    return { results, counts: countResults(results), target: target.description };
  } finally {
    await target.close();
  }
}

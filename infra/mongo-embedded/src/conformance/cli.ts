import { resolve } from 'node:path';
import { failureLine, meetsBar, rateLine, skipLine, summaryLine } from './report';
import { configuredTestDir, reportPath, runConformance } from './run-conformance';
import type { TestResult } from './suite';

/**
 * `npm run conformance -- [dir]`: runs MongoDB's unified CRUD tests (the folder given, else
 * MONGODB_CONFORMANCE_DIR) against the embedded server, or against MONGODB_URI when set.
 * npm runs this from the package folder, so a folder given on the command line is taken relative
 * to INIT_CWD, the folder npm was started from: the repository root when run through the root script.
 */
async function main(): Promise<number> {
  const given = process.argv[2];
  const dir = given ? resolve(process.env.INIT_CWD ?? process.cwd(), given) : configuredTestDir();
  if (!dir) {
    console.error('Name the folder of unified CRUD test files: npm run conformance -- <folder>, or set MONGODB_CONFORMANCE_DIR.');
    return 2;
  }
  const printResult = (result: TestResult) => {
    if (result.status === 'skipped') console.log(skipLine(result));
    if (result.status === 'failed') console.log(failureLine(result));
  };
  const run = await runConformance({
    dir,
    uri: process.env.MONGODB_URI || undefined,
    onResult: printResult,
  });
  console.log(`\nRan ${dir} against ${run.target}.`);
  console.log(`Failure report: ${reportPath}`);
  console.log(rateLine(run.counts));
  console.log(summaryLine(run.counts));
  return meetsBar(run.counts) ? 0 : 1;
}

main().then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    console.error('conformance run failed:', error);
    process.exitCode = 2;
  },
);

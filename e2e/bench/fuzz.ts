// Fuzz benchmark: 10,000 generated and mutated requests over every public route of the whole built
// product (support/hostile-fuzz), asserting no 5xx and that no refused request changes stored data.
// `npm test` runs 1,000 of the same (api/fuzz-routes.test.ts). Writes bench-results/fuzz.json.
// FUZZ_CASES and FUZZ_SEED override the count and fast-check's seed (a failure prints its seed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFuzzWorld, runFuzz } from '../support/hostile-fuzz';
import { repoRoot } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);

let stack: Stack | undefined;
try {
  stack = await startStack({ env: { LOG_LEVEL: 'warn' } });
  const world = await buildFuzzWorld(stack);
  console.log(`fuzzing ${CASES} cases, seed ${SEED}`);
  const report = await runFuzz(stack, world, { totalCases: CASES, seed: SEED });
  const ready = await fetch(`${stack.baseUrl}/readyz`);
  const results = {
    startedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverageAtStart: os.loadavg() },
    seed: SEED,
    ...report,
    casesPerSecond: Math.round((report.cases / report.seconds) * 10) / 10,
    readyAfter: ready.status === 200,
  };
  const outDir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'fuzz.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`${report.cases} cases in ${report.seconds} s, 5xx: ${report.fiveHundreds}, refused requests that changed data: ${report.refusedThatChangedData}, ready after: ${results.readyAfter}`);
  console.log('written to bench-results/fuzz.json');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack?.stop();
}

// 1,000 generated requests over every public route (see support/hostile-fuzz): no 5xx, and no
// refused request changes what the API lists. `npm run bench -- fuzz` runs 10,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFuzzWorld, runFuzz, type FuzzWorld } from '../support/hostile-fuzz';
import { startStack, type Stack } from '../support/stack';

const CASES = 1_000;

let stack: Stack;
let world: FuzzWorld;

beforeAll(async () => {
  stack = await startStack();
  world = await buildFuzzWorld(stack);
});

afterAll(async () => {
  await stack?.stop();
});

describe('Fuzzing every public route', () => {
  it(`When ${CASES} generated and mutated requests reach the routes, then none answers a 5xx and no refused one changes stored data`, async () => {
    const report = await runFuzz(stack, world, { totalCases: CASES });
    console.log(`fuzz: ${report.cases} cases in ${report.seconds} s`, JSON.stringify(report.byRoute));

    expect(report.cases).toBeGreaterThanOrEqual(CASES);
    expect(report.fiveHundreds).toBe(0);
    expect(report.refusedThatChangedData).toBe(0);
    const ready = await fetch(`${stack.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
  }, 150_000);
});

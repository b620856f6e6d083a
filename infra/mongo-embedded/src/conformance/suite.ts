import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { MongoClient } from 'mongodb';
import { checkOutcome, setUpInitialData } from './collection-data';
import { EntityMap } from './entities';
import { checkExpectedError, errorSummary } from './expect-error';
import { checkExpectedEvents } from './expect-events';
import { leftOutReason } from './left-out-features';
import { matchNested, matchRoot, matchRootDocuments, renderValue, type Difference } from './match';
import { executeOperation, type OperationContext, type OperationResult } from './operations';
import { AssertionFailure, RunnerError } from './runner-errors';
import { compareVersions, unmetRequirements, type ServerFacts } from './requirements';
import { loadTestFile, type Operation, type UnifiedTest, type UnifiedTestFile } from './test-format';

/** The newest schema version whose features this runner implements (for the CRUD tests it is given). */
const supportedSchemaVersion = '1.21';
const operationTimeoutMS = 15_000;

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestResult {
  file: string;
  test: string;
  status: TestStatus;
  /** Why it was skipped, or how it failed. */
  detail?: string;
}

export interface SuiteTarget {
  uri: string;
  facts: ServerFacts;
  /** The runner's own client for initial data, outcomes and testRunner assertions. */
  internalClient: MongoClient;
}

/** Runs every `*.json` file of a folder, in name order, reporting each test as it finishes. */
export async function runSuite(dir: string, target: SuiteTarget, onResult: (result: TestResult) => void = () => {}): Promise<TestResult[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const results: TestResult[] = [];
  for (const name of files) {
    for (const result of await runFile(join(dir, name), target)) {
      results.push(result);
      onResult(result);
    }
  }
  return results;
}

async function runFile(path: string, target: SuiteTarget): Promise<TestResult[]> {
  const file = basename(path);
  let testFile: UnifiedTestFile;
  try {
    testFile = await loadTestFile(path);
  } catch (error) {
    return [{ file, test: '(file)', status: 'failed', detail: `cannot read the test file: ${errorSummary(error)}` }];
  }
  return runTestFile(file, testFile, target);
}

/** Runs the tests of one parsed file; `file` names it in the results. */
export async function runTestFile(file: string, testFile: UnifiedTestFile, target: SuiteTarget): Promise<TestResult[]> {
  const schemaProblem = unsupportedSchema(testFile.schemaVersion);
  const fileSkip = unmetRequirements(testFile.runOnRequirements, target.facts);
  const results: TestResult[] = [];
  for (const test of testFile.tests) {
    const result = (status: TestStatus, detail?: string): TestResult => ({ file, test: test.description, status, detail });
    if (schemaProblem) {
      results.push(result('failed', schemaProblem));
      continue;
    }
    const skipReason = test.skipReason ?? fileSkip ?? unmetRequirements(test.runOnRequirements, target.facts) ?? leftOutReason(test);
    if (skipReason) {
      results.push(result('skipped', skipReason));
      continue;
    }
    const difference = await runTest(testFile, test, target);
    results.push(difference ? result('failed', difference) : result('passed'));
  }
  return results;
}

function unsupportedSchema(schemaVersion: string): string | null {
  const [major] = schemaVersion.split('.');
  const [supportedMajor] = supportedSchemaVersion.split('.');
  if (major === supportedMajor && compareVersions(schemaVersion, supportedSchemaVersion) <= 0) return null;
  return `schema version ${schemaVersion} is not supported (this runner implements up to ${supportedSchemaVersion})`;
}

/** Runs one test as "Executing a Test" describes; returns the first difference found, or null when it passed. */
async function runTest(testFile: UnifiedTestFile, test: UnifiedTest, target: SuiteTarget): Promise<Difference | null> {
  const entities = new EntityMap(target.uri);
  const context: OperationContext = { entities, internalClient: target.internalClient, failPoints: [] };
  // Names the step under way, so an unexpected error says whether set-up, an operation or a check broke.
  let step = 'initialData';
  try {
    if (testFile.initialData) await setUpInitialData(target.internalClient, testFile.initialData);
    step = 'createEntities';
    await entities.create(testFile.createEntities ?? []);
    for (const [index, operation] of test.operations.entries()) {
      step = `operation ${index} (${operation.name})`;
      const difference = await runOperation(operation, context);
      if (difference) return `${step}: ${difference}`;
    }
    entities.stopObserving();
    step = 'disabling fail points';
    await disableFailPoints(context);
    if (test.expectEvents) {
      step = 'expectEvents';
      const difference = checkExpectedEvents(test.expectEvents, entities);
      if (difference) return `expectEvents: ${difference}`;
    }
    step = 'outcome';
    if (test.outcome) return await checkOutcome(target.internalClient, test.outcome, entities);
    return null;
  } catch (error) {
    if (error instanceof AssertionFailure) return `${step}: ${error.message}`;
    if (error instanceof RunnerError) return `${step}: runner error: ${error.message}`;
    return `${step}: unexpected error ${errorSummary(error)}`;
  } finally {
    await disableFailPoints(context).catch(() => undefined);
    await entities.close();
  }
}

async function runOperation(operation: Operation, context: OperationContext): Promise<Difference | null> {
  let result: OperationResult | undefined;
  let failure: unknown;
  let failed = false;
  try {
    result = await withTimeout(executeOperation(operation, context), operationTimeoutMS, operation.name);
  } catch (error) {
    if (error instanceof AssertionFailure || error instanceof RunnerError) throw error;
    // Special test operations are always expected to succeed.
    if (operation.object === 'testRunner') return `failed: ${errorSummary(error)}`;
    failed = true;
    failure = error;
  }
  if (operation.ignoreResultAndError) return null;
  if (operation.expectError) {
    if (!failed) return `expected an error, got result ${renderValue(result?.value)}`;
    return checkExpectedError(operation.expectError, failure, context.entities);
  }
  if (failed) return `unexpected error ${errorSummary(failure)}`;
  if (operation.expectResult !== undefined) {
    const difference = matchResult(operation.expectResult, result as OperationResult, context);
    if (difference) return `result: ${difference}`;
  }
  if (operation.saveResultAsEntity) context.entities.saveValue(operation.saveResultAsEntity, result?.value);
  return null;
}

function matchResult(expected: unknown, result: OperationResult, context: OperationContext): Difference | null {
  switch (result.shape) {
    case 'document':
      return matchRoot(expected, result.value, context.entities);
    case 'documents':
      return Array.isArray(expected)
        ? matchRootDocuments(expected, result.value, context.entities)
        : matchNested(expected, result.value, context.entities);
    case 'value':
      return matchNested(expected, result.value, context.entities);
  }
}

async function disableFailPoints(context: OperationContext): Promise<void> {
  while (context.failPoints.length > 0) {
    const { client, name } = context.failPoints.pop()!;
    await client.db('admin').command({ configureFailPoint: name, mode: 'off' });
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMS: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${timeoutMS} ms`)), timeoutMS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

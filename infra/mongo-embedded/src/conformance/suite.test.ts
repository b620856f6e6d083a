import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type OpenTarget } from './server-target';
import { runTestFile } from './suite';
import type { UnifiedTest, UnifiedTestFile } from './test-format';

// A small file of our own in the unified format, so the runner's verdicts are checked on cases whose answer we know.
const entities: UnifiedTestFile['createEntities'] = [
  { client: { id: 'client0', observeEvents: ['commandStartedEvent'] } },
  { database: { id: 'database0', client: 'client0', databaseName: 'runner-self-test' } },
  { collection: { id: 'collection0', database: 'database0', collectionName: 'cars' } },
];
const initialData: UnifiedTestFile['initialData'] = [
  { databaseName: 'runner-self-test', collectionName: 'cars', documents: [{ _id: 1, make: 'Volvo' }, { _id: 2, make: 'Saab' }] },
];
const updateVolvo = { name: 'updateOne', object: 'collection0', arguments: { filter: { _id: 1 }, update: { $set: { sold: true } } } };
const fileOf = (...tests: UnifiedTest[]): UnifiedTestFile => ({ description: 'self-test', schemaVersion: '1.0', createEntities: entities, initialData, tests });

let target: OpenTarget;

beforeAll(async () => {
  const cacheDir = join(import.meta.dirname, '../../.cache');
  await mkdir(cacheDir, { recursive: true });
  target = await openTarget({ cacheDir });
});

afterAll(async () => {
  await target?.close();
});

describe('running unified tests against the embedded server', () => {
  it('When result, events and outcome are as expected, then the test passes', async () => {
    const [result] = await runTestFile('self.json', fileOf({
      description: 'update one car',
      operations: [{ ...updateVolvo, expectResult: { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 } }],
      expectEvents: [{ client: 'client0', events: [{ commandStartedEvent: { commandName: 'update', command: { update: 'cars', ordered: true } } }] }],
      outcome: [{ databaseName: 'runner-self-test', collectionName: 'cars', documents: [{ _id: 1, make: 'Volvo', sold: true }, { _id: 2, make: 'Saab' }] }],
    }), target);
    expect(result).toEqual({ file: 'self.json', test: 'update one car', status: 'passed', detail: undefined });
  });

  it('When the result differs, then the test fails naming the operation and the field', async () => {
    const [result] = await runTestFile('self.json', fileOf({
      description: 'wrong count',
      operations: [{ ...updateVolvo, expectResult: { matchedCount: 2 } }],
    }), target);
    expect(result.status).toBe('failed');
    expect(result.detail).toBe('operation 0 (updateOne): result: matchedCount: expected 2, got 1');
  });

  it('When the collection ends up different, then the outcome difference is reported', async () => {
    const [result] = await runTestFile('self.json', fileOf({
      description: 'wrong outcome',
      operations: [updateVolvo],
      outcome: [{ databaseName: 'runner-self-test', collectionName: 'cars', documents: [{ _id: 1, make: 'Volvo' }, { _id: 2, make: 'Saab' }] }],
    }), target);
    expect(result.detail).toContain('outcome of runner-self-test.cars: [0]: unexpected field(s) sold');
  });

  it('When an expected event is missing or an extra one is seen, then the test fails', async () => {
    const [extra] = await runTestFile('self.json', fileOf({
      description: 'no events expected',
      operations: [updateVolvo],
      expectEvents: [{ client: 'client0', events: [] }],
    }), target);
    expect(extra.detail).toBe('expectEvents: client0: expected 0 events [], got 1 [update started]');
  });

  it('When an error is expected but none is raised, or one is raised unexpectedly, then the test fails', async () => {
    const [missing, unexpected, expected] = await runTestFile('self.json', fileOf(
      { description: 'missing error', operations: [{ ...updateVolvo, expectError: { isError: true } }] },
      {
        description: 'unexpected error',
        operations: [{ name: 'insertOne', object: 'collection0', arguments: { document: { _id: 1 } } }],
      },
      {
        description: 'duplicate key',
        operations: [{ name: 'insertOne', object: 'collection0', arguments: { document: { _id: 1 } }, expectError: { isClientError: false, errorCode: 11000 } }],
      },
    ), target);
    expect(missing.detail).toMatch(/^operation 0 \(updateOne\): expected an error, got result/);
    expect(unexpected.detail).toMatch(/^operation 0 \(insertOne\): unexpected error MongoServerError code 11000/);
    expect(expected.status).toBe('passed');
  });

  it('When requirements exclude the server, then the test is skipped with the reason', async () => {
    const [skipped] = await runTestFile('self.json', fileOf(
      { description: 'needs 8.0', runOnRequirements: [{ minServerVersion: '8.0' }], operations: [updateVolvo] },
    ), target);
    expect(skipped).toMatchObject({ status: 'skipped', detail: 'needs server ≥ 8.0 (server is 7.0.0)' });
  });

  it('When an argument or operation is unknown to the runner, then the test fails even if it expected an error', async () => {
    const [unknownArgument, unknownOperation] = await runTestFile('self.json', fileOf(
      { description: 'typo', operations: [{ ...updateVolvo, arguments: { ...updateVolvo.arguments, upsrt: true } }] },
      { description: 'unknown', operations: [{ name: 'explode', object: 'collection0', expectError: { isError: true } }] },
    ), target);
    expect(unknownArgument).toMatchObject({ status: 'failed', detail: 'operation 0 (updateOne): runner error: unsupported argument(s) upsrt for updateOne' });
    expect(unknownOperation).toMatchObject({ status: 'failed', detail: 'operation 0 (explode): runner error: unsupported operation explode on collection0' });
  });
});

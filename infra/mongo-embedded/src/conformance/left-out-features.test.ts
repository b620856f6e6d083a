import { describe, expect, it } from 'vitest';
import { leftOutReason } from './left-out-features';
import type { UnifiedTest } from './test-format';

const testWith = (operation: UnifiedTest['operations'][number]): UnifiedTest => ({ description: 't', operations: [operation] });

describe('deliberately left-out features', () => {
  it('When a test configures a fail point, then it is skipped as left out', () => {
    const test = testWith({ name: 'failPoint', object: 'testRunner', arguments: { client: 'client0', failPoint: {} } });
    expect(leftOutReason(test)).toMatch(/^left out: fail points/);
  });

  it('When a test uses a locale collation, even inside a bulk write model, then it is skipped as left out', () => {
    const direct = testWith({ name: 'find', object: 'collection0', arguments: { filter: {}, collation: { locale: 'en_US', strength: 2 } } });
    const nested = testWith({
      name: 'bulkWrite',
      object: 'collection0',
      arguments: { requests: [{ deleteOne: { filter: {}, collation: { locale: 'en_US' } } }] },
    });
    expect(leftOutReason(direct)).toMatch(/collation/);
    expect(leftOutReason(nested)).toMatch(/collation/);
  });

  it('When a test uses only the simple collation or none, then it runs', () => {
    expect(leftOutReason(testWith({ name: 'find', object: 'collection0', arguments: { filter: {}, collation: { locale: 'simple' } } }))).toBeNull();
    expect(leftOutReason(testWith({ name: 'insertOne', object: 'collection0', arguments: { document: { _id: 1 } } }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { MongoBulkWriteError, MongoInvalidArgumentError, MongoServerError } from 'mongodb';
import { checkExpectedError } from './expect-error';
import type { EntityLookup } from './match';

const entities: EntityLookup = {
  entityValue: () => undefined,
  sessionLsid: () => ({}),
};

const duplicateKey = () =>
  new MongoServerError({ ok: 0, code: 11000, codeName: 'DuplicateKey', errmsg: 'E11000 duplicate key error', keyPattern: { x: 1 }, keyValue: { x: 'foo' } });

describe('expectError', () => {
  it('When the server answers an error, then code, message and errorResponse are checked against its reply', () => {
    expect(checkExpectedError({ errorCode: 11000, errorContains: 'DUPLICATE KEY', errorResponse: { keyPattern: { x: 1 } } }, duplicateKey(), entities)).toBeNull();
    expect(checkExpectedError({ errorCode: 121 }, duplicateKey(), entities)).toContain('expected error code 121');
    expect(checkExpectedError({ errorResponse: { keyValue: { x: 'bar' } } }, duplicateKey(), entities)).toContain('errorResponse: keyValue.x');
  });

  it('When the driver rejects arguments itself, then it is a client error', () => {
    const clientError = new MongoInvalidArgumentError('Update document requires atomic operators');
    expect(checkExpectedError({ isClientError: true }, clientError, entities)).toBeNull();
    expect(checkExpectedError({ isClientError: false }, clientError, entities)).toContain('expected a server error');
    expect(checkExpectedError({ isClientError: true }, duplicateKey(), entities)).toContain('expected a client error');
  });

  it('When a bulk write fails, then its write errors count for the code and its partial result is matched', () => {
    const bulkResult = { insertedCount: 1, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0, upsertedIds: {}, insertedIds: { 0: 1 } };
    const error = new MongoBulkWriteError(
      { message: 'E11000 duplicate key error', code: 11000, writeErrors: [{ index: 1, code: 11000, errmsg: 'E11000 duplicate key error' }] } as never,
      bulkResult as never,
    );
    const expected = { errorCode: 11000, isClientError: false, expectResult: { $$unsetOrMatches: { insertedCount: 1, deletedCount: 0 } } };
    expect(checkExpectedError(expected, error, entities)).toBeNull();
    expect(checkExpectedError({ expectResult: { insertedCount: 2 } }, error, entities)).toContain('insertedCount: expected 2, got 1');
  });
});

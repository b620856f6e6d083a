import type { Doc } from '../query/bson-values';
import { compileFilter } from '../query/mingo-adapter';
import type { Collection } from '../storage/collection';
import { asCommandError, CommandError, ErrorCode } from './errors';

/** Checks a collection's `validator` option when a document is written, as MongoDB does. */
export function assertPassesValidation(collection: Collection, next: Doc, previous: Doc | undefined, bypass: boolean): void {
  const { validator, validationLevel = 'strict', validationAction = 'error' } = collection.options as {
    validator?: Doc;
    validationLevel?: string;
    validationAction?: string;
  };
  if (bypass || !validator || validationLevel === 'off' || validationAction !== 'error') return;
  const query = compileFilter(validator);
  // "moderate": documents that were already invalid may be updated freely.
  if (previous && validationLevel === 'moderate' && !query.test(previous)) return;
  if (query.test(next)) return;
  throw new CommandError(ErrorCode.DocumentValidationFailure, 'Document failed validation', {
    errInfo: { failingDocumentId: next._id, details: { operatorName: Object.keys(validator)[0] ?? '$and', specifiedAs: validator } },
  });
}

/** Validators are query filters; `$jsonSchema` would need a JSON Schema engine we do not have. */
export function checkValidatorSupported(validator: unknown): void {
  if (validator === undefined) return;
  if (validator === null || typeof validator !== 'object' || Array.isArray(validator)) {
    throw new CommandError(ErrorCode.TypeMismatch, "'validator' must be an object");
  }
  if (JSON.stringify(validator).includes('"$jsonSchema"')) {
    throw new CommandError(ErrorCode.NotImplemented, '$jsonSchema validators are not supported by mongo-embedded; use query operators');
  }
  try {
    compileFilter(validator as Doc);
  } catch (error) {
    throw asCommandError(error);
  }
}

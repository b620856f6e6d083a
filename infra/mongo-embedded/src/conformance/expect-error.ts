import {
  MongoBulkWriteError,
  MongoClientBulkWriteError,
  MongoError,
  MongoOperationTimeoutError,
  MongoServerError,
  type Document,
} from 'mongodb';
import { matchRoot, matchRootDocuments, renderValue, type Difference, type EntityLookup } from './match';
import { bulkWriteResultDocument, clientBulkWriteResultDocument, mapToDocument } from './results';
import type { ExpectedError } from './test-format';

/** Checks an operation's error against the test's `expectError` (unified-test-format.md, "expectedError"). */
export function checkExpectedError(expected: ExpectedError, error: unknown, entities: EntityLookup): Difference | null {
  const summary = errorSummary(error);
  const differences: string[] = [];

  if (expected.isClientError !== undefined && isClientError(error) !== expected.isClientError) {
    differences.push(`expected a ${expected.isClientError ? 'client' : 'server'} error, got ${summary}`);
  }
  if (expected.isTimeoutError !== undefined && error instanceof MongoOperationTimeoutError !== expected.isTimeoutError) {
    differences.push(`expected ${expected.isTimeoutError ? 'a' : 'no'} timeout error, got ${summary}`);
  }
  if (expected.errorContains !== undefined) {
    const needle = expected.errorContains.toLowerCase();
    if (!errorMessages(error).some((message) => message.toLowerCase().includes(needle))) {
      differences.push(`expected the error message to contain "${expected.errorContains}", got ${summary}`);
    }
  }
  if (expected.errorCode !== undefined && !serverErrors(error).some((serverError) => serverError.code === expected.errorCode)) {
    differences.push(`expected error code ${expected.errorCode}, got ${summary}`);
  }
  if (expected.errorCodeName !== undefined) {
    const codeName = expected.errorCodeName.toLowerCase();
    if (!serverErrors(error).some((serverError) => String(serverError.codeName ?? '').toLowerCase() === codeName)) {
      differences.push(`expected error code name ${expected.errorCodeName}, got ${summary}`);
    }
  }
  for (const label of expected.errorLabelsContain ?? []) {
    if (!hasErrorLabel(error, label)) differences.push(`expected error label ${label}, got ${summary}`);
  }
  for (const label of expected.errorLabelsOmit ?? []) {
    if (hasErrorLabel(error, label)) differences.push(`expected no error label ${label}, got ${summary}`);
  }
  if (expected.writeErrors !== undefined) {
    differences.push(...writeErrorsDifference(expected.writeErrors, error, entities));
  }
  if (expected.writeConcernErrors !== undefined) {
    const actual = error instanceof MongoClientBulkWriteError ? error.writeConcernErrors : undefined;
    const difference = matchRootDocuments(expected.writeConcernErrors, actual, entities);
    if (difference) differences.push(`writeConcernErrors: ${difference}`);
  }
  if (expected.errorResponse !== undefined) {
    const difference = matchRoot(expected.errorResponse, errorResponse(error), entities);
    if (difference) differences.push(`errorResponse: ${difference}`);
  }
  if (expected.expectResult !== undefined) {
    const difference = matchRoot(expected.expectResult, partialResult(error), entities);
    if (difference) differences.push(`expectError.expectResult: ${difference}`);
  }
  return differences.length > 0 ? differences.join('; ') : null;
}

/** A client error is one not derived from a server reply: argument checks, network failures, driver-side limits. */
function isClientError(error: unknown): boolean {
  if (error instanceof MongoClientBulkWriteError) return !(error.cause instanceof MongoServerError) && error.writeErrors.size === 0;
  if (error instanceof MongoBulkWriteError) return false;
  return !(error instanceof MongoServerError);
}

/** The server errors an error carries: itself, a client bulk write's top-level cause, and each write error. */
function serverErrors(error: unknown): Array<{ code?: unknown; codeName?: unknown }> {
  const found: Array<{ code?: unknown; codeName?: unknown }> = [];
  if (error instanceof MongoClientBulkWriteError) {
    if (error.cause instanceof MongoServerError) found.push(error.cause);
    return found;
  }
  if (error instanceof MongoServerError) found.push(error);
  if (error instanceof MongoBulkWriteError) {
    for (const writeError of error.writeErrors as unknown as Array<{ code?: unknown; errInfo?: unknown }>) found.push(writeError);
    if (error.errorResponse.writeConcernError) found.push(error.errorResponse.writeConcernError as Document);
  }
  return found;
}

/** The spec lets a bulk write's message match any of its aggregated write errors. */
function errorMessages(error: unknown): string[] {
  const messages = [error instanceof Error ? error.message : String(error)];
  if (error instanceof MongoClientBulkWriteError && error.cause instanceof Error) messages.push(error.cause.message);
  if (error instanceof MongoBulkWriteError) {
    for (const writeError of error.writeErrors as unknown as Array<{ errmsg?: string }>) messages.push(String(writeError.errmsg ?? ''));
  }
  return messages;
}

function hasErrorLabel(error: unknown, label: string): boolean {
  const target = error instanceof MongoClientBulkWriteError && error.cause instanceof MongoError ? error.cause : error;
  return target instanceof MongoError && target.hasErrorLabel(label);
}

/** The server's reply behind the error; for a single write error it is that write error's document. */
function errorResponse(error: unknown): unknown {
  const target = error instanceof MongoClientBulkWriteError ? error.cause : error;
  if (target instanceof MongoServerError) return target.errorResponse ?? target;
  return undefined;
}

function partialResult(error: unknown): unknown {
  if (error instanceof MongoClientBulkWriteError) {
    return error.partialResult ? clientBulkWriteResultDocument(error.partialResult) : undefined;
  }
  if (error instanceof MongoBulkWriteError && error.result) return bulkWriteResultDocument(error.result);
  return undefined;
}

function writeErrorsDifference(expected: Document, error: unknown, entities: EntityLookup): string[] {
  if (!(error instanceof MongoClientBulkWriteError)) return [`expected write errors, got ${errorSummary(error)}`];
  const actual = mapToDocument(error.writeErrors);
  const differences: string[] = [];
  for (const [index, expectedWriteError] of Object.entries(expected)) {
    const difference = matchRoot(expectedWriteError, actual[index], entities);
    if (difference) differences.push(`writeErrors[${index}]: ${difference}`);
  }
  const extra = Object.keys(actual).filter((index) => !(index in expected));
  if (extra.length > 0) differences.push(`unexpected write errors at ${extra.join(', ')}: ${renderValue(actual)}`);
  return differences;
}

/** One line naming an error's class, code and message, for difference reports. */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return `non-error ${renderValue(error)}`;
  const code = (error as { code?: unknown }).code;
  const codeText = code !== undefined ? ` code ${String(code)}` : '';
  return `${error.name}${codeText}: ${error.message}`.slice(0, 400);
}

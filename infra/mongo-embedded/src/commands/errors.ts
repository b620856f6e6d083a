import type { Doc } from '../query/bson-values';

/** MongoDB error codes the server answers with, named as the server names them. */
export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  Unauthorized: 13,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  InvalidIdField: 53,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  IndexAlreadyExists: 68,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  OperationFailed: 96,
  DocumentValidationFailure: 121,
  DuplicateKey: 11000,
  NotImplemented: 238,
  UnknownField: 40415,
} as const;

const codeNames = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

/** An error a command reports to the client as `{ok: 0, errmsg, code, codeName}` (or a write error). */
export class CommandError extends Error {
  readonly code: number;
  readonly extra: Doc;

  constructor(code: number, message: string, extra: Doc = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
  }

  get codeName(): string {
    return codeNames.get(this.code) ?? 'Location' + this.code;
  }

  toReply(): Doc {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** The shape a write command reports inside `writeErrors`. */
  toWriteError(index: number): Doc {
    return { index, code: this.code, codeName: this.codeName, errmsg: this.message, ...this.extra };
  }
}

/** Wraps errors from mingo or our own code into a CommandError the client understands. */
export function asCommandError(error: unknown): CommandError {
  if (error instanceof CommandError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/immutable field '_id'/.test(message)) return new CommandError(ErrorCode.ImmutableField, message);
  if (/would create a conflict/.test(message)) return new CommandError(ErrorCode.ConflictingUpdateOperators, message);
  return new CommandError(ErrorCode.BadValue, message);
}

export function duplicateKeyError(namespace: string, indexName: string, keyPattern: Doc, keyValue: Doc): CommandError {
  const shown = Object.entries(keyValue)
    .map(([field, value]) => `${field}: ${JSON.stringify(value)}`)
    .join(', ');
  return new CommandError(
    ErrorCode.DuplicateKey,
    `E11000 duplicate key error collection: ${namespace} index: ${indexName} dup key: { ${shown} }`,
    { keyPattern, keyValue },
  );
}

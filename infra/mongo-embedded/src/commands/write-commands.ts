import { ObjectId } from 'bson';
import type { Doc } from '../query/bson-values';
import { collectionName, type CommandContext, type CommandHandler, letVariables } from './command-context';
import { parseCollation } from '../query/collation';
import { assertPassesValidation } from './document-validation';
import { asCommandError, CommandError, ErrorCode } from './errors';
import { findMatching } from './matching';
import { executeUpdate } from './update-executor';

/**
 * Runs each statement of a write command, collecting per-statement errors the way MongoDB
 * reports them (`ok: 1` with `writeErrors`); an ordered batch stops at the first error.
 */
function runStatements<T>(statements: unknown, field: string, ordered: boolean, run: (statement: T, index: number) => void): Doc[] {
  if (!Array.isArray(statements)) throw new CommandError(ErrorCode.TypeMismatch, `BSON field '${field}' is missing but a required field`);
  const writeErrors: Doc[] = [];
  for (let index = 0; index < statements.length; index++) {
    try {
      run(statements[index] as T, index);
    } catch (error) {
      writeErrors.push(asCommandError(error).toWriteError(index));
      if (ordered) break;
    }
  }
  return writeErrors;
}

function withWriteErrors(reply: Doc, writeErrors: Doc[]): Doc {
  return writeErrors.length ? { ...reply, writeErrors } : reply;
}

export const insert: CommandHandler = (command, context) => {
  const name = collectionName(command);
  let inserted = 0;
  const writeErrors = runStatements<Doc>(command.documents, 'insert.documents', command.ordered !== false, (doc) => {
    if (doc === null || typeof doc !== 'object') throw new CommandError(ErrorCode.TypeMismatch, 'document to insert must be an object');
    assertValidId(doc._id);
    // MongoDB stores `_id` as the first field whatever position the client gave it.
    const { _id, ...fields } = doc;
    const stored = { _id: _id === undefined ? new ObjectId() : _id, ...fields };
    const collection = context.catalog.collectionForWrite(context.db, name);
    assertPassesValidation(collection, stored, undefined, command.bypassDocumentValidation === true);
    collection.insert(stored);
    inserted++;
  });
  return withWriteErrors({ n: inserted, ok: 1 }, writeErrors);
};

interface UpdateEntry {
  q: Doc;
  u: Doc | Doc[];
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Doc[];
  hint?: unknown;
  sort?: unknown;
  collation?: Doc;
}

export const update: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const variables = letVariables(command);
  let matched = 0;
  let modified = 0;
  const upserted: Doc[] = [];
  // Sorting the target of a single-document update arrived in MongoDB 8.0; we claim 7.0.
  if (Array.isArray(command.updates) && command.updates.some((entry: UpdateEntry) => entry?.sort !== undefined)) {
    throw new CommandError(ErrorCode.UnknownField, "BSON field 'update.updates.sort' is an unknown field.");
  }
  const writeErrors = runStatements<UpdateEntry>(command.updates, 'update.updates', command.ordered !== false, (entry, index) => {
    const outcome = executeUpdate(context.catalog.getCollection(context.db, name), () => context.catalog.collectionForWrite(context.db, name), {
      filter: entry.q ?? {},
      update: entry.u,
      multi: entry.multi === true,
      upsert: entry.upsert === true,
      arrayFilters: entry.arrayFilters,
      hint: entry.hint,
      variables,
      bypassValidation: command.bypassDocumentValidation === true,
      collation: parseCollation(entry.collation),
    });
    matched += outcome.matched;
    modified += outcome.modified;
    if (outcome.upsertedId !== undefined) upserted.push({ index, _id: outcome.upsertedId });
  });
  const reply: Doc = { n: matched + upserted.length, nModified: modified, ok: 1 };
  if (upserted.length) reply.upserted = upserted;
  return withWriteErrors(reply, writeErrors);
};

interface DeleteEntry {
  q: Doc;
  limit: number;
  hint?: unknown;
  collation?: Doc;
}

export const deleteCommand: CommandHandler = (command, context: CommandContext) => {
  const name = collectionName(command);
  const variables = letVariables(command);
  let removed = 0;
  const writeErrors = runStatements<DeleteEntry>(command.deletes, 'delete.deletes', command.ordered !== false, (entry) => {
    const collection = context.catalog.getCollection(context.db, name);
    const limit = Number(entry.limit ?? 0);
    if (limit !== 0 && limit !== 1) throw new CommandError(ErrorCode.FailedToParse, 'The limit field in delete objects must be 0 or 1. Got ' + limit);
    const matches = findMatching(collection, entry.q ?? {}, { limit, variables, hint: entry.hint, collation: parseCollation(entry.collation) });
    for (const doc of matches) collection!.delete(doc);
    removed += matches.length;
  });
  return withWriteErrors({ n: removed, ok: 1 }, writeErrors);
};

/** `_id` may be any BSON value except an array, a regex or a document with `$`-prefixed fields. */
export function assertValidId(id: unknown): void {
  if (Array.isArray(id)) throw new CommandError(ErrorCode.InvalidIdField, "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw new CommandError(ErrorCode.InvalidIdField, "The '_id' value cannot be of type regex");
  if (id !== null && typeof id === 'object' && id.constructor === Object) {
    const dollarField = Object.keys(id).find((field) => field.startsWith('$'));
    if (dollarField) throw new CommandError(ErrorCode.DollarPrefixedFieldName, `_id fields may not contain '$'-prefixed fields: ${dollarField} is not valid for storage.`);
  }
}

import type { Doc } from '../query/bson-values';
import { project } from '../query/mingo-adapter';
import { parseCollation } from '../query/collation';
import { parseSort } from '../query/sort';
import { collectionName, optionalDoc, type CommandHandler, letVariables } from './command-context';
import { CommandError, ErrorCode } from './errors';
import { findMatching } from './matching';
import { executeUpdate } from './update-executor';

/** findAndModify: errors are top-level (`ok: 0`), unlike the write commands. */
export const findAndModify: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const filter = optionalDoc(command, 'query') ?? {};
  const fields = optionalDoc(command, 'fields');
  const variables = letVariables(command);
  const collection = context.catalog.getCollection(context.db, name);
  const collation = parseCollation(command.collation);
  const shape = (doc: Doc | undefined) => (doc && fields && Object.keys(fields).length ? project([doc], fields, {})[0] : doc) ?? null;

  if (command.remove === true) {
    if (command.update !== undefined) throw new CommandError(ErrorCode.FailedToParse, 'Cannot specify both an update and remove=true');
    if (command.upsert === true) throw new CommandError(ErrorCode.FailedToParse, 'Cannot specify both upsert=true and remove=true');
    const [doc] = findMatching(collection, filter, { sort: parseSort(command.sort), limit: 1, variables, hint: command.hint, collation });
    if (doc) collection!.delete(doc);
    return { lastErrorObject: { n: doc ? 1 : 0 }, value: shape(doc), ok: 1 };
  }
  if (command.update === undefined) throw new CommandError(ErrorCode.FailedToParse, 'Either an update or remove=true must be specified');
  const outcome = executeUpdate(collection, () => context.catalog.collectionForWrite(context.db, name), {
    filter,
    update: command.update as Doc,
    multi: false,
    upsert: command.upsert === true,
    arrayFilters: command.arrayFilters as Doc[] | undefined,
    sort: command.sort,
    hint: command.hint,
    variables,
    bypassValidation: command.bypassDocumentValidation === true,
    collation,
  });
  const lastErrorObject: Doc = { n: outcome.matched || (outcome.upsertedId !== undefined ? 1 : 0), updatedExisting: outcome.matched > 0 };
  if (outcome.upsertedId !== undefined) lastErrorObject.upserted = outcome.upsertedId;
  const value = command.new === true ? outcome.after : outcome.before;
  return { lastErrorObject, value: shape(value), ok: 1 };
};

import { Long } from 'bson';
import { canonicalKey, valuesAtPath, type Doc } from '../query/bson-values';
import { project } from '../query/mingo-adapter';
import { parseCollation } from '../query/collation';
import { parseSort } from '../query/sort';
import { collectionName, optionalDoc, optionalNumber, type CommandHandler, letVariables } from './command-context';
import { asCommandError, CommandError, ErrorCode } from './errors';
import { findMatching } from './matching';

export const find: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const filter = optionalDoc(command, 'filter') ?? {};
  const rawLimit = optionalNumber(command, 'limit') ?? 0;
  if (rawLimit < 0) throw new CommandError(ErrorCode.BadValue, "LIMIT must be a non-negative number");
  const skip = optionalNumber(command, 'skip') ?? 0;
  if (skip < 0) throw new CommandError(ErrorCode.BadValue, 'skip value must be non-negative');
  const batchSize = optionalNumber(command, 'batchSize');
  const collection = context.catalog.getCollection(context.db, name);
  const docs = findMatching(collection, filter, {
    sort: parseSort(command.sort),
    skip,
    limit: rawLimit,
    variables: letVariables(command),
    hint: command.hint,
    collation: parseCollation(command.collation),
  });
  const projection = optionalDoc(command, 'projection');
  const shaped = projection && Object.keys(projection).length > 0 ? applyProjection(docs, projection, filter) : docs;
  return context.cursors.firstBatch(`${context.db}.${name}`, shaped, batchSize, command.singleBatch === true);
};

function applyProjection(docs: Doc[], projection: Doc, filter: Doc): Doc[] {
  try {
    return project(docs, projection, filter);
  } catch (error) {
    throw asCommandError(error);
  }
}

export const getMore: CommandHandler = (command, context) => {
  const id = command.getMore;
  const cursorId = id instanceof Long ? id : Long.fromNumber(Number(id));
  const name = command.collection;
  if (typeof name !== 'string') throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'getMore.collection' is missing but a required field");
  return context.cursors.getMore(cursorId, `${context.db}.${name}`, optionalNumber(command, 'batchSize'));
};

export const killCursors: CommandHandler = (command, context) => {
  const ids = command.cursors;
  if (!Array.isArray(ids)) throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'killCursors.cursors' is missing but a required field");
  return context.cursors.kill(ids);
};

export const count: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.getCollection(context.db, name);
  const query = optionalDoc(command, 'query') ?? {};
  const skip = optionalNumber(command, 'skip') ?? 0;
  const limit = Math.abs(optionalNumber(command, 'limit') ?? 0);
  const collation = parseCollation(command.collation);
  if (Object.keys(query).length === 0 && collection && command.hint === undefined) {
    const total = Math.max(0, collection.size - skip);
    return { n: limit > 0 ? Math.min(limit, total) : total, ok: 1 };
  }
  const docs = findMatching(collection, query, { skip, limit, hint: command.hint, collation });
  return { n: docs.length, ok: 1 };
};

export const distinct: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const key = command.key;
  if (typeof key !== 'string') throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'distinct.key' is missing but a required field");
  const collection = context.catalog.getCollection(context.db, name);
  const collation = parseCollation(command.collation);
  const docs = findMatching(collection, optionalDoc(command, 'query') ?? {}, { hint: command.hint, collation });
  const seen = new Map<string, unknown>();
  const seenStrings: string[] = [];
  for (const doc of docs) {
    for (const value of valuesAtPath(doc, key)) {
      const elements = Array.isArray(value) ? value : [value];
      for (const element of elements) {
        // Under a collation, strings it considers equal ("ping", "PING") count once.
        if (collation && typeof element === 'string') {
          if (seenStrings.some((known) => collation.collator.compare(known, element) === 0)) continue;
          seenStrings.push(element);
        }
        const elementKey = canonicalKey(element);
        if (!seen.has(elementKey)) seen.set(elementKey, element);
      }
    }
  }
  return { values: [...seen.values()], ok: 1 };
};

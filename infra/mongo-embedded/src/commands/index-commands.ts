import { canonicalKey, type Doc } from '../query/bson-values';
import type { IndexSpec } from '../storage/secondary-index';
import type { Collection } from '../storage/collection';
import { collectionName, type CommandHandler } from './command-context';
import { CommandError, ErrorCode } from './errors';

/** Index options that make two specs with the same key different indexes. */
const comparedOptions = ['unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression'];

export const createIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const requested = command.indexes;
  if (!Array.isArray(requested) || requested.length === 0) throw new CommandError(ErrorCode.BadValue, 'Must specify at least one index to create');
  const existed = context.catalog.getCollection(context.db, name);
  const collection = existed ?? context.catalog.collectionForWrite(context.db, name);
  const numIndexesBefore = collection.indexSpecs().length;
  let created = 0;
  for (const raw of requested as Doc[]) {
    const spec = normaliseSpec(raw);
    if (isAlreadyPresent(collection, spec)) continue;
    collection.createIndex(spec);
    created++;
  }
  const reply: Doc = { createdCollectionAutomatically: !existed, numIndexesBefore, numIndexesAfter: collection.indexSpecs().length, ok: 1 };
  if (created === 0) reply.note = 'all indexes already exist';
  return reply;
};

function normaliseSpec(raw: Doc): IndexSpec {
  const key = raw.key;
  if (!key || typeof key !== 'object' || Object.keys(key).length === 0) throw new CommandError(ErrorCode.CannotCreateIndex, 'Index keys cannot be empty.');
  for (const [field, direction] of Object.entries(key as Doc)) {
    if (typeof direction === 'string' && direction !== 'hashed') {
      throw new CommandError(ErrorCode.CannotCreateIndex, `Index type '${direction}' on field '${field}' is not supported by this server`);
    }
  }
  const name = typeof raw.name === 'string' ? raw.name : Object.entries(key as Doc).map(([field, direction]) => `${field}_${direction}`).join('_');
  const spec: IndexSpec = { v: 2, key: key as Doc, name };
  for (const [option, value] of Object.entries(raw)) if (option !== 'key' && option !== 'name' && option !== 'v') spec[option] = value;
  return spec;
}

/** True when an identical index exists; a clash of name or key with different options is an error. */
function isAlreadyPresent(collection: Collection, spec: IndexSpec): boolean {
  const wantedKey = canonicalKey(spec.key);
  for (const existing of collection.indexSpecs()) {
    const sameName = existing.name === spec.name;
    const sameKey = canonicalKey(existing.key) === wantedKey;
    if (!sameName && !sameKey) continue;
    if (sameName && !sameKey) {
      throw new CommandError(ErrorCode.IndexKeySpecsConflict, `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing)}`);
    }
    const sameOptions = comparedOptions.every((option) => canonicalKey(existing[option] ?? null) === canonicalKey(spec[option] ?? null));
    if (sameName && sameOptions) return true;
    if (existing.name === '_id_' && sameKey && sameOptions) return true;
    throw new CommandError(ErrorCode.IndexOptionsConflict, `Index already exists with a different name: ${existing.name}`);
  }
  return false;
}

export const listIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.getCollection(context.db, name);
  if (!collection) throw new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${context.db}.${name}`);
  const batchSize = (command.cursor as Doc | undefined)?.batchSize as number | undefined;
  return context.cursors.firstBatch(`${context.db}.${name}`, collection.indexSpecs(), batchSize, false);
};

export const dropIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.getCollection(context.db, name);
  if (!collection) throw new CommandError(ErrorCode.NamespaceNotFound, `ns not found ${context.db}.${name}`);
  const nIndexesWas = collection.indexSpecs().length;
  const target = command.index;
  if (target === '*') for (const indexName of [...collection.indexes.keys()]) collection.dropIndex(indexName);
  else if (typeof target === 'string') collection.dropIndex(target);
  else if (Array.isArray(target)) for (const indexName of target) collection.dropIndex(String(indexName));
  else if (target && typeof target === 'object') {
    const wanted = canonicalKey(target);
    const match = collection.indexSpecs().find((spec) => canonicalKey(spec.key) === wanted);
    if (!match) throw new CommandError(ErrorCode.IndexNotFound, `can't find index with key: ${JSON.stringify(target)}`);
    collection.dropIndex(match.name);
  } else throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'index' is missing but a required field");
  return { nIndexesWas, ok: 1 };
};

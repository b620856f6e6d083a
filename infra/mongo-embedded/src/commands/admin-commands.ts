import { calculateObjectSize } from 'bson';
import type { Doc } from '../query/bson-values';
import { compileFilter } from '../query/mingo-adapter';
import { collectionName, optionalDoc, type CommandHandler } from './command-context';
import { checkValidatorSupported } from './document-validation';
import { CommandError, ErrorCode } from './errors';

/** Collection options we accept but do not act on (capped sizes, validators, etc. are not enforced). */
const ignoredCreateFields = new Set(['create', '$db', 'lsid', 'writeConcern', 'comment']);

export const create: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const options = Object.fromEntries(Object.entries(command).filter(([field]) => !ignoredCreateFields.has(field)));
  checkValidatorSupported(options.validator);
  context.catalog.createCollection(context.db, name, options);
  return { ok: 1 };
};

export const drop: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.getCollection(context.db, name);
  // MongoDB 7.0 answers success for a collection that does not exist.
  const nIndexesWas = collection?.indexSpecs().length ?? 0;
  context.catalog.dropCollection(context.db, name);
  return { nIndexesWas, ns: `${context.db}.${name}`, ok: 1 };
};

export const dropDatabase: CommandHandler = (_command, context) => {
  context.catalog.dropDatabase(context.db);
  return { dropped: context.db, ok: 1 };
};

export const listCollections: CommandHandler = (command, context) => {
  const filter = optionalDoc(command, 'filter') ?? {};
  const nameOnly = command.nameOnly === true;
  const entries = context.catalog.collections(context.db).map((collection): Doc =>
    nameOnly
      ? { name: collection.name, type: 'collection' }
      : { name: collection.name, type: 'collection', options: collection.options, info: { readOnly: false }, idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } },
  );
  const query = compileFilter(filter);
  const batchSize = (command.cursor as Doc | undefined)?.batchSize as number | undefined;
  return context.cursors.firstBatch(`${context.db}.$cmd.listCollections`, entries.filter((entry) => query.test(entry)), batchSize, false);
};

export const listDatabases: CommandHandler = (command, context) => {
  const filter = compileFilter(optionalDoc(command, 'filter') ?? {});
  const databases = context.catalog
    .databaseNames()
    .map((name) => {
      let sizeOnDisk = 0;
      for (const collection of context.catalog.collections(name)) for (const doc of collection.all()) sizeOnDisk += calculateObjectSize(doc);
      return command.nameOnly === true ? { name } : { name, sizeOnDisk, empty: sizeOnDisk === 0 };
    })
    .filter((entry) => filter.test(entry));
  const totalSize = databases.reduce((sum, entry) => sum + (('sizeOnDisk' in entry ? entry.sizeOnDisk : 0) as number), 0);
  return command.nameOnly === true ? { databases, ok: 1 } : { databases, totalSize, totalSizeMb: Math.round(totalSize / 1e6), ok: 1 };
};

/** collMod: changes a collection's validation settings (other modifications are not supported). */
export const collMod: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.getCollection(context.db, name);
  if (!collection) throw new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${context.db}.${name}`);
  const changes: Doc = {};
  for (const field of modifiableOptions) if (command[field] !== undefined) changes[field] = command[field];
  const unsupported = Object.keys(command).find((field) => !modifiableOptions.includes(field) && !ignoredCollModFields.has(field));
  if (unsupported) throw new CommandError(ErrorCode.InvalidOptions, `collMod option '${unsupported}' is not supported by mongo-embedded`);
  checkValidatorSupported(changes.validator);
  collection.setOptions({ ...collection.options, ...changes });
  return { ok: 1 };
};

const modifiableOptions = ['validator', 'validationLevel', 'validationAction'];
const ignoredCollModFields = new Set(['collMod', '$db', 'lsid', 'writeConcern', 'comment', '$readPreference']);

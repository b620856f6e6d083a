import type {
  AnyBulkWriteOperation,
  AnyClientBulkWriteModel,
  Collection,
  Db,
  Document,
  MongoClient,
} from 'mongodb';
import { toReadPreference, type EntityMap } from './entities';
import { bulkWriteResultDocument, clientBulkWriteResultDocument } from './results';
import { AssertionFailure, RunnerError } from './runner-errors';
import type { Operation } from './test-format';

/**
 * How a result is matched: `document` as a root-level document, `documents` as a list of root-level
 * documents (a fully iterated cursor), `value` by the plain rules (scalars, `distinct`'s values).
 */
export type ResultShape = 'document' | 'documents' | 'value';

export interface OperationResult {
  value: unknown;
  shape: ResultShape;
}

/** What an operation may touch besides its own entity. */
export interface OperationContext {
  entities: EntityMap;
  /** The runner's own client: initial data, outcome checks and the testRunner assertions use it. */
  internalClient: MongoClient;
  /** Fail points configured by this test, switched off when the test ends. */
  failPoints: Array<{ client: MongoClient; name: string }>;
}

type Handler<Target> = (target: Target, args: Document, context: OperationContext) => Promise<OperationResult>;

interface OperationSpec<Target> {
  /** The arguments the operation accepts; any other one is a runner error, as the spec requires. */
  arguments: readonly string[];
  run: Handler<Target>;
}

const document = (value: unknown): OperationResult => ({ value, shape: 'document' });
const documents = (value: unknown): OperationResult => ({ value, shape: 'documents' });
const plain = (value: unknown): OperationResult => ({ value, shape: 'value' });

const readOptions = ['session', 'comment', 'readConcern', 'readPreference', 'maxTimeMS', 'rawData'];
const writeOptions = ['session', 'comment', 'writeConcern', 'rawData'];
const updateOptions = [...writeOptions, 'filter', 'upsert', 'arrayFilters', 'collation', 'hint', 'let', 'bypassDocumentValidation', 'sort'];
const findOneAndOptions = [...writeOptions, 'filter', 'sort', 'projection', 'collation', 'hint', 'let', 'maxTimeMS'];

const collectionOperations: Record<string, OperationSpec<Collection>> = {
  aggregate: {
    arguments: [...readOptions, 'pipeline', 'allowDiskUse', 'batchSize', 'bypassDocumentValidation', 'collation', 'hint', 'let', 'writeConcern'],
    run: async (collection, { pipeline, ...options }) => documents(await collection.aggregate(pipeline, options).toArray()),
  },
  bulkWrite: {
    arguments: [...writeOptions, 'requests', 'ordered', 'bypassDocumentValidation', 'let'],
    run: async (collection, { requests, ...options }) =>
      document(bulkWriteResultDocument(await collection.bulkWrite(requests as AnyBulkWriteOperation[], options))),
  },
  countDocuments: {
    arguments: [...readOptions, 'filter', 'skip', 'limit', 'collation', 'hint'],
    run: async (collection, { filter, ...options }) => plain(await collection.countDocuments(filter, options)),
  },
  count: {
    arguments: [...readOptions, 'filter', 'skip', 'limit', 'collation', 'hint'],
    run: async (collection, { filter, ...options }) => plain(await collection.count(filter, options)),
  },
  estimatedDocumentCount: {
    arguments: readOptions,
    run: async (collection, options) => plain(await collection.estimatedDocumentCount(options)),
  },
  distinct: {
    arguments: [...readOptions, 'fieldName', 'filter', 'collation', 'hint'],
    run: async (collection, { fieldName, filter, ...options }) => plain(await collection.distinct(fieldName, filter, options)),
  },
  find: {
    arguments: [...readOptions, 'filter', ...findArguments()],
    run: async (collection, { filter, ...options }) => documents(await collection.find(filter, options).toArray()),
  },
  findOne: {
    arguments: [...readOptions, 'filter', ...findArguments()],
    run: async (collection, { filter, ...options }) => document(await collection.findOne(filter, options)),
  },
  findOneAndDelete: {
    arguments: findOneAndOptions,
    run: async (collection, { filter, ...options }) => document(await collection.findOneAndDelete(filter, options)),
  },
  findOneAndReplace: {
    arguments: [...findOneAndOptions, 'replacement', 'returnDocument', 'upsert', 'bypassDocumentValidation'],
    run: async (collection, { filter, replacement, ...options }) =>
      document(await collection.findOneAndReplace(filter, replacement, withReturnDocument(options))),
  },
  findOneAndUpdate: {
    arguments: [...findOneAndOptions, 'update', 'returnDocument', 'upsert', 'arrayFilters', 'bypassDocumentValidation'],
    run: async (collection, { filter, update, ...options }) =>
      document(await collection.findOneAndUpdate(filter, update, withReturnDocument(options))),
  },
  insertOne: {
    arguments: [...writeOptions, 'document', 'bypassDocumentValidation'],
    run: async (collection, { document: inserted, ...options }) => document(await collection.insertOne(inserted, options)),
  },
  insertMany: {
    arguments: [...writeOptions, 'documents', 'ordered', 'bypassDocumentValidation'],
    run: async (collection, { documents: inserted, ...options }) => document(await collection.insertMany(inserted, options)),
  },
  updateOne: {
    arguments: [...updateOptions, 'update'],
    run: async (collection, { filter, update, ...options }) => document(await collection.updateOne(filter, update, options)),
  },
  updateMany: {
    arguments: [...updateOptions.filter((name) => name !== 'sort'), 'update'],
    run: async (collection, { filter, update, ...options }) => document(await collection.updateMany(filter, update, options)),
  },
  replaceOne: {
    arguments: [...updateOptions.filter((name) => name !== 'arrayFilters'), 'replacement'],
    run: async (collection, { filter, replacement, ...options }) =>
      document(await collection.replaceOne(filter, replacement, options)),
  },
  deleteOne: {
    arguments: [...writeOptions, 'filter', 'collation', 'hint', 'let'],
    run: async (collection, { filter, ...options }) => document(await collection.deleteOne(filter, options)),
  },
  deleteMany: {
    arguments: [...writeOptions, 'filter', 'collation', 'hint', 'let'],
    run: async (collection, { filter, ...options }) => document(await collection.deleteMany(filter, options)),
  },
  createIndex: {
    arguments: [...writeOptions, 'keys', 'name', 'unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression', 'collation'],
    run: async (collection, { keys, ...options }) => plain(await collection.createIndex(keys, options)),
  },
  dropIndex: {
    arguments: [...writeOptions, 'name'],
    run: async (collection, { name, ...options }) => document(await collection.dropIndex(name, options)),
  },
  listIndexes: {
    arguments: [...readOptions, 'batchSize'],
    run: async (collection, options) => documents(await collection.listIndexes(options).toArray()),
  },
  drop: {
    arguments: writeOptions,
    run: async (collection, options) => plain(await collection.drop(options)),
  },
};

const databaseOperations: Record<string, OperationSpec<Db>> = {
  aggregate: {
    arguments: [...readOptions, 'pipeline', 'allowDiskUse', 'batchSize', 'bypassDocumentValidation', 'collation', 'hint', 'let', 'writeConcern'],
    run: async (database, { pipeline, ...options }) => documents(await database.aggregate(pipeline, options).toArray()),
  },
  runCommand: {
    arguments: ['command', 'commandName', 'readPreference', 'session'],
    run: async (database, { command, commandName: _commandName, ...options }) => document(await database.command(command, options)),
  },
  createCollection: {
    arguments: [...writeOptions, 'collection', 'validator', 'capped', 'size', 'max', 'collation', 'clusteredIndex', 'timeseries', 'expireAfterSeconds', 'changeStreamPreAndPostImages', 'encryptedFields'],
    run: async (database, { collection, ...options }) => {
      await database.createCollection(collection, options);
      return plain(undefined);
    },
  },
  dropCollection: {
    arguments: [...writeOptions, 'collection', 'encryptedFields'],
    run: async (database, { collection, ...options }) => plain(await database.dropCollection(collection, options)),
  },
  listCollections: {
    arguments: [...readOptions, 'filter', 'batchSize', 'nameOnly', 'authorizedCollections'],
    run: async (database, { filter, ...options }) => documents(await database.listCollections(filter, options).toArray()),
  },
  // Not a driver helper: the spec's name for the `collMod` command (changing validation, indexes, ...).
  modifyCollection: {
    arguments: ['session', 'collection', 'validator', 'validationLevel', 'validationAction', 'index', 'changeStreamPreAndPostImages'],
    run: async (database, { collection, session, ...changes }) =>
      document(await database.command({ collMod: collection, ...changes }, { session })),
  },
};

const clientOperations: Record<string, OperationSpec<MongoClient>> = {
  clientBulkWrite: {
    arguments: [...writeOptions, 'models', 'ordered', 'bypassDocumentValidation', 'let', 'verboseResults'],
    run: async (client, { models, ...options }) =>
      document(clientBulkWriteResultDocument(await client.bulkWrite(clientBulkWriteModels(models as Document[]), options))),
  },
  listDatabases: {
    arguments: [...readOptions, 'filter', 'nameOnly', 'authorizedDatabases'],
    run: async (client, options) => documents((await client.db('admin').admin().listDatabases(options)).databases),
  },
};

const testRunnerOperations: Record<string, OperationSpec<OperationContext>> = {
  failPoint: {
    arguments: ['client', 'failPoint'],
    run: async (context, { client: clientName, failPoint }) => {
      const client = context.entities.client(clientName);
      await client.db('admin').command(failPoint);
      context.failPoints.push({ client, name: failPoint.configureFailPoint });
      return plain(undefined);
    },
  },
  createEntities: {
    arguments: ['entities'],
    run: async (context, { entities }) => {
      await context.entities.create(entities);
      return plain(undefined);
    },
  },
  assertCollectionExists: {
    arguments: ['databaseName', 'collectionName'],
    run: async (context, { databaseName, collectionName }) => {
      if (!(await collectionExists(context, databaseName, collectionName))) {
        throw new AssertionFailure(`collection ${databaseName}.${collectionName} does not exist`);
      }
      return plain(undefined);
    },
  },
  assertCollectionNotExists: {
    arguments: ['databaseName', 'collectionName'],
    run: async (context, { databaseName, collectionName }) => {
      if (await collectionExists(context, databaseName, collectionName)) {
        throw new AssertionFailure(`collection ${databaseName}.${collectionName} exists`);
      }
      return plain(undefined);
    },
  },
  assertIndexExists: {
    arguments: ['databaseName', 'collectionName', 'indexName'],
    run: async (context, { databaseName, collectionName, indexName }) => {
      if (!(await indexNames(context, databaseName, collectionName)).includes(indexName)) {
        throw new AssertionFailure(`index ${indexName} does not exist on ${databaseName}.${collectionName}`);
      }
      return plain(undefined);
    },
  },
  assertIndexNotExists: {
    arguments: ['databaseName', 'collectionName', 'indexName'],
    run: async (context, { databaseName, collectionName, indexName }) => {
      if ((await indexNames(context, databaseName, collectionName)).includes(indexName)) {
        throw new AssertionFailure(`index ${indexName} exists on ${databaseName}.${collectionName}`);
      }
      return plain(undefined);
    },
  },
};

/** Runs one operation of a test against its entity and returns its (converted) result; errors propagate. */
export async function executeOperation(operation: Operation, context: OperationContext): Promise<OperationResult> {
  const rawArguments = operation.arguments ?? {};
  if (operation.object === 'testRunner') {
    const spec = lookup(testRunnerOperations, operation);
    return spec.run(context, rawArguments, context);
  }
  const kind = context.entities.kindOf(operation.object);
  switch (kind) {
    case 'collection': {
      const spec = lookup(collectionOperations, operation);
      return spec.run(context.entities.collection(operation.object), prepareArguments(rawArguments, context), context);
    }
    case 'database': {
      const spec = lookup(databaseOperations, operation);
      return spec.run(context.entities.database(operation.object), prepareArguments(rawArguments, context), context);
    }
    case 'client': {
      const spec = lookup(clientOperations, operation);
      return spec.run(context.entities.client(operation.object), prepareArguments(rawArguments, context), context);
    }
    default:
      throw new RunnerError(`operations on ${kind} entities are not supported (${operation.name} on ${operation.object})`);
  }
}

function lookup<Target>(specs: Record<string, OperationSpec<Target>>, operation: Operation): OperationSpec<Target> {
  const spec = Object.hasOwn(specs, operation.name) ? specs[operation.name] : undefined;
  if (!spec) throw new RunnerError(`unsupported operation ${operation.name} on ${operation.object}`);
  const unknown = Object.keys(operation.arguments ?? {}).filter((name) => !spec.arguments.includes(name));
  if (unknown.length > 0) throw new RunnerError(`unsupported argument(s) ${unknown.join(', ')} for ${operation.name}`);
  return spec;
}

/** The spec's "special handling for arguments": a session name becomes the session, a read preference a driver object. */
function prepareArguments(args: Document, context: OperationContext): Document {
  const prepared: Document = { ...args };
  if (typeof args.session === 'string') prepared.session = context.entities.session(args.session);
  if (args.readPreference) prepared.readPreference = toReadPreference(args.readPreference);
  return prepared;
}

function withReturnDocument(options: Document): Document {
  if (options.returnDocument === undefined) return options;
  const returnDocument = String(options.returnDocument).toLowerCase();
  if (returnDocument !== 'before' && returnDocument !== 'after') {
    throw new RunnerError(`returnDocument must be Before or After, got ${options.returnDocument}`);
  }
  return { ...options, returnDocument };
}

function findArguments(): string[] {
  return ['sort', 'skip', 'limit', 'batchSize', 'projection', 'hint', 'collation', 'allowDiskUse', 'let', 'min', 'max', 'returnKey', 'showRecordId', 'noCursorTimeout', 'singleBatch', 'allowPartialResults', 'maxAwaitTimeMS', 'cursorType', 'timeoutMode'];
}

/** The format nests each model under its kind (`{insertOne: {...}}`); the driver wants `{name: 'insertOne', ...}`. */
function clientBulkWriteModels(models: Document[]): AnyClientBulkWriteModel<Document>[] {
  return models.map((model) => {
    const [name] = Object.keys(model);
    return { name, ...model[name] } as AnyClientBulkWriteModel<Document>;
  });
}

async function collectionExists(context: OperationContext, databaseName: string, collectionName: string): Promise<boolean> {
  const found = await context.internalClient.db(databaseName).listCollections({ name: collectionName }, { nameOnly: true }).toArray();
  return found.length > 0;
}

async function indexNames(context: OperationContext, databaseName: string, collectionName: string): Promise<string[]> {
  const indexes = await context.internalClient.db(databaseName).collection(collectionName).listIndexes().toArray();
  return indexes.map((index) => String(index.name));
}

import { cloneDoc, type Doc } from '../query/bson-values';
import { parseCollation, type Collation } from '../query/collation';
import { mingoOptions, runPipeline } from '../query/mingo-adapter';
import type { Catalog } from '../storage/catalog';
import { optionalDoc, type CommandContext, type CommandHandler, letVariables } from './command-context';
import { asCommandError, CommandError, duplicateKeyError, ErrorCode } from './errors';
import { findMatching } from './matching';

/** Stages that write their input into another collection; we run them ourselves after mingo. */
const writeStages = new Set(['$out', '$merge']);

export const aggregate: CommandHandler = (command, context) => {
  const target = command.aggregate;
  const pipeline = command.pipeline;
  if (!Array.isArray(pipeline)) throw new CommandError(ErrorCode.TypeMismatch, "'pipeline' option must be specified as an array");
  const cursorOptions = optionalDoc(command, 'cursor');
  if (!cursorOptions && command.explain !== true) throw new CommandError(ErrorCode.FailedToParse, "The 'cursor' option is required, except for aggregate with the explain argument");
  const stages = pipeline as Doc[];
  const last = stages[stages.length - 1];
  const writeStage = last && writeStages.has(Object.keys(last)[0]) ? last : undefined;
  const readStages = writeStage ? stages.slice(0, -1) : stages;

  const variables = letVariables(command);
  const collation = parseCollation(command.collation);
  const collectionDocs =
    typeof target === 'string' ? initialDocuments(context, target, readStages, command.hint, collation) : databaseSource(context, readStages);
  // Joined documents may be edited by later stages, so $lookup and friends get copies.
  const resolveCollection = (name: string) => [...(context.catalog.getCollection(context.db, name)?.all() ?? [])].map(cloneDoc);
  const options = mingoOptions({ variables, resolveCollection, collation });
  let results: Doc[];
  try {
    results = collectionDocs.remaining.length ? runPipeline(collectionDocs.remaining, collectionDocs.docs, options) : collectionDocs.docs;
  } catch (error) {
    throw asCommandError(error);
  }
  const namespace = typeof target === 'string' ? `${context.db}.${target}` : `${context.db}.$cmd.aggregate`;
  if (writeStage) {
    writeResults(context.catalog, context.db, writeStage, results);
    return context.cursors.firstBatch(namespace, [], 0, false);
  }
  return context.cursors.firstBatch(namespace, results, cursorOptions?.batchSize as number | undefined, false);
};

/** A leading `$match` (and `$sort`, `$skip`, `$limit` after it) runs through the index planner. */
function initialDocuments(
  context: CommandContext,
  name: string,
  stages: Doc[],
  hint: unknown,
  collation: Collation | undefined,
): { docs: Doc[]; remaining: Doc[] } {
  const collection = context.catalog.getCollection(context.db, name);
  const first = stages[0];
  if (first && '$match' in first && !containsExpr(first.$match)) {
    return { docs: findMatching(collection, first.$match as Doc, { hint, collation }), remaining: stages.slice(1) };
  }
  return { docs: findMatching(collection, {}, { hint }), remaining: stages };
}

/** `aggregate: 1` pipelines start from a source stage instead of a collection. */
function databaseSource(context: CommandContext, stages: Doc[]): { docs: Doc[]; remaining: Doc[] } {
  const first = stages[0];
  if (first && '$listLocalSessions' in first) return { docs: context.sessions.list(), remaining: stages.slice(1) };
  return { docs: [], remaining: stages };
}

function containsExpr(filter: unknown): boolean {
  return JSON.stringify(filter ?? {}).includes('"$expr"');
}

function writeResults(catalog: Catalog, db: string, stage: Doc, results: Doc[]): void {
  const [operator, spec] = Object.entries(stage)[0];
  if (operator === '$out') {
    const targetDb = typeof spec === 'string' ? db : String((spec as Doc).db ?? db);
    const targetName = typeof spec === 'string' ? spec : String((spec as Doc).coll);
    catalog.dropCollection(targetDb, targetName);
    const collection = catalog.createCollection(targetDb, targetName, {});
    for (const doc of results) collection.insert(doc);
    return;
  }
  const into = (spec as Doc).into;
  const targetDb = typeof into === 'string' ? db : String((into as Doc).db ?? db);
  const targetName = typeof into === 'string' ? into : String((into as Doc).coll);
  const whenMatched = (spec as Doc).whenMatched ?? 'merge';
  const whenNotMatched = (spec as Doc).whenNotMatched ?? 'insert';
  const collection = catalog.collectionForWrite(targetDb, targetName);
  for (const doc of results) {
    const existing = collection.getById(doc._id);
    if (!existing) {
      if (whenNotMatched === 'insert') collection.insert(doc);
      else if (whenNotMatched === 'fail') throw new CommandError(13113, "$merge could not find a matching document in the target collection for at least one document in the source collection");
      continue;
    }
    if (whenMatched === 'replace') collection.replace(existing, doc);
    else if (whenMatched === 'merge') collection.replace(existing, { ...existing, ...doc });
    else if (whenMatched === 'fail') throw duplicateKeyError(collection.namespace, '_id_', { _id: 1 }, { _id: doc._id });
  }
}

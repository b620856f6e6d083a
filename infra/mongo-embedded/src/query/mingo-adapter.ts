import { Context, ProcessingMode } from 'mingo';
import { evalExpr } from 'mingo/core';
import { Query } from 'mingo/query';
import { Aggregator } from 'mingo/aggregator';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import type { Options } from 'mingo/types';
import { cloneDoc, type Doc } from './bson-values';
import type { Collation } from './collation';
import { comparisonOperators } from './comparison-operators';

/**
 * mingo copies its whole operator table whenever it is handed plain options (every Query,
 * Aggregator and update), which the prototype measured at about half the CPU of a find by `_id`.
 * Handed its own prepared options object instead, it reuses it. That object is not exported, so
 * we catch the one a Query passes to its operators, through an operator that exists for this.
 */
const CAPTURE_OPERATOR = '$__mongoEmbeddedCaptureOptions';
let capturedOptions: Options | undefined;

const sharedContext = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: {
    ...queryOperators,
    ...comparisonOperators,
    [CAPTURE_OPERATOR]: (_selector: string, _value: unknown, options: Options) => {
      capturedOptions = options;
      return () => true;
    },
  },
  window: windowOperators,
});

export interface QueryOptionsInput {
  /** `let` variables of the command, visible as `$$name` inside `$expr` and pipelines. */
  variables?: Doc;
  /** Resolves a collection name of the same database, for `$lookup`, `$unionWith`, `$graphLookup`. */
  resolveCollection?: (name: string) => Doc[];
  /** A non-simple collation; our comparison operators read it from the options. */
  collation?: Collation;
}

/** Options for one command; without variables or a resolver the prepared shared ones are returned. */
export function mingoOptions(input: QueryOptionsInput = {}): Options {
  if (!input.variables && !input.resolveCollection && !input.collation) return defaultOptions;
  return prepareOptions(input);
}

/**
 * Plain options, for mingo's updater: it spreads the options object it is given, which loses the
 * prepared object's fields (and with them our operators), so it must get a plain one.
 */
export function plainMingoOptions(input: QueryOptionsInput = {}): Options {
  return {
    idKey: '_id',
    processingMode: ProcessingMode.CLONE_OFF,
    useStrictMode: true,
    scriptEnabled: false,
    failOnError: true,
    context: sharedContext,
    variables: input.variables,
    collectionResolver: input.resolveCollection,
    collation: input.collation?.spec,
  };
}

function prepareOptions(input: QueryOptionsInput): Options {
  const plain = plainMingoOptions(input);
  capturedOptions = undefined;
  new Query({ options: { [CAPTURE_OPERATOR]: true } }, plain);
  return capturedOptions ?? plain;
}

const defaultOptions = prepareOptions({});

/** A compiled filter: `test(doc)` says whether a document matches. */
export function compileFilter(filter: Doc, options: Options = defaultOptions): Query {
  return new Query(filter, options);
}

/** Stages that build new documents or pass inputs through unchanged; any other stage may edit its input in place. */
const nonMutatingStages = new Set(['$match', '$sort', '$skip', '$limit', '$count', '$group', '$sortByCount']);

/**
 * Runs an aggregation pipeline. mingo edits input documents in place in several stages
 * ($addFields, $project exclusions, $unset...), so stored documents are copied first unless
 * every stage is known to leave them alone.
 */
export function runPipeline(pipeline: Doc[], docs: Doc[], options: Options): Doc[] {
  const safe = pipeline.every((stage) => nonMutatingStages.has(Object.keys(stage)[0]));
  return new Aggregator(pipeline, options).run(safe ? docs : docs.map(cloneDoc));
}

/**
 * Applies a find projection (inclusion/exclusion, `$slice`, `$elemMatch`, positional) to copies
 * of the documents, `_id` first as MongoDB returns it.
 */
export function project(docs: Doc[], projection: Doc, filter: Doc, options: Options = defaultOptions): Doc[] {
  return new Query(filter, options).find<Doc>(docs.map(cloneDoc), projection).all().map(idFirst);
}

function idFirst(doc: Doc): Doc {
  if (doc._id === undefined || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

/** `let` values are expressions evaluated once per command (`{$literal: '$x'}` becomes `'$x'`). */
export function evaluateVariables(definitions: Doc): Doc {
  const evaluated: Doc = {};
  for (const [name, expression] of Object.entries(definitions)) evaluated[name] = evalExpr({}, expression, defaultOptions);
  return evaluated;
}

import { ObjectId } from 'bson';
import { updateOne } from 'mingo/updater';
import { canonicalKey, cloneDoc, isNumeric, typeName, valuesEqual, type Doc } from './bson-values';
import { mingoOptions, plainMingoOptions, runPipeline } from './mingo-adapter';
import { applySimpleUpdate } from './simple-update';
import { asCommandError, CommandError, ErrorCode } from '../commands/errors';

export type UpdateSpec = Doc | Doc[];

export interface UpdateContext {
  /** The filter that selected the document; positional `$` updates read it. */
  filter: Doc;
  arrayFilters?: Doc[];
  variables?: Doc;
}

const knownOperators = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$push', '$addToSet', '$pull', '$pullAll',
  '$pop', '$currentDate', '$bit', '$setOnInsert',
]);

/** Whether an update document replaces the whole document (no `$` operators). */
export function isReplacement(update: UpdateSpec): update is Doc {
  if (Array.isArray(update)) return false;
  const keys = Object.keys(update);
  return keys.length === 0 || !keys[0].startsWith('$');
}

/** Rejects update documents MongoDB rejects before touching any document. */
export function validateUpdateSpec(update: unknown): asserts update is UpdateSpec {
  if (Array.isArray(update)) return;
  if (update === null || typeof update !== 'object') throw new CommandError(ErrorCode.FailedToParse, 'Update argument must be either an object or an array');
  const keys = Object.keys(update);
  if (keys.length === 0 || !keys[0].startsWith('$')) {
    const operator = keys.find((key) => key.startsWith('$'));
    if (operator && knownOperators.has(operator)) throw new CommandError(ErrorCode.FailedToParse, `Unknown modifier: ${keys[0]}. Expected a valid update modifier or pipeline-style update specified as an array`);
    return;
  }
  for (const key of keys) {
    if (!knownOperators.has(key)) {
      throw new CommandError(ErrorCode.FailedToParse, `Unknown modifier: ${key}. Expected a valid update modifier or pipeline-style update specified as an array`);
    }
    const argument = (update as Doc)[key];
    if (argument === null || typeof argument !== 'object' || Array.isArray(argument)) {
      throw new CommandError(ErrorCode.FailedToParse, `Modifiers operate on fields but we found type ${typeName(argument)} instead. For example: {$mod: {<field>: ...}} not {${key}: ${JSON.stringify(argument)}}`);
    }
  }
}

/** Returns the updated copy of `original`; the original stays untouched. */
export function applyUpdate(original: Doc, update: UpdateSpec, context: UpdateContext): Doc {
  if (Array.isArray(update)) return applyPipeline(original, update, context);
  if (isReplacement(update)) return replaceDocument(original, update);
  return applyOperators(cloneDoc(original), update, context, false);
}

/** The document an upsert inserts when nothing matched. */
export function buildUpsertDocument(filter: Doc, update: UpdateSpec, context: UpdateContext): Doc {
  let doc: Doc;
  if (Array.isArray(update)) doc = applyPipeline(equalityFields(filter), update, context, true);
  else if (isReplacement(update)) {
    const { _id: replacementId, ...rest } = update;
    const filterId = equalityFields(filter)._id;
    doc = { _id: replacementId !== undefined ? replacementId : filterId, ...rest };
  } else doc = applyOperators(equalityFields(filter), update, { ...context, filter: {} }, true);
  if (doc._id === undefined) {
    const { _id: _missing, ...rest } = doc;
    doc = { _id: new ObjectId(), ...rest };
  } else if (Object.keys(doc)[0] !== '_id') {
    const { _id, ...rest } = doc;
    doc = { _id, ...rest };
  }
  return doc;
}

function replaceDocument(original: Doc, replacement: Doc): Doc {
  const { _id: replacementId, ...rest } = replacement;
  if (replacementId !== undefined && !valuesEqual(replacementId, original._id)) throw immutableIdError(replacementId);
  return { _id: original._id, ...cloneDoc(rest) };
}

function applyPipeline(original: Doc, pipeline: Doc[], context: UpdateContext, inserting = false): Doc {
  let result: Doc | undefined;
  try {
    [result] = runPipeline(pipeline, [cloneDoc(original)], mingoOptions({ variables: context.variables }));
  } catch (error) {
    throw asCommandError(error);
  }
  if (!result) throw new CommandError(ErrorCode.BadValue, 'Update pipeline removed the document');
  // A pipeline that drops `_id` (e.g. $replaceRoot) keeps the document's identity, as in MongoDB.
  const updated = result._id === undefined && original._id !== undefined ? { _id: original._id, ...result } : result;
  if (!inserting && !valuesEqual(updated._id, original._id)) throw immutableIdError(updated._id);
  return updated;
}

function applyOperators(doc: Doc, update: Doc, context: UpdateContext, inserting: boolean): Doc {
  const modifier: Doc = {};
  for (const [operator, argument] of Object.entries(update)) {
    if (operator === '$setOnInsert') {
      if (inserting) modifier.$set = { ...(modifier.$set as Doc | undefined), ...(argument as Doc) };
      continue;
    }
    if (operator === '$set' && modifier.$set) modifier.$set = { ...(argument as Doc), ...(modifier.$set as Doc) };
    else modifier[operator] = argument;
  }
  stripNoOpIdWrites(doc, modifier, inserting);
  for (const [operator, argument] of Object.entries(modifier)) checkOperatorTypes(doc, operator, argument as Doc);
  seedMissingArrays(doc, modifier);
  const nonEmpty = Object.fromEntries(Object.entries(modifier).filter(([, argument]) => Object.keys(argument as Doc).length > 0));
  if (Object.keys(nonEmpty).length === 0) return doc;
  if (applySimpleUpdate(doc, nonEmpty, (context.arrayFilters?.length ?? 0) > 0)) return doc;
  const options = plainMingoOptions({ variables: context.variables });
  const documents = [doc];
  try {
    updateOne(documents, context.filter, nonEmpty, { arrayFilters: context.arrayFilters, cloneMode: 'copy' }, options);
  } catch (error) {
    throw asCommandError(error);
  }
  return documents[0];
}

/**
 * mingo refuses any write to `_id`; MongoDB allows one that leaves it unchanged (mongoose sends
 * such `$set`s) and rejects a real change with ImmutableField.
 */
function stripNoOpIdWrites(doc: Doc, modifier: Doc, inserting: boolean): void {
  for (const [operator, argument] of Object.entries(modifier)) {
    const fields = argument as Doc;
    for (const path of Object.keys(fields)) {
      const touchesId = path === '_id' || path.startsWith('_id.');
      const renameTarget = operator === '$rename' && (fields[path] === '_id' || String(fields[path]).startsWith('_id.'));
      if (!touchesId && !renameTarget) continue;
      if (operator === '$set' && path === '_id' && (inserting || doc._id === undefined || valuesEqual(fields[path], doc._id))) {
        if (inserting) doc._id = fields[path];
        const { _id: _ignored, ...rest } = fields;
        modifier[operator] = rest;
        continue;
      }
      if (inserting && operator === '$set') continue;
      throw new CommandError(ErrorCode.ImmutableField, `Performing an update on the path '${path}' would modify the immutable field '_id'`);
    }
  }
}

/**
 * mingo applies `$each`/`$sort`/`$slice` and de-duplication only to an existing array; MongoDB
 * treats a missing field as an empty one. Seeding `[]` gives the same result.
 */
function seedMissingArrays(doc: Doc, modifier: Doc): void {
  for (const operator of ['$push', '$addToSet']) {
    for (const path of Object.keys((modifier[operator] as Doc | undefined) ?? {})) {
      if (path.includes('$')) continue;
      const inspected = inspectPath(doc, path);
      if (inspected.value === undefined && !inspected.blockedBy) setPath(doc, path, []);
    }
  }
}

/** MongoDB answers type errors where mingo would silently skip or coerce. */
function checkOperatorTypes(doc: Doc, operator: string, fields: Doc): void {
  for (const [path, argument] of Object.entries(fields)) {
    if ((operator === '$inc' || operator === '$mul') && !isNumeric(argument)) {
      const verb = operator === '$inc' ? 'increment' : 'multiply';
      throw new CommandError(ErrorCode.TypeMismatch, `Cannot ${verb} with non-numeric argument: {${path}: ${JSON.stringify(argument)}}`);
    }
    if (path.includes('$')) continue;
    const inspected = inspectPath(doc, path);
    if (inspected.blockedBy && operator !== '$unset' && operator !== '$pull' && operator !== '$pullAll' && operator !== '$pop' && operator !== '$rename') {
      throw new CommandError(ErrorCode.PathNotViable, `Cannot create field '${inspected.blockedBy.field}' in element {${inspected.blockedBy.parent}: ${JSON.stringify(inspected.blockedBy.value)}}`);
    }
    const current = inspected.value;
    if (current === undefined) continue;
    const idShown = `{_id: ${JSON.stringify(doc._id)}}`;
    if ((operator === '$inc' || operator === '$mul') && !isNumeric(current)) {
      throw new CommandError(ErrorCode.TypeMismatch, `Cannot apply ${operator} to a value of non-numeric type. ${idShown} has the field '${path}' of non-numeric type ${typeName(current)}`);
    }
    if ((operator === '$push' || operator === '$addToSet') && !Array.isArray(current)) {
      throw new CommandError(ErrorCode.BadValue, `The field '${path}' must be an array but is of type ${typeName(current)} in document ${idShown}`);
    }
    if ((operator === '$pull' || operator === '$pullAll') && !Array.isArray(current)) {
      throw new CommandError(ErrorCode.BadValue, `Cannot apply ${operator} to a non-array value`);
    }
    if (operator === '$pop' && !Array.isArray(current)) {
      throw new CommandError(ErrorCode.TypeMismatch, `Path '${path}' contains an element of non-array type '${typeName(current)}'`);
    }
  }
}

interface InspectedPath {
  value: unknown;
  blockedBy?: { field: string; parent: string; value: unknown };
}

/** The value at an exact dotted path, or the scalar that stands in the way of creating it. */
function inspectPath(doc: Doc, path: string): InspectedPath {
  const parts = path.split('.');
  let current: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (current === undefined) return { value: undefined };
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(parts[i])) return { value: undefined };
      current = current[Number(parts[i])];
      continue;
    }
    if (current === null || typeof current !== 'object' || current.constructor !== Object) {
      return { value: undefined, blockedBy: { field: parts[i], parent: parts[i - 1], value: current } };
    }
    current = (current as Doc)[parts[i]];
  }
  return { value: current };
}

/** Fields a filter pins to one value, which seed the document an upsert inserts. */
function equalityFields(filter: Doc): Doc {
  const seeded: Doc = {};
  collectEqualities(filter, seeded);
  return seeded;
}

function collectEqualities(filter: Doc, seeded: Doc): void {
  for (const [path, condition] of Object.entries(filter)) {
    if (path === '$and' && Array.isArray(condition)) {
      for (const clause of condition) collectEqualities(clause as Doc, seeded);
      continue;
    }
    if (path.startsWith('$')) continue;
    let value: unknown = condition;
    if (condition !== null && typeof condition === 'object' && condition.constructor === Object) {
      const keys = Object.keys(condition);
      if (keys.length > 0 && keys[0].startsWith('$')) {
        if (!('$eq' in (condition as Doc))) continue;
        value = (condition as Doc).$eq;
      }
    }
    if (value instanceof RegExp) continue;
    setPath(seeded, path, cloneDoc(value));
  }
}

function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let target = doc;
  for (const part of parts.slice(0, -1)) {
    const next = target[part];
    if (next === null || typeof next !== 'object') target[part] = {};
    target = target[part] as Doc;
  }
  target[parts[parts.length - 1]] = value;
}

function immutableIdError(newId: unknown): CommandError {
  return new CommandError(ErrorCode.ImmutableField, `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${JSON.stringify(newId)}`);
}

/** Whether an update changed anything a client would notice (field order counts, as in MongoDB). */
export function documentChanged(before: Doc, after: Doc): boolean {
  return canonicalKey(before) !== canonicalKey(after);
}

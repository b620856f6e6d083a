import type { Doc } from '../query/bson-values';
import { applyUpdate, buildUpsertDocument, documentChanged, isReplacement, validateUpdateSpec, type UpdateSpec } from '../query/update';
import { CommandError, ErrorCode } from './errors';
import type { Collation } from '../query/collation';
import { parseSort } from '../query/sort';
import type { Collection } from '../storage/collection';
import { assertPassesValidation } from './document-validation';
import { findMatching } from './matching';

export interface UpdateStatement {
  filter: Doc;
  update: UpdateSpec;
  multi: boolean;
  upsert: boolean;
  arrayFilters?: Doc[];
  sort?: unknown;
  hint?: unknown;
  variables?: Doc;
  bypassValidation?: boolean;
  collation?: Collation;
}

export interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  /** The document before and after the (first) change, for findAndModify. */
  before?: Doc;
  after?: Doc;
}

/** Runs one update statement against a collection (created by the caller when upserting). */
export function executeUpdate(collection: Collection | undefined, getCollectionForWrite: () => Collection, statement: UpdateStatement): UpdateOutcome {
  validateUpdateSpec(statement.update);
  if (statement.multi && isReplacement(statement.update)) {
    throw new CommandError(ErrorCode.FailedToParse, 'multi update is not supported for replacement-style update');
  }
  const matches = findMatching(collection, statement.filter, {
    sort: parseSort(statement.sort),
    limit: statement.multi ? 0 : 1,
    variables: statement.variables,
    hint: statement.hint,
    collation: statement.collation,
  });
  const context = { filter: statement.filter, arrayFilters: statement.arrayFilters, variables: statement.variables };
  if (matches.length === 0) {
    if (!statement.upsert) return { matched: 0, modified: 0 };
    const inserted = buildUpsertDocument(statement.filter, statement.update, context);
    const target = getCollectionForWrite();
    assertPassesValidation(target, inserted, undefined, statement.bypassValidation === true);
    target.insert(inserted);
    return { matched: 0, modified: 0, upsertedId: inserted._id, after: inserted };
  }
  const outcome: UpdateOutcome = { matched: matches.length, modified: 0 };
  for (const doc of matches) {
    const updated = applyUpdate(doc, statement.update, context);
    if (!outcome.before) {
      outcome.before = doc;
      outcome.after = updated;
    }
    if (!documentChanged(doc, updated)) continue;
    assertPassesValidation(collection!, updated, doc, statement.bypassValidation === true);
    collection!.replace(doc, updated);
    outcome.modified++;
  }
  return outcome;
}

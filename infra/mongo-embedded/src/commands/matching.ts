import { canonicalKey, type Doc } from '../query/bson-values';
import { compileFilter, mingoOptions } from '../query/mingo-adapter';
import type { Collation } from '../query/collation';
import { sortDocuments, type SortSpec } from '../query/sort';
import type { Collection } from '../storage/collection';
import { planCandidates } from '../storage/query-planner';
import { asCommandError, CommandError, ErrorCode } from './errors';

export interface MatchOptions {
  sort?: SortSpec;
  skip?: number;
  /** 0 or absent: no limit. */
  limit?: number;
  variables?: Doc;
  hint?: unknown;
  collation?: Collation;
}

/** Documents of `collection` matching `filter`, sorted, skipped and limited as asked. */
export function findMatching(collection: Collection | undefined, filter: Doc, options: MatchOptions = {}): Doc[] {
  if (collection && options.hint !== undefined) assertHintUsable(collection, options.hint);
  const query = compileQuery(filter, options.variables, options.collation);
  if (!collection) return [];
  const sort = options.sort ?? [];
  const skip = options.skip ?? 0;
  const limit = options.limit ?? 0;
  // Indexes hold exact values; under a collation "PING" must also find "ping", so scan.
  const plan = options.collation ? { docs: collection.all(), sortedBySpec: false } : planCandidates(collection, filter, sort, limit > 0 ? skip + limit : 0);
  const enough = limit > 0 && (sort.length === 0 || plan.sortedBySpec) ? skip + limit : Infinity;
  const matched: Doc[] = [];
  try {
    for (const doc of plan.docs) {
      if (!query.test(doc)) continue;
      matched.push(doc);
      if (matched.length >= enough) break;
    }
  } catch (error) {
    throw asCommandError(error);
  }
  const ordered = plan.sortedBySpec ? matched : sortDocuments(matched, sort, options.collation?.collator);
  const end = limit > 0 ? skip + limit : undefined;
  return skip > 0 || end !== undefined ? ordered.slice(skip, end) : ordered;
}

export function compileQuery(filter: Doc, variables?: Doc, collation?: Collation) {
  try {
    return compileFilter(filter, mingoOptions({ variables, collation }));
  } catch (error) {
    throw asCommandError(error);
  }
}

/** MongoDB refuses a hint naming an index that does not exist. */
export function assertHintUsable(collection: Collection, hint: unknown): void {
  const specs = collection.indexSpecs();
  if (typeof hint === 'string') {
    if (specs.some((spec) => spec.name === hint)) return;
  } else if (hint && typeof hint === 'object') {
    if ('$natural' in hint) return;
    const wanted = canonicalKey(hint);
    if (specs.some((spec) => canonicalKey(spec.key) === wanted)) return;
  } else return;
  throw new CommandError(ErrorCode.BadValue, 'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index');
}

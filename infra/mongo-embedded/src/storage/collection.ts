import { canonicalKey, type Doc } from '../query/bson-values';
import { CommandError, ErrorCode, duplicateKeyError } from '../commands/errors';
import type { ChangeSink } from './change-log';
import { SecondaryIndex, type IndexSpec } from './secondary-index';

export const ID_INDEX_NAME = '_id_';

/** Documents of one collection keyed by canonical `_id`, with their secondary indexes. */
export class Collection {
  readonly db: string;
  readonly name: string;
  private currentOptions: Doc;
  readonly indexes = new Map<string, SecondaryIndex>();
  private readonly docs = new Map<string, Doc>();
  private readonly changes: ChangeSink;

  constructor(db: string, name: string, options: Doc, changes: ChangeSink) {
    this.db = db;
    this.name = name;
    this.currentOptions = options;
    this.changes = changes;
  }

  /** Creation options (validator, validationLevel, ...) as given to create or collMod. */
  get options(): Doc {
    return this.currentOptions;
  }

  setOptions(options: Doc): void {
    this.currentOptions = options;
    this.changes.record({ op: 'setOptions', db: this.db, coll: this.name, options });
  }

  get namespace(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  /** Documents in natural (insertion) order. */
  all(): IterableIterator<Doc> {
    return this.docs.values();
  }

  getByKey(idKey: string): Doc | undefined {
    return this.docs.get(idKey);
  }

  getById(id: unknown): Doc | undefined {
    return this.docs.get(canonicalKey(id));
  }

  indexSpecs(): IndexSpec[] {
    return [{ v: 2, key: { _id: 1 }, name: ID_INDEX_NAME }, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  /** Adds a new document; throws E11000 without changing anything if a unique key is taken. */
  insert(doc: Doc): void {
    const idKey = canonicalKey(doc._id);
    if (this.docs.has(idKey)) throw duplicateKeyError(this.namespace, ID_INDEX_NAME, { _id: 1 }, { _id: doc._id });
    this.assertUniqueKeysFree(doc, undefined);
    this.docs.set(idKey, doc);
    for (const index of this.indexes.values()) index.add(idKey, doc);
    this.changes.record({ op: 'put', db: this.db, coll: this.name, doc });
  }

  /** Swaps a stored document for its updated version (same `_id`). */
  replace(previous: Doc, next: Doc): void {
    const idKey = canonicalKey(previous._id);
    this.assertUniqueKeysFree(next, idKey);
    for (const index of this.indexes.values()) index.update(idKey, previous, next);
    this.docs.set(idKey, next);
    this.changes.record({ op: 'put', db: this.db, coll: this.name, doc: next });
  }

  delete(doc: Doc): void {
    const idKey = canonicalKey(doc._id);
    if (!this.docs.delete(idKey)) return;
    for (const index of this.indexes.values()) index.remove(idKey, doc);
    this.changes.record({ op: 'delete', db: this.db, coll: this.name, id: doc._id });
  }

  /** Builds an index over the existing documents; an existing unique violation fails the build. */
  createIndex(spec: IndexSpec): void {
    const index = new SecondaryIndex(spec);
    if (index.unique) {
      // Uniqueness is checked on a scratch map first so a failed build leaves nothing behind.
      const owners = new Map<string, string>();
      for (const [idKey, doc] of this.docs) {
        for (const tuple of index.keysOf(doc)) {
          const key = canonicalKey(tuple);
          const owner = owners.get(key);
          if (owner !== undefined && owner !== idKey) throw duplicateKeyError(this.namespace, spec.name, spec.key, index.keyValueOf(tuple));
          owners.set(key, idKey);
        }
      }
    }
    index.addAll(this.docs.entries());
    this.indexes.set(spec.name, index);
    this.changes.record({ op: 'createIndex', db: this.db, coll: this.name, spec });
  }

  dropIndex(name: string): void {
    if (name === ID_INDEX_NAME) throw new CommandError(ErrorCode.InvalidOptions, 'cannot drop _id index');
    if (!this.indexes.delete(name)) throw new CommandError(ErrorCode.IndexNotFound, `index not found with name [${name}]`);
    this.changes.record({ op: 'dropIndex', db: this.db, coll: this.name, name });
  }

  private assertUniqueKeysFree(doc: Doc, ownIdKey: string | undefined): void {
    for (const index of this.indexes.values()) {
      const conflict = index.findConflict(doc, ownIdKey);
      if (conflict) throw duplicateKeyError(this.namespace, index.name, index.spec.key, index.keyValueOf(conflict));
    }
  }
}

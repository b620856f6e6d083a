import { type Doc } from '../query/bson-values';
import { CommandError, ErrorCode } from '../commands/errors';
import { discardChanges, type ChangeRecord, type ChangeSink } from './change-log';
import { Collection } from './collection';

/** All databases and their collections, the one place that creates and drops them. */
export class Catalog {
  private readonly databases = new Map<string, Map<string, Collection>>();
  private sink: ChangeSink = discardChanges;
  private readonly forwardingSink: ChangeSink = { record: (change) => this.sink.record(change) };

  /** Where changes go from now on (the persistence log once recovery has finished). */
  setChangeSink(sink: ChangeSink): void {
    this.sink = sink;
  }

  getCollection(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** The collection, created implicitly like MongoDB does on a first write. */
  collectionForWrite(db: string, name: string): Collection {
    return this.getCollection(db, name) ?? this.createCollection(db, name, {});
  }

  createCollection(db: string, name: string, options: Doc): Collection {
    assertValidCollectionName(name);
    if (this.getCollection(db, name)) throw new CommandError(ErrorCode.NamespaceExists, `Collection ${db}.${name} already exists.`);
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    const collection = new Collection(db, name, options, this.forwardingSink);
    collections.set(name, collection);
    this.sink.record({ op: 'createCollection', db, coll: name, options });
    return collection;
  }

  dropCollection(db: string, name: string): boolean {
    const collections = this.databases.get(db);
    if (!collections?.delete(name)) return false;
    if (collections.size === 0) this.databases.delete(db);
    this.sink.record({ op: 'dropCollection', db, coll: name });
    return true;
  }

  dropDatabase(db: string): void {
    if (!this.databases.delete(db)) return;
    this.sink.record({ op: 'dropDatabase', db });
  }

  databaseNames(): string[] {
    return [...this.databases.keys()];
  }

  collections(db: string): Collection[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  allCollections(): Collection[] {
    return [...this.databases.values()].flatMap((collections) => [...collections.values()]);
  }

  /** Re-applies a change read back from the log during recovery. */
  apply(change: ChangeRecord): void {
    switch (change.op) {
      case 'put': {
        const collection = this.collectionForWrite(change.db, change.coll);
        const existing = collection.getById(change.doc._id);
        if (existing) collection.replace(existing, change.doc);
        else collection.insert(change.doc);
        return;
      }
      case 'delete': {
        const collection = this.getCollection(change.db, change.coll);
        const existing = collection?.getById(change.id);
        if (collection && existing) collection.delete(existing);
        return;
      }
      case 'createCollection':
        if (!this.getCollection(change.db, change.coll)) this.createCollection(change.db, change.coll, change.options);
        return;
      case 'dropCollection':
        this.dropCollection(change.db, change.coll);
        return;
      case 'setOptions':
        this.collectionForWrite(change.db, change.coll).setOptions(change.options);
        return;
      case 'createIndex':
        this.collectionForWrite(change.db, change.coll).createIndex(change.spec);
        return;
      case 'dropIndex':
        this.getCollection(change.db, change.coll)?.dropIndex(change.name);
        return;
      case 'dropDatabase':
        this.dropDatabase(change.db);
        return;
    }
  }
}

function assertValidCollectionName(name: string): void {
  if (!name || name.includes('$') || name.startsWith('.') || name.includes('\0')) {
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid collection name: ${name}`);
  }
}

import { MongoServerError, type Db, type MongoClient } from 'mongodb';
import { matchNested, type Difference, type EntityLookup } from './match';
import type { CollectionData } from './test-format';

const majority = { writeConcern: { w: 'majority' as const } };
const namespaceNotFound = 26;

/**
 * Prepares `initialData` with the internal client: drop the collection (and the queryable-encryption
 * side collections the spec names), create it with its options, insert its documents.
 */
export async function setUpInitialData(client: MongoClient, collections: CollectionData[]): Promise<void> {
  for (const { databaseName, collectionName, createOptions, documents } of collections) {
    const database = client.db(databaseName);
    for (const name of [collectionName, `enxcol_.${collectionName}.esc`, `enxcol_.${collectionName}.ecoc`]) {
      await dropIfExists(database, name);
    }
    if (createOptions || documents.length === 0) {
      await database.createCollection(collectionName, { ...createOptions, ...majority });
    }
    if (documents.length > 0) {
      await database.collection(collectionName).insertMany(documents, majority);
    }
  }
}

async function dropIfExists(database: Db, collectionName: string): Promise<void> {
  try {
    await database.collection(collectionName).drop(majority);
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === namespaceNotFound)) throw error;
  }
}

/** Checks `outcome`: each collection holds exactly the expected documents, read in `_id` order. */
export async function checkOutcome(client: MongoClient, collections: CollectionData[], entities: EntityLookup): Promise<Difference | null> {
  for (const { databaseName, collectionName, documents } of collections) {
    const actual = await client
      .db(databaseName)
      .collection(collectionName)
      .find({}, { sort: { _id: 1 }, readPreference: 'primary', readConcern: { level: 'local' } })
      .toArray();
    const difference = matchNested(documents, actual, entities);
    if (difference) return `outcome of ${databaseName}.${collectionName}: ${difference}`;
  }
  return null;
}

import type { BulkWriteResult, ClientBulkWriteResult, Document } from 'mongodb';

/**
 * The spec's "converting returned model objects to documents": the driver's result classes become
 * plain documents holding the fields the CRUD specification names.
 */

export function bulkWriteResultDocument(result: BulkWriteResult): Document {
  return {
    insertedCount: result.insertedCount,
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    deletedCount: result.deletedCount,
    upsertedCount: result.upsertedCount,
    upsertedIds: result.upsertedIds,
    insertedIds: result.insertedIds,
  };
}

export function clientBulkWriteResultDocument(result: ClientBulkWriteResult): Document {
  return {
    acknowledged: result.acknowledged,
    insertedCount: result.insertedCount,
    upsertedCount: result.upsertedCount,
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    deletedCount: result.deletedCount,
    insertResults: result.insertResults && mapToDocument(result.insertResults),
    updateResults: result.updateResults && mapToDocument(result.updateResults),
    deleteResults: result.deleteResults && mapToDocument(result.deleteResults),
  };
}

/** The driver keys per-operation results by index in a Map; the format keys them by index strings. */
export function mapToDocument(map: ReadonlyMap<number | string, unknown>): Document {
  return Object.fromEntries([...map.entries()].map(([key, value]) => [String(key), value]));
}

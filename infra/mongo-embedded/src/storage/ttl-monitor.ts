import type { Catalog } from './catalog';

/** How often expired documents are removed; MongoDB's own monitor runs every 60 s, tests want less. */
export const TTL_INTERVAL_MS = 2_000;

/** Deletes documents whose TTL-indexed date is older than the index's expireAfterSeconds. */
export function removeExpiredDocuments(catalog: Catalog, now = Date.now()): number {
  let removed = 0;
  for (const collection of catalog.allCollections()) {
    for (const index of collection.indexes.values()) {
      const seconds = index.spec.expireAfterSeconds;
      if (typeof seconds !== 'number' || index.fields.length !== 1) continue;
      const cutoff = new Date(now - seconds * 1000);
      for (const id of index.idsInRange(undefined, { value: cutoff, inclusive: true }) ?? []) {
        const doc = collection.getByKey(id);
        if (doc) {
          collection.delete(doc);
          removed++;
        }
      }
    }
  }
  return removed;
}

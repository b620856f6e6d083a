import type { Doc } from '../query/bson-values';
import type { IndexSpec } from './secondary-index';

/** One durable change to the data; the persistence log stores these and replays them on start. */
export type ChangeRecord =
  | { op: 'put'; db: string; coll: string; doc: Doc }
  | { op: 'delete'; db: string; coll: string; id: unknown }
  | { op: 'createCollection'; db: string; coll: string; options: Doc }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'setOptions'; db: string; coll: string; options: Doc }
  | { op: 'createIndex'; db: string; coll: string; spec: IndexSpec }
  | { op: 'dropIndex'; db: string; coll: string; name: string }
  | { op: 'dropDatabase'; db: string };

/** Receives every change as it is made in memory. */
export interface ChangeSink {
  record(change: ChangeRecord): void;
}

export const discardChanges: ChangeSink = { record: () => undefined };

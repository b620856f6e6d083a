import { calculateObjectSize, Long } from 'bson';
import type { Doc } from '../query/bson-values';
import { CommandError, ErrorCode } from './errors';

/** Cursors a client has not read to the end are dropped after this long without a getMore. */
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
const DEFAULT_FIRST_BATCH = 101;
/**
 * A reply is one BSON document and may not exceed 16 MiB, so batches stop short of that
 * (GridFS chunks are 255 KiB: 101 of them would not fit).
 */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;

/** How many documents from `start` fit in one batch of at most `count` documents. */
function batchEnd(docs: Doc[], start: number, count: number): number {
  const limit = Math.min(docs.length, start + count);
  let bytes = 0;
  for (let i = start; i < limit; i++) {
    bytes += calculateObjectSize(docs[i]);
    if (bytes > MAX_BATCH_BYTES && i > start) return i;
  }
  return limit;
}

interface OpenCursor {
  namespace: string;
  docs: Doc[];
  position: number;
  lastUsed: number;
}

/** Results of find/aggregate kept for getMore, keyed by an Int64 cursor id as the driver requires. */
export class CursorStore {
  private readonly open = new Map<string, OpenCursor>();
  private nextId = 1;

  /** The reply of a find/aggregate/list command: first batch, and a cursor id if more remain. */
  firstBatch(namespace: string, docs: Doc[], batchSize: number | undefined, singleBatch: boolean): Doc {
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize;
    const firstBatch = docs.slice(0, batchEnd(docs, 0, singleBatch ? docs.length : size));
    let id = Long.ZERO;
    if (!singleBatch && firstBatch.length < docs.length) {
      id = Long.fromNumber(this.nextId++);
      this.open.set(id.toString(), { namespace, docs, position: firstBatch.length, lastUsed: Date.now() });
    }
    return { cursor: { firstBatch, id, ns: namespace }, ok: 1 };
  }

  getMore(id: Long, namespace: string, batchSize: number | undefined): Doc {
    const key = id.toString();
    const cursor = this.open.get(key);
    if (!cursor) throw new CommandError(ErrorCode.CursorNotFound, `cursor id ${key} not found`);
    if (cursor.namespace !== namespace) {
      throw new CommandError(ErrorCode.Unauthorized, `Requested getMore on namespace '${namespace}', but cursor belongs to a different namespace ${cursor.namespace}`);
    }
    const count = batchSize && batchSize > 0 ? batchSize : cursor.docs.length;
    const nextBatch = cursor.docs.slice(cursor.position, batchEnd(cursor.docs, cursor.position, count));
    cursor.position += nextBatch.length;
    cursor.lastUsed = Date.now();
    const exhausted = cursor.position >= cursor.docs.length;
    if (exhausted) this.open.delete(key);
    return { cursor: { nextBatch, id: exhausted ? Long.ZERO : id, ns: namespace }, ok: 1 };
  }

  kill(ids: unknown[]): Doc {
    const cursorsKilled: Long[] = [];
    const cursorsNotFound: Long[] = [];
    for (const raw of ids) {
      const id = raw instanceof Long ? raw : Long.fromNumber(Number(raw));
      if (this.open.delete(id.toString())) cursorsKilled.push(id);
      else cursorsNotFound.push(id);
    }
    return { cursorsKilled, cursorsNotFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  dropIdle(now = Date.now()): void {
    for (const [key, cursor] of this.open) if (now - cursor.lastUsed > IDLE_TIMEOUT_MS) this.open.delete(key);
  }
}

import type { Types } from 'mongoose';

/** The cars of a page: their ids, and the same ids as strings (keys[i] is String(objectIds[i])). */
export interface VehicleIdList {
  objectIds: readonly Types.ObjectId[];
  keys: readonly string[];
}

/** What a batched query answers: rows of some dealer about some car. */
export interface PerDealerRow {
  dealerId: string;
  vehicleId: Types.ObjectId;
}

/** The rows of any of the waiting reads' dealers about any of their cars, as a driver filter. */
export interface PerDealerFilter {
  dealerId: string | { $in: string[] };
  vehicleId: { $in: Types.ObjectId[] };
}

interface WaitingRead<Row> {
  dealerId: string;
  vehicleIds: VehicleIdList;
  resolve(rows: Map<string, Row>): void;
  reject(error: unknown): void;
}

/** At most this many reads share one query (each asks for at most 100 cars). */
const MAX_BATCHED_READS = 32;

/**
 * Queries in flight at once. While one runs, reads that arrive wait for it to answer and then
 * share the next query: under load that is a handful of dashboards per query instead of about one
 * per event-loop turn (each query costs this process and the database far more than the reads it
 * carries), at the price of waiting at most for one query of this small kind.
 */
const MAX_QUERIES_IN_FLIGHT = 1;

/**
 * Reads of one dealer's rows about a page of cars, answered together: reads that arrive in the
 * same turn of the event loop, or while the previous query runs, share one query for all their
 * dealers and cars (each read still starts after it arrived, and gets only its own dealer's rows
 * for its own cars). `query` answers the rows matching the filter; the first row of a dealer about
 * a car is the one kept, so a query sorted newest first keeps the latest. The filter is meant for
 * the driver itself: the ids are already ObjectIds, and mongoose's casting and query building
 * would be a large share of the cost.
 */
export function createPerDealerBatch<Row extends PerDealerRow>(query: (filter: PerDealerFilter) => Promise<Row[]>) {
  let waiting: Array<WaitingRead<Row>> = [];
  let queriesInFlight = 0;
  let readScheduled = false;

  /** Reads the waiting reads on the next turn, unless a query is already running (its end reads them). */
  function scheduleRead(): void {
    if (readScheduled || queriesInFlight >= MAX_QUERIES_IN_FLIGHT) return;
    readScheduled = true;
    setImmediate(() => {
      readScheduled = false;
      if (queriesInFlight < MAX_QUERIES_IN_FLIGHT) readWaiting();
    });
  }

  function queryDone(): void {
    queriesInFlight--;
    if (waiting.length > 0) scheduleRead();
  }

  function answer(batch: Array<WaitingRead<Row>>, found: Row[]): void {
    // By dealer, then by vehicle id: a dealer without rows on these cars costs one lookup.
    const byDealer = new Map<string, Map<string, Row>>();
    for (const row of found) {
      let own = byDealer.get(row.dealerId);
      if (!own) byDealer.set(row.dealerId, (own = new Map()));
      const key = String(row.vehicleId);
      if (!own.has(key)) own.set(key, row);
    }
    for (const read of batch) {
      const rows = new Map<string, Row>();
      const own = byDealer.get(read.dealerId);
      if (own) {
        for (const key of read.vehicleIds.keys) {
          const row = own.get(key);
          if (row) rows.set(key, row);
        }
      }
      read.resolve(rows);
    }
  }

  function readWaiting(): void {
    const batch = waiting;
    if (batch.length === 0) return;
    waiting = [];
    queriesInFlight++;
    const dealerIds = [...new Set(batch.map((read) => read.dealerId))];
    // Reads of the same page share one id list; each distinct list is walked once.
    const vehicleIds = new Map<string, Types.ObjectId>();
    for (const { objectIds, keys } of new Set(batch.map((read) => read.vehicleIds))) {
      for (let index = 0; index < keys.length; index++) vehicleIds.set(keys[index]!, objectIds[index]!);
    }
    let rows: Promise<Row[]>;
    try {
      rows = query({ dealerId: dealerIds.length === 1 ? dealerIds[0]! : { $in: dealerIds }, vehicleId: { $in: [...vehicleIds.values()] } });
    } catch (error) {
      rows = Promise.reject(error);
    }
    rows
      .then(
        (found) => answer(batch, found),
        (error: unknown) => {
          for (const read of batch) read.reject(error);
        },
      )
      .finally(queryDone);
  }

  /** This dealer's rows about these cars, by vehicle id. */
  return function read(dealerId: string, vehicleIds: VehicleIdList): Promise<Map<string, Row>> {
    return new Promise((resolve, reject) => {
      waiting.push({ dealerId, vehicleIds, resolve, reject });
      // A full batch goes at once, even beside a running query.
      if (waiting.length >= MAX_BATCHED_READS) readWaiting();
      else scheduleRead();
    });
  };
}

import type { Types } from 'mongoose';
import type { DealerRecordDocument, DealerRecordModel } from './dealer-record-model';

/** What the list reads of a dealer's record. */
export type DealerListRecord = Pick<DealerRecordDocument, 'vehicleId' | 'status' | 'notes' | 'contacted' | 'offerMade'>;

export type DealerRecordChanges = Partial<Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'>>;

/** The cars of a page: their ids, and the same ids as strings (keys[i] is String(objectIds[i])). */
export interface VehicleIdList {
  objectIds: readonly Types.ObjectId[];
  keys: readonly string[];
}

interface WaitingList {
  dealerId: string;
  vehicleIds: VehicleIdList;
  resolve(records: Map<string, DealerListRecord>): void;
  reject(error: unknown): void;
}

/** At most this many list requests share one query (each asks for at most 101 cars). */
const MAX_BATCHED_LISTS = 32;

/**
 * Queries of waiting lists in flight at once. While one runs, lists that arrive wait for it to
 * answer and then share the next query: under load that is a handful of lists per query instead
 * of about one per event-loop turn (each query costs this process and the database far more than
 * the lists it carries), at the price of waiting at most for one query of this small kind.
 */
const MAX_QUERIES_IN_FLIGHT = 1;

export function createDealerRecordRepository(model: DealerRecordModel) {
  let waiting: WaitingList[] = [];
  let queriesInFlight = 0;
  let readScheduled = false;

  /** Reads the waiting lists on the next turn, unless a query is already running (its end reads them). */
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

  function readWaiting(): void {
    const batch = waiting;
    if (batch.length === 0) return;
    waiting = [];
    queriesInFlight++;
    const dealerIds = [...new Set(batch.map((list) => list.dealerId))];
    // Requests for the same cached page share one id list; each distinct list is walked once.
    const idLists = new Set(batch.map((list) => list.vehicleIds));
    const vehicleIds = new Map<string, Types.ObjectId>();
    for (const { objectIds, keys } of idLists) for (let index = 0; index < keys.length; index++) vehicleIds.set(keys[index]!, objectIds[index]!);
    // Straight to the driver: the ids are already ObjectIds, so mongoose's casting and query
    // building (a large share of the list's cost) would add nothing.
    let query: Promise<unknown[]>;
    try {
      query = model.collection
        .find(
          { dealerId: dealerIds.length === 1 ? dealerIds[0] : { $in: dealerIds }, vehicleId: { $in: [...vehicleIds.values()] } },
          { projection: { dealerId: 1, vehicleId: 1, status: 1, notes: 1, contacted: 1, offerMade: 1 } },
        )
        .toArray();
    } catch (error) {
      query = Promise.reject(error);
    }
    query
      .then(
        (found) => {
          // By dealer, then by vehicle id: a dealer without records on these cars costs one lookup.
          const byDealer = new Map<string, Map<string, DealerListRecord>>();
          for (const record of found as unknown as Array<DealerListRecord & { dealerId: string }>) {
            let own = byDealer.get(record.dealerId);
            if (!own) byDealer.set(record.dealerId, (own = new Map()));
            own.set(String(record.vehicleId), record);
          }
          for (const list of batch) {
            const records = new Map<string, DealerListRecord>();
            const own = byDealer.get(list.dealerId);
            if (own) {
              for (const key of list.vehicleIds.keys) {
                const record = own.get(key);
                if (record) records.set(key, record);
              }
            }
            list.resolve(records);
          }
        },
        (error: unknown) => {
          for (const list of batch) list.reject(error);
        },
      )
      .finally(queryDone);
  }

  return {
    async find(dealerId: string, vehicleId: Types.ObjectId): Promise<DealerRecordDocument | undefined> {
      return (await model.findOne({ dealerId, vehicleId }).lean<DealerRecordDocument>()) ?? undefined;
    },

    /**
     * This dealer's records for a page of cars, by vehicle id. List requests that arrive in the
     * same turn of the event loop, or while the previous query runs, are answered by one query
     * together (each still reads after it arrived, and gets only its own dealer's records for its
     * own cars): under load that is one database round trip for many dealers' pages instead of
     * one each.
     */
    findForVehicles(dealerId: string, vehicleIds: VehicleIdList): Promise<Map<string, DealerListRecord>> {
      return new Promise((resolve, reject) => {
        waiting.push({ dealerId, vehicleIds, resolve, reject });
        // A full batch goes at once, even beside a running query.
        if (waiting.length >= MAX_BATCHED_LISTS) readWaiting();
        else scheduleRead();
      });
    },

    /** Creates the record on the dealer's first change. */
    async save(dealerId: string, vehicleId: Types.ObjectId, changes: DealerRecordChanges): Promise<DealerRecordDocument> {
      return model
        .findOneAndUpdate({ dealerId, vehicleId }, { $set: changes }, { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true })
        .lean<DealerRecordDocument>()
        .orFail();
    },
  };
}

export type DealerRecordRepository = ReturnType<typeof createDealerRecordRepository>;

import type { Types } from 'mongoose';
import type { DealerRecordDocument, DealerRecordModel } from './dealer-record-model';

/** What the list reads of a dealer's record. */
export type DealerListRecord = Pick<DealerRecordDocument, 'vehicleId' | 'status' | 'notes' | 'contacted' | 'offerMade'>;

export type DealerRecordChanges = Partial<Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'>>;

interface WaitingList {
  dealerId: string;
  vehicleIds: Types.ObjectId[];
  resolve(records: Map<string, DealerListRecord>): void;
  reject(error: unknown): void;
}

/** At most this many list requests share one query (each asks for at most 101 cars). */
const MAX_BATCHED_LISTS = 32;

const recordKey = (dealerId: string, vehicleId: string) => `${dealerId}\u0000${vehicleId}`;

export function createDealerRecordRepository(model: DealerRecordModel) {
  let waiting: WaitingList[] = [];

  function readWaiting(): void {
    const batch = waiting;
    if (batch.length === 0) return;
    waiting = [];
    const dealerIds = [...new Set(batch.map((list) => list.dealerId))];
    const vehicleIds = new Map<string, Types.ObjectId>();
    for (const list of batch) for (const id of list.vehicleIds) vehicleIds.set(String(id), id);
    // Straight to the driver: the ids are already ObjectIds, so mongoose's casting and query
    // building (a large share of the list's cost) would add nothing.
    model.collection
      .find(
        { dealerId: dealerIds.length === 1 ? dealerIds[0] : { $in: dealerIds }, vehicleId: { $in: [...vehicleIds.values()] } },
        { projection: { dealerId: 1, vehicleId: 1, status: 1, notes: 1, contacted: 1, offerMade: 1 } },
      )
      .toArray()
      .then(
        (found) => {
          const byKey = new Map<string, DealerListRecord>();
          for (const record of found as unknown as Array<DealerListRecord & { dealerId: string }>) byKey.set(recordKey(record.dealerId, String(record.vehicleId)), record);
          for (const list of batch) {
            const records = new Map<string, DealerListRecord>();
            for (const id of list.vehicleIds) {
              const record = byKey.get(recordKey(list.dealerId, String(id)));
              if (record) records.set(String(id), record);
            }
            list.resolve(records);
          }
        },
        (error: unknown) => {
          for (const list of batch) list.reject(error);
        },
      );
  }

  return {
    async find(dealerId: string, vehicleId: Types.ObjectId): Promise<DealerRecordDocument | undefined> {
      return (await model.findOne({ dealerId, vehicleId }).lean<DealerRecordDocument>()) ?? undefined;
    },

    /**
     * This dealer's records for a page of cars, by vehicle id. List requests that arrive in the
     * same turn of the event loop are answered by one query together (each still reads after it
     * arrived, and gets only its own dealer's records for its own cars): under load that is one
     * database round trip for many dealers' pages instead of one each.
     */
    findForVehicles(dealerId: string, vehicleIds: Types.ObjectId[]): Promise<Map<string, DealerListRecord>> {
      return new Promise((resolve, reject) => {
        if (waiting.length === 0) setImmediate(readWaiting);
        waiting.push({ dealerId, vehicleIds, resolve, reject });
        if (waiting.length >= MAX_BATCHED_LISTS) readWaiting();
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

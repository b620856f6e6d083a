import { Types } from 'mongoose';
import type { DealerRecord, DealerRecordChanges } from '../domain/types';
import type { DealerRecordDocument, DealerRecordModel } from './dealer-record-model';
import { toObjectIds } from './object-id';

/** What every read takes of a record. */
const recordProjection = { dealerId: 1, vehicleId: 1, status: 1, notes: 1, contacted: 1, offerMade: 1 } as const;

type ReadRecordDocument = Pick<DealerRecordDocument, keyof typeof recordProjection>;

function toDealerRecord(found: ReadRecordDocument): DealerRecord {
  return {
    vehicleId: String(found.vehicleId),
    dealerId: found.dealerId,
    status: found.status,
    notes: found.notes,
    contacted: found.contacted,
    offerMade: found.offerMade,
  };
}

export function createDealerRecordRepository(model: DealerRecordModel) {
  return {
    async find(dealerId: string, vehicleId: string): Promise<DealerRecord | undefined> {
      const found = await model.findOne({ dealerId, vehicleId: new Types.ObjectId(vehicleId) }, recordProjection).lean<ReadRecordDocument>();
      return found ? toDealerRecord(found) : undefined;
    },

    /** This dealer's records for a page of cars, by vehicle id (ids that name no car are left out). */
    async findForVehicles(dealerId: string, vehicleIds: readonly string[]): Promise<Map<string, DealerRecord>> {
      const ids = toObjectIds(vehicleIds);
      if (ids.length === 0) return new Map();
      const found = await model.find({ dealerId, vehicleId: { $in: ids } }, recordProjection).lean<ReadRecordDocument[]>();
      return new Map(found.map((record) => [String(record.vehicleId), toDealerRecord(record)]));
    },

    /** Creates the record on the dealer's first change. */
    async save(dealerId: string, vehicleId: string, changes: DealerRecordChanges): Promise<DealerRecord> {
      const saved = await model
        .findOneAndUpdate({ dealerId, vehicleId: new Types.ObjectId(vehicleId) }, { $set: changes }, { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true, projection: recordProjection })
        .lean<ReadRecordDocument>()
        .orFail();
      return toDealerRecord(saved);
    },
  };
}

export type DealerRecordRepository = ReturnType<typeof createDealerRecordRepository>;

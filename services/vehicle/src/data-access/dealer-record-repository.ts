import type { Types } from 'mongoose';
import type { DealerRecordDocument, DealerRecordModel } from './dealer-record-model';

/** What the list reads of a dealer's record. */
export type DealerListRecord = Pick<DealerRecordDocument, 'vehicleId' | 'status' | 'notes' | 'contacted' | 'offerMade'>;

export type DealerRecordChanges = Partial<Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'>>;

export function createDealerRecordRepository(model: DealerRecordModel) {
  return {
    async find(dealerId: string, vehicleId: Types.ObjectId): Promise<DealerRecordDocument | undefined> {
      return (await model.findOne({ dealerId, vehicleId }).lean<DealerRecordDocument>()) ?? undefined;
    },

    /** This dealer's records for a page of cars, by vehicle id. */
    async findForVehicles(dealerId: string, vehicleIds: Types.ObjectId[]): Promise<Map<string, DealerListRecord>> {
      // Straight to the driver: the ids are already ObjectIds, so mongoose's casting and query
      // building (a large share of the list's cost, once per request) would add nothing.
      const records = (await model.collection
        .find({ dealerId, vehicleId: { $in: vehicleIds } }, { projection: { vehicleId: 1, status: 1, notes: 1, contacted: 1, offerMade: 1 } })
        .toArray()) as unknown as DealerListRecord[];
      return new Map(records.map((record) => [String(record.vehicleId), record]));
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

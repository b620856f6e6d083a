import type { Types } from 'mongoose';
import type { DealerRecordDocument, DealerRecordModel } from './dealer-record-model';

export type DealerRecordChanges = Partial<Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'>>;

export function createDealerRecordRepository(model: DealerRecordModel) {
  return {
    async find(dealerId: string, vehicleId: Types.ObjectId): Promise<DealerRecordDocument | undefined> {
      return (await model.findOne({ dealerId, vehicleId }).lean<DealerRecordDocument>()) ?? undefined;
    },

    /** This dealer's records for a page of cars, by vehicle id. */
    async findForVehicles(dealerId: string, vehicleIds: Types.ObjectId[]): Promise<Map<string, DealerRecordDocument>> {
      const records = await model.find({ dealerId, vehicleId: { $in: vehicleIds } }).lean<DealerRecordDocument[]>();
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

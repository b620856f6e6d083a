import type { Types } from 'mongoose';
import type { DealerRecordDocument, DealerRecordModel } from './dealer-record-model';
import { createPerDealerBatch, type VehicleIdList } from './per-dealer-batch';

/** What the list reads of a dealer's record. */
export type DealerListRecord = Pick<DealerRecordDocument, 'vehicleId' | 'status' | 'notes' | 'contacted' | 'offerMade'>;

export type DealerRecordChanges = Partial<Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'>>;

export function createDealerRecordRepository(model: DealerRecordModel) {
  const readForVehicles = createPerDealerBatch(
    (filter) =>
      model.collection
        .find(filter, { projection: { dealerId: 1, vehicleId: 1, status: 1, notes: 1, contacted: 1, offerMade: 1 } })
        .toArray() as unknown as Promise<Array<DealerListRecord & { dealerId: string }>>,
  );

  return {
    async find(dealerId: string, vehicleId: Types.ObjectId): Promise<DealerRecordDocument | undefined> {
      return (await model.findOne({ dealerId, vehicleId }).lean<DealerRecordDocument>()) ?? undefined;
    },

    /**
     * This dealer's records for a page of cars, by vehicle id; reads of many dashboards at the
     * same moment share one query (createPerDealerBatch).
     */
    findForVehicles(dealerId: string, vehicleIds: VehicleIdList): Promise<Map<string, DealerListRecord>> {
      return readForVehicles(dealerId, vehicleIds);
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

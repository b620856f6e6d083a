import { Types } from 'mongoose';
import type { DealerRecord, DealerRecordChanges, VehicleWatch } from '../domain/types';
import type { DealerRecordDocument, DealerRecordModel } from './dealer-record-model';
import { toObjectIds } from './object-id';

/** What every read takes of a record. */
const recordProjection = { dealerId: 1, vehicleId: 1, status: 1, notes: 1, contacted: 1, offerMade: 1, watch: 1 } as const;

type ReadRecordDocument = Pick<DealerRecordDocument, keyof typeof recordProjection>;

function toDealerRecord(found: ReadRecordDocument): DealerRecord {
  return {
    vehicleId: String(found.vehicleId),
    dealerId: found.dealerId,
    status: found.status,
    notes: found.notes,
    contacted: found.contacted,
    offerMade: found.offerMade,
    ...(found.watch ? { watch: { email: found.watch.email, dealershipName: found.watch.dealershipName, at: found.watch.at } } : {}),
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

    /** Stars the car for the dealer (creating its record), or takes the star off (`undefined`). */
    async setWatch(dealerId: string, vehicleId: string, watch: VehicleWatch | undefined): Promise<void> {
      const filter = { dealerId, vehicleId: new Types.ObjectId(vehicleId) };
      if (watch) await model.updateOne(filter, { $set: { watch } }, { upsert: true, setDefaultsOnInsert: true });
      else await model.updateOne(filter, { $unset: { watch: 1 } });
    },

    /** Who watches the car, with where to tell them. */
    async watchersOf(vehicleId: string): Promise<Array<VehicleWatch & { dealerId: string }>> {
      const found = await model
        .find({ vehicleId: new Types.ObjectId(vehicleId), 'watch.at': { $exists: true } }, { dealerId: 1, watch: 1 })
        .lean<Array<Pick<DealerRecordDocument, 'dealerId' | 'watch'>>>();
      return found.flatMap(({ dealerId, watch }) => (watch ? [{ dealerId, email: watch.email, dealershipName: watch.dealershipName, at: watch.at }] : []));
    },

    /** The dealer's records of the cars it watches, latest starred first, at most `limit`. */
    async watchedBy(dealerId: string, limit: number): Promise<Array<DealerRecord & { watch: VehicleWatch }>> {
      const found = await model
        .find({ dealerId, 'watch.at': { $exists: true } }, recordProjection)
        .sort({ 'watch.at': -1 })
        .limit(limit)
        .lean<ReadRecordDocument[]>();
      return found.map(toDealerRecord).flatMap((record) => (record.watch ? [{ ...record, watch: record.watch }] : []));
    },

    /** How many cars the dealer watches. */
    async countWatchedBy(dealerId: string): Promise<number> {
      return model.countDocuments({ dealerId, 'watch.at': { $exists: true } });
    },
  };
}

export type DealerRecordRepository = ReturnType<typeof createDealerRecordRepository>;

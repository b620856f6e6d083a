import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { VehicleStatus } from '@cardirect/contracts';

/** One dealer's own working record for one car: what that dealer tracks, never shown to anyone else. */
export interface DealerRecordDocument {
  _id: Types.ObjectId;
  vehicleId: Types.ObjectId;
  dealerId: string;
  status: VehicleStatus;
  notes?: string;
  contacted: boolean;
  offerMade: boolean;
  /** Set while the dealer watches the car: who to e-mail when it is listed again or sold. */
  watch?: { email: string; dealershipName: string; at: Date };
  createdAt: Date;
  updatedAt: Date;
}

const dealerRecordSchema = new Schema<DealerRecordDocument>(
  {
    vehicleId: { type: Schema.Types.ObjectId, required: true },
    dealerId: { type: String, required: true },
    status: { type: String, required: true, default: 'new' },
    notes: String,
    contacted: { type: Boolean, default: false },
    offerMade: { type: Boolean, default: false },
    watch: { type: new Schema({ email: String, dealershipName: String, at: Date }, { _id: false }), default: undefined },
  },
  { timestamps: true, collection: 'dealer_records' },
);
// Every read is "this dealer's records for these cars".
dealerRecordSchema.index({ dealerId: 1, vehicleId: 1 }, { unique: true });
// The watchers of a car, told when it is listed again or sold; a dealer's watchlist, latest first.
dealerRecordSchema.index({ vehicleId: 1, 'watch.at': 1 });
dealerRecordSchema.index({ dealerId: 1, 'watch.at': -1 });

export type DealerRecordModel = Model<DealerRecordDocument>;

export function dealerRecordModel(connection: Connection): DealerRecordModel {
  return connection.model<DealerRecordDocument>('DealerRecord', dealerRecordSchema);
}

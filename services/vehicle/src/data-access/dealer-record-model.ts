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
  },
  { timestamps: true, collection: 'dealer_records' },
);
// Every read is "this dealer's records for these cars".
dealerRecordSchema.index({ dealerId: 1, vehicleId: 1 }, { unique: true });

export type DealerRecordModel = Model<DealerRecordDocument>;

export function dealerRecordModel(connection: Connection): DealerRecordModel {
  return connection.model<DealerRecordDocument>('DealerRecord', dealerRecordSchema);
}

import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';
import type { OfferDeclineReason, OfferStatus, VehicleSummary } from '@cardirect/contracts';
import type { OfferWithdrawer } from '../domain/types';

export interface OfferDocument extends OutboxFields {
  _id: Types.ObjectId;
  vehicleId: Types.ObjectId;
  dealerId: string;
  dealerEmail: string;
  dealershipName: string;
  amount: number;
  message?: string;
  status: OfferStatus;
  expiresAt: Date;
  decidedAt?: Date;
  /** Set when the offer was declined because the seller accepted another one. */
  declineReason?: OfferDeclineReason;
  /** Set when the offer was withdrawn; absent on offers withdrawn before it existed, which their dealers withdrew. */
  withdrawnBy?: OfferWithdrawer;
  /** Copied from the car when the offer is made, so events about the offer need no second read. */
  vehicle: VehicleSummary;
  sellerEmail: string;
  /** "vehicleId:dealerId" while the offer is pending, unset once decided: unique, so a dealer has one live offer per car. */
  liveKey?: string;
  createdAt: Date;
  updatedAt: Date;
}

// With the catalogue's names, so the e-mails about an offer name the car as the listing does (absent on offers stored before).
const vehicleSummarySchema = new Schema<VehicleSummary>(
  { year: { type: Number, required: true }, make: { type: String, required: true }, model: { type: String, required: true }, makeName: String, modelName: String, trim: String },
  { _id: false },
);

const offerSchema = new Schema<OfferDocument>(
  {
    vehicleId: { type: Schema.Types.ObjectId, required: true },
    dealerId: { type: String, required: true },
    dealerEmail: { type: String, required: true },
    dealershipName: { type: String, required: true },
    amount: { type: Number, required: true },
    message: String,
    status: { type: String, required: true, default: 'pending' },
    expiresAt: { type: Date, required: true },
    decidedAt: Date,
    declineReason: String,
    withdrawnBy: String,
    vehicle: { type: vehicleSummarySchema, required: true },
    sellerEmail: { type: String, required: true },
    liveKey: String,
  },
  { timestamps: true, collection: 'offers' },
);
offerSchema.plugin(outboxPlugin);

// One live offer per dealer per car, whatever the timing of two requests. (A partial unique index
// on {vehicleId, dealerId} would say it more directly, but the embedded server then hides decided
// offers from queries on vehicleId; a sparse unique key works the same on both servers.)
offerSchema.index({ liveKey: 1 }, { unique: true, sparse: true });
// The offers on a car, highest first.
offerSchema.index({ vehicleId: 1, amount: -1 });
// The expiry sweep.
offerSchema.index({ status: 1, expiresAt: 1 });
// A dealer's own offers on the cars of its dashboard.
offerSchema.index({ dealerId: 1, vehicleId: 1 });
// A dealer's "My offers and deals", newest first; with the list's tie-break, so MongoDB walks the
// index instead of sorting every offer the dealer ever made.
offerSchema.index({ dealerId: 1, createdAt: -1, _id: -1 });

export type OfferModel = Model<OfferDocument>;

export function liveKeyOf(vehicleId: Types.ObjectId, dealerId: string): string {
  return `${String(vehicleId)}:${dealerId}`;
}

export function offerModel(connection: Connection): OfferModel {
  return connection.model<OfferDocument>('Offer', offerSchema);
}

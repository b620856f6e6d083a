import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';
import type { AppointmentPlace, DealState, VehicleStatus } from '@cardirect/contracts';
import type { CarUpdate, DealCancellation, DealPriceChange, DealPriceChangeVerdict, DealSlot, DealTimelineItem } from '../domain/deals/deal';
import type { DealLogEntry } from '../domain/deals/deal-log';

export interface DealDocument extends OutboxFields {
  _id: Types.ObjectId;
  vehicleId: Types.ObjectId;
  offerId: Types.ObjectId;
  dealerId: string;
  dealerEmail: string;
  dealershipName: string;
  dealerPhone?: string;
  agreedPrice: number;
  state: DealState;
  version: number;
  /** The car's id while the deal is open, unset once it is over: unique, so a car has one open deal at a time. */
  openKey?: string;
  vehicleStatusBefore: VehicleStatus;
  acceptedAt: Date;
  proposalDueAt?: Date;
  proposalReminderAt?: Date;
  overdue: boolean;
  place?: AppointmentPlace;
  placeAddress?: string;
  slots: DealSlot[];
  dealerMessage?: string;
  otherTimesMessage?: string;
  booked?: DealSlot;
  bookings: number;
  appointmentReminderAt?: Date;
  rescheduled: { seller: boolean; dealer: boolean };
  priceChange?: DealPriceChange;
  completionDueAt?: Date;
  completedAt?: Date;
  finalPrice?: number;
  cancellation?: DealCancellation;
  clocksDone: string[];
  timeline: DealTimelineItem[];
  carUpdates: CarUpdate[];
  /** Append-only (domain/deals/deal-log.ts): only ever `$push`ed, in the write of the step it records. Absent on deals stored before it. */
  eventLog?: DealLogEntry[];
  createdAt: Date;
  updatedAt: Date;
}

const slotSchema = new Schema<DealSlot>({ id: { type: String, required: true }, startsAt: { type: Date, required: true }, endsAt: { type: Date, required: true } }, { _id: false });

const verdictSchema = new Schema<DealPriceChangeVerdict>(
  { verdict: { type: String, required: true }, note: String, at: { type: Date, required: true }, by: { type: String, required: true } },
  { _id: false },
);

const priceChangeSchema = new Schema<DealPriceChange>(
  {
    price: { type: Number, required: true },
    reason: { type: String, required: true },
    photos: { type: [new Schema({ id: { type: String, required: true }, contentType: { type: String, required: true } }, { _id: false })], default: [] },
    at: { type: Date, required: true },
    verdict: verdictSchema,
  },
  { _id: false },
);

const cancellationSchema = new Schema<DealCancellation>(
  {
    by: { type: String, required: true },
    reason: { type: String, required: true },
    note: String,
    at: { type: Date, required: true },
    dealerLapse: { type: Boolean, required: true },
  },
  { _id: false },
);

const timelineSchema = new Schema<DealTimelineItem>(
  { at: { type: Date, required: true }, kind: { type: String, required: true }, by: String, text: { type: String, required: true } },
  { _id: false },
);

const carUpdateSchema = new Schema(
  { id: { type: String, required: true }, kind: { type: String, required: true }, streetAddress: String, statusBefore: String },
  { _id: false },
);

const logEntrySchema = new Schema<DealLogEntry>(
  { id: { type: String, required: true }, name: { type: String, required: true }, at: { type: Date, required: true }, facts: { type: Schema.Types.Mixed, required: true } },
  { _id: false },
);

const dealSchema = new Schema<DealDocument>(
  {
    vehicleId: { type: Schema.Types.ObjectId, required: true },
    offerId: { type: Schema.Types.ObjectId, required: true },
    dealerId: { type: String, required: true },
    dealerEmail: { type: String, required: true },
    dealershipName: { type: String, required: true },
    dealerPhone: String,
    agreedPrice: { type: Number, required: true },
    state: { type: String, required: true },
    version: { type: Number, required: true, default: 1 },
    openKey: String,
    vehicleStatusBefore: { type: String, required: true },
    acceptedAt: { type: Date, required: true },
    proposalDueAt: Date,
    proposalReminderAt: Date,
    overdue: { type: Boolean, required: true, default: false },
    place: String,
    placeAddress: String,
    slots: { type: [slotSchema], default: [] },
    dealerMessage: String,
    otherTimesMessage: String,
    booked: slotSchema,
    bookings: { type: Number, required: true, default: 0 },
    appointmentReminderAt: Date,
    rescheduled: { seller: { type: Boolean, default: false }, dealer: { type: Boolean, default: false } },
    priceChange: priceChangeSchema,
    completionDueAt: Date,
    completedAt: Date,
    finalPrice: Number,
    cancellation: cancellationSchema,
    clocksDone: { type: [String], default: [] },
    timeline: { type: [timelineSchema], default: [] },
    carUpdates: { type: [carUpdateSchema], default: [] },
    // No default: a deal stored before the log has none, and the track record tells it apart.
    eventLog: { type: [logEntrySchema], default: undefined },
  },
  { timestamps: true, collection: 'deals' },
);
dealSchema.plugin(outboxPlugin);

// One deal per accepted offer, whatever the timing of the acceptance and the resume pass.
dealSchema.index({ offerId: 1 }, { unique: true });
// One open deal per car (a sparse unique key, as the offers' liveKey and for the same reason).
dealSchema.index({ openKey: 1 }, { unique: true, sparse: true });
// A car's latest deal; the seller's dashboard asks for several cars at once.
dealSchema.index({ vehicleId: 1, acceptedAt: -1 });
// A dealer's deals, read for its track record.
dealSchema.index({ dealerId: 1 });
// Car changes a step left to do (the resume pass).
dealSchema.index({ 'carUpdates.id': 1 }, { sparse: true });

export type DealModel = Model<DealDocument>;

export function dealModel(connection: Connection): DealModel {
  return connection.model<DealDocument>('Deal', dealSchema);
}

import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';
import { makeLabel, type AppointmentPlace, type DealState, type VehicleStatus } from '@cardirect/contracts';
import type { CarUpdate, Deal, DealCancellation, DealCar, DealPriceChange, DealPriceChangeVerdict, DealSlot, DealTimelineItem } from '../domain/deals/deal';
import type { DealLogEntry } from '../domain/deals/deal-log';
import { isOpen, nextStepOf } from '../domain/deals/deal-machine';
import type { VehicleModel } from './vehicle-model';

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
  /** Price changes stored before faults were named (issue 36) have none. */
  priceChange?: Omit<DealPriceChange, 'faults'> & Partial<Pick<DealPriceChange, 'faults'>>;
  completionDueAt?: Date;
  completedAt?: Date;
  finalPrice?: number;
  cancellation?: DealCancellation;
  clocksDone: string[];
  timeline: DealTimelineItem[];
  carUpdates: CarUpdate[];
  /** Append-only (domain/deals/deal-log.ts): only ever `$push`ed, in the write of the step it records. Absent on deals stored before it. */
  eventLog?: DealLogEntry[];
  /**
   * The deal's place in the admin's list (dealListKeyOf): one unique string, sorted ascending.
   * Written at the acceptance and with every step that changes what it is made of; absent on deals
   * stored before it until filled in at start-up.
   */
  listKey?: string;
  /**
   * What the admin's search matches (dealSearchTextOf): the car, its seller's name and e-mail and
   * the dealership's name, lower-case. Written at the acceptance (no step changes any of them);
   * contact data, so never part of an answer.
   */
  searchText?: string;
  createdAt: Date;
  updatedAt: Date;
}

const slotSchema = new Schema<DealSlot>({ id: { type: String, required: true }, startsAt: { type: Date, required: true }, endsAt: { type: Date, required: true } }, { _id: false });

const verdictSchema = new Schema<DealPriceChangeVerdict>(
  { verdict: { type: String, required: true }, note: String, at: { type: Date, required: true }, by: { type: String, required: true } },
  { _id: false },
);

/** One named fault: `kind` says which of the other fields it has (handOverFaultSchema validated it). */
const faultSchema = new Schema(
  { kind: { type: String, required: true }, panel: String, damage: String, size: String, light: String, condition: String, description: String },
  { _id: false },
);

const priceChangeSchema = new Schema<DealPriceChange>(
  {
    price: { type: Number, required: true },
    faults: { type: [faultSchema], default: [] },
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
    listKey: String,
    searchText: String,
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
// A dealer's deals, read for its track record (by the prefix) and in the admin's list narrowed to one dealer.
dealSchema.index({ dealerId: 1, listKey: 1 });
// The admin's list: walked in its order and stopped after a page, whole or narrowed to one state.
// Sparse, as deals stored before the key have none until start-up fills it in.
dealSchema.index({ listKey: 1 }, { unique: true, sparse: true });
dealSchema.index({ state: 1, listKey: 1 });
// The admin's review queue: deals with a price change (sparse: the few that have one), of which it keeps the unjudged.
dealSchema.index({ 'priceChange.at': 1 }, { sparse: true });
// The dealers with strikes (the flagged dealers): the deals they cancelled or let lapse, and the price cuts judged unjustified.
dealSchema.index({ 'cancellation.by': 1, 'cancellation.dealerLapse': 1 }, { sparse: true });
dealSchema.index({ 'priceChange.verdict.verdict': 1 }, { sparse: true });
// Car changes a step left to do (the resume pass).
dealSchema.index({ 'carUpdates.id': 1 }, { sparse: true });

export type DealModel = Model<DealDocument>;

/** What a deal's place in the admin's list is made of: any step that sets one of them writes the key again. */
export const DEAL_LIST_KEY_FIELDS = ['state', 'overdue', 'proposalDueAt', 'completionDueAt', 'completedAt', 'cancellation'] as const satisfies readonly (keyof Deal)[];

type ListedDeal = Pick<Deal, 'id' | 'acceptedAt' | (typeof DEAL_LIST_KEY_FIELDS)[number]>;

const TIME_DIGITS = 15;
const LATEST_TIME = 10 ** TIME_DIGITS - 1;

function timeKey(ms: number): string {
  return String(ms).padStart(TIME_DIGITS, '0');
}

/**
 * A deal's key in the admin's list, sorted ascending: "<rank>-<time>-<id>". First (0) the open
 * deals whose dealer missed its deadline, then (1) the other open deals whose next step has a
 * clock, each by that clock, soonest (or longest overdue) first; then (2) the open deals whose next
 * step has none, the longest open first; last (3) the deals that ended, the latest ended first. The
 * id makes each key unique, so a cursor is one value and the server walks one index.
 */
export function dealListKeyOf(deal: ListedDeal): string {
  if (!isOpen(deal)) {
    const endedAt = deal.completedAt ?? deal.cancellation?.at ?? deal.acceptedAt;
    return `3-${timeKey(LATEST_TIME - endedAt.getTime())}-${deal.id}`;
  }
  const dueAt = nextStepOf(deal)?.dueAt;
  const rank = deal.overdue ? 0 : dueAt ? 1 : 2;
  return `${rank}-${timeKey(dueAt ? Date.parse(dueAt) : deal.acceptedAt.getTime())}-${deal.id}`;
}

/**
 * The admin search text of a deal: one field per line, lower-case, like a car's adminSearchText
 * (one regex over one field per word).
 */
export function dealSearchTextOf(car: DealCar | undefined, dealershipName: string): string {
  const fields = [
    car && String(car.year),
    car?.make,
    car?.makeName,
    car && makeLabel(car.make),
    car?.model,
    car?.modelName,
    car?.trim,
    car?.seller.fullName,
    car?.seller.email,
    dealershipName,
  ];
  return [...new Set(fields.filter((field): field is string => Boolean(field)).map((field) => field.toLowerCase()))].join('\n');
}

type UnlistedDealDocument = Pick<DealDocument, '_id' | 'vehicleId' | 'dealershipName' | 'acceptedAt' | 'listKey' | 'searchText' | (typeof DEAL_LIST_KEY_FIELDS)[number]>;

const unlistedProjection = { vehicleId: 1, dealershipName: 1, acceptedAt: 1, listKey: 1, searchText: 1, ...Object.fromEntries(DEAL_LIST_KEY_FIELDS.map((field) => [field, 1])) };

const dealCarProjection = { year: 1, make: 1, makeName: 1, model: 1, modelName: 1, trim: 1, seller: 1 } as const;

/**
 * Gives deals stored before the admin's list existed their list key and search text (at start-up,
 * like fillMissingDealerListKeys; a no-op once every deal has them). Each field is written only
 * where it is still missing, so a step that wrote the key meanwhile keeps its own; idempotent.
 */
export async function fillMissingDealListFields(deals: DealModel, vehicles: VehicleModel, batchSize = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const missing = await deals
      .find({ $or: [{ listKey: { $exists: false } }, { searchText: { $exists: false } }] }, unlistedProjection)
      .limit(batchSize)
      .lean<UnlistedDealDocument[]>();
    if (missing.length === 0) return filled;
    const cars = await vehicles.find({ _id: { $in: missing.map((deal) => deal.vehicleId) } }, dealCarProjection).lean<(DealCar & { _id: Types.ObjectId })[]>();
    const carsById = new Map(cars.map((car) => [String(car._id), car]));
    await deals.bulkWrite(
      missing.flatMap((deal) => [
        ...(deal.listKey === undefined
          ? [{ updateOne: { filter: { _id: deal._id, listKey: { $exists: false } }, update: { $set: { listKey: dealListKeyOf({ ...deal, id: String(deal._id) }) } }, timestamps: false } }]
          : []),
        ...(deal.searchText === undefined
          ? [{ updateOne: { filter: { _id: deal._id, searchText: { $exists: false } }, update: { $set: { searchText: dealSearchTextOf(carsById.get(String(deal.vehicleId)), deal.dealershipName) } }, timestamps: false } }]
          : []),
      ]),
      { ordered: false },
    );
    filled += missing.length;
  }
}

export function dealModel(connection: Connection): DealModel {
  return connection.model<DealDocument>('Deal', dealSchema);
}

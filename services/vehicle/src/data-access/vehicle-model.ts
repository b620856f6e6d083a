import { Schema, Types, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';
import { makeLabel, type Condition, type ConditionReport, type PanelDamage, type PhotoRole, type VehicleFacts, type VehicleStatus } from '@cardirect/contracts';
import type { AcceptedOffer, ListedVehicle, ListingPhotos, PendingConfirmation, ReservePrice, SellerContact, StoredPhoto, Vehicle, Withdrawal } from '../domain/types';

/** A stored photo as the car's document holds it: the file ids are the photo bucket's ObjectIds. */
export interface StoredPhotoDocument extends Omit<StoredPhoto, 'fileId' | 'thumbnailFileId'> {
  fileId: Types.ObjectId;
  thumbnailFileId: Types.ObjectId;
}

export interface AcceptedOfferDocument extends Omit<AcceptedOffer, 'offerId'> {
  offerId: Types.ObjectId;
}

export interface VehicleDocument extends OutboxFields, VehicleFacts {
  _id: Types.ObjectId;
  /** The catalogue's names of make and model at submission ('Mercedes-Benz', 'CX-5'); absent on cars stored before. */
  makeName?: string;
  modelName?: string;
  seller: SellerContact;
  streetAddress?: string;
  photos: StoredPhotoDocument[];
  status: VehicleStatus;
  notes?: string;
  contacted: boolean;
  offerMade: boolean;
  /** Lower-case "year make make-label model", what the dealers' free-text search matches. */
  searchText: string;
  /**
   * What the admin's search matches: year, make (value and names), model, VIN, ZIP and the
   * seller's name, e-mail and phone, lower-case. Derived from those fields on every save (see
   * adminSearchTextOf); contact data, so never part of an answer.
   */
  adminSearchText?: string;
  /** Lower-case model, for the exact model filter. */
  modelKey: string;
  acceptedOffer?: AcceptedOfferDocument;
  pendingConfirmation?: PendingConfirmation;
  withdrawal?: Withdrawal;
  /** (createdAt, _id) as one string that sorts the same way: the single, unique sort key of the lists. */
  listOrder: string;
  /**
   * The dealer list's other orders, each one unique string sorted descending like listOrder (see
   * dealerListKeysOf): lowest mileage first, newest model year first, the newest listed first
   * among equals. With zip5, derived on every save; absent on cars stored before until filled in.
   */
  mileageOrder?: string;
  modelYearOrder?: string;
  /** The 5-digit part of zipCode: what the distance filter matches against the ZIP codes near a dealer. */
  zip5?: string;
  /** The seller's questionnaire and the grade the service worked out from it; absent on cars listed without one. */
  conditionReport?: ConditionReport;
  conditionGrade?: Condition;
  /** The seller's private minimum and when its check is due; absent when the seller set none. */
  reserve?: ReservePrice;
  /** Set when the listing is confirmed, until the dealers' saved searches have been matched against it. */
  savedSearchMatchDue?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const sellerSchema = new Schema<SellerContact>(
  {
    fullName: { type: String, required: true },
    email: { type: String, required: true },
    phone: String,
    city: String,
    state: String,
  },
  { _id: false },
);

/** One schema for the three kinds of role (photoRoleSchema in libs/contracts validated it): a view names `view`, a damage photo `damageIndex`. */
const photoRoleSchema = new Schema<PhotoRole>(
  {
    role: { type: String, required: true },
    view: String,
    damageIndex: Number,
  },
  { _id: false },
);

const photoSchema = new Schema<StoredPhotoDocument>(
  {
    fileId: { type: Schema.Types.ObjectId, required: true },
    thumbnailFileId: { type: Schema.Types.ObjectId, required: true },
    contentType: { type: String, required: true },
    bytes: { type: Number, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    role: photoRoleSchema,
  },
  { _id: false },
);

const panelDamageSchema = new Schema<PanelDamage>(
  {
    panel: { type: String, required: true },
    kind: { type: String, required: true },
    size: { type: String, required: true },
  },
  { _id: false },
);

const conditionReportSchema = new Schema<ConditionReport>(
  {
    accidentHistory: { type: String, required: true },
    warningLights: [String],
    tires: { type: String, required: true },
    panelDamage: [panelDamageSchema],
    windshield: { type: String, required: true },
    keys: { type: String, required: true },
    serviceHistory: { type: String, required: true },
    smokedIn: { type: Boolean, required: true },
    modifications: String,
  },
  { _id: false },
);

const acceptedOfferSchema = new Schema<AcceptedOfferDocument>(
  {
    offerId: { type: Schema.Types.ObjectId, required: true },
    dealerId: { type: String, required: true },
    acceptedAt: { type: Date, required: true },
    dealerPhone: String,
    statusBefore: String,
  },
  { _id: false },
);

const withdrawalSchema = new Schema<Withdrawal>(
  {
    reason: { type: String, required: true },
    note: String,
    at: { type: Date, required: true },
  },
  { _id: false },
);

const pendingConfirmationSchema = new Schema<PendingConfirmation>(
  {
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { _id: false },
);

const reserveSchema = new Schema<ReservePrice>(
  {
    amount: { type: Number, required: true },
    checkDueAt: Date,
  },
  { _id: false },
);

const vehicleSchema = new Schema<VehicleDocument>(
  {
    make: { type: String, required: true },
    model: { type: String, required: true },
    makeName: String,
    modelName: String,
    year: { type: Number, required: true },
    trim: String,
    vin: String,
    mileage: { type: Number, required: true },
    exteriorColor: String,
    interiorColor: String,
    transmission: String,
    driveType: String,
    fuelType: String,
    engine: String,
    condition: { type: String, required: true },
    titleStatus: { type: String, required: true },
    financingStatus: { type: String, required: true },
    zipCode: { type: String, required: true },
    description: String,
    seller: { type: sellerSchema, required: true },
    streetAddress: String,
    photos: { type: [photoSchema], default: [] },
    status: { type: String, required: true, default: 'new' },
    notes: String,
    contacted: { type: Boolean, default: false },
    offerMade: { type: Boolean, default: false },
    searchText: { type: String, required: true },
    adminSearchText: String,
    modelKey: { type: String, required: true },
    acceptedOffer: acceptedOfferSchema,
    pendingConfirmation: pendingConfirmationSchema,
    withdrawal: withdrawalSchema,
    listOrder: { type: String, required: true },
    mileageOrder: String,
    modelYearOrder: String,
    zip5: String,
    conditionReport: conditionReportSchema,
    conditionGrade: String,
    reserve: reserveSchema,
    savedSearchMatchDue: Boolean,
  },
  { timestamps: true, collection: 'vehicles' },
);
vehicleSchema.plugin(outboxPlugin);
// Validation runs for create() and insertMany() alike, so every way a car is written gets it.
vehicleSchema.pre('validate', function () {
  this.adminSearchText = adminSearchTextOf(this);
  this.set(dealerListKeysOf(this));
});

// Lists are sorted on the one unique key listOrder, newest first: a total order for cursors, and
// a single-field sort the embedded server can answer by walking the index instead of sorting.
vehicleSchema.index({ listOrder: -1 }, { unique: true });
// The dealer list and its filters (status, make, year, ZIP prefix) on a real MongoDB.
vehicleSchema.index({ status: 1, listOrder: -1 });
vehicleSchema.index({ make: 1, listOrder: -1 });
vehicleSchema.index({ year: 1, listOrder: -1 });
vehicleSchema.index({ zipCode: 1 });
// The saved searches' matching pass: the few cars confirmed since it last ran.
vehicleSchema.index({ savedSearchMatchDue: 1 }, { sparse: true });
// The dealer list's other orders and its distance filter (the ZIP codes near the dealer, $in).
vehicleSchema.index({ mileageOrder: -1 });
vehicleSchema.index({ modelYearOrder: -1 });
vehicleSchema.index({ zip5: 1 });
// The cars of open deals (the deals' resume pass).
vehicleSchema.index({ 'acceptedOffer.offerId': 1 }, { sparse: true });
// A seller's cars, matched by contact e-mail.
vehicleSchema.index({ 'seller.email': 1, listOrder: -1 });
// A confirmation link finds its car; the sweep finds listings whose link expired unused.
vehicleSchema.index({ 'pendingConfirmation.tokenHash': 1 }, { sparse: true });
vehicleSchema.index({ 'pendingConfirmation.expiresAt': 1 }, { sparse: true });
// The minimum price's sweep finds the checks that came due.
vehicleSchema.index({ 'reserve.checkDueAt': 1 }, { sparse: true });

type SearchedFields = Pick<VehicleDocument, 'year' | 'make' | 'makeName' | 'model' | 'modelName' | 'vin' | 'zipCode' | 'seller'>;

/**
 * The admin search text of a car: one field per line, lower-case, the phone also as bare digits
 * so that "917-555-0142" finds "(917) 555-0142". One string, because the embedded server tests
 * one regex on one field about five times faster than an $or over nine fields.
 */
export function adminSearchTextOf(vehicle: SearchedFields): string {
  const phone = vehicle.seller?.phone;
  const fields = [
    String(vehicle.year),
    vehicle.make,
    vehicle.makeName,
    makeLabel(vehicle.make),
    vehicle.model,
    vehicle.modelName,
    vehicle.vin,
    vehicle.zipCode,
    vehicle.seller?.fullName,
    vehicle.seller?.email,
    phone,
    phone?.replace(/\D/g, ''),
  ];
  return [...new Set(fields.filter((field): field is string => Boolean(field)).map((field) => field.toLowerCase()))].join('\n');
}

/** The fields adminSearchTextOf reads, for reading cars stored before the admin search existed. */
const searchedFieldsProjection = { year: 1, make: 1, makeName: 1, model: 1, modelName: 1, vin: 1, zipCode: 1, seller: 1 } as const;

/**
 * Gives cars stored before the admin search existed their search text (at start-up; a no-op once
 * every car has one). Idempotent, so several instances starting together do no harm.
 */
export async function fillMissingAdminSearchText(model: VehicleModel, batchSize = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    // Each batch is written before the next is read, so the next read finds only cars still missing it.
    const missing = await model
      .find({ adminSearchText: { $exists: false } }, searchedFieldsProjection)
      .limit(batchSize)
      .lean<(SearchedFields & { _id: Types.ObjectId })[]>();
    if (missing.length === 0) return filled;
    await model.bulkWrite(
      missing.map((vehicle) => ({ updateOne: { filter: { _id: vehicle._id }, update: { $set: { adminSearchText: adminSearchTextOf(vehicle) } } } })),
      { ordered: false },
    );
    filled += missing.length;
  }
}

type DealerListKeys = Required<Pick<VehicleDocument, 'mileageOrder' | 'modelYearOrder' | 'zip5'>>;

/** Above any mileage a car may have (the submission allows up to 2,000,000): the lowest mileage has the highest key. */
const MILEAGE_KEY_BASE = 9_999_999;

/**
 * The dealer list's sort keys and ZIP of a car. Each order is one unique string sorted descending
 * (the car's listOrder breaks ties), for the same reasons as listOrder: a cursor is one value, and
 * the embedded server answers a single-field sort by walking its index.
 */
export function dealerListKeysOf(vehicle: Pick<VehicleDocument, 'mileage' | 'year' | 'zipCode' | 'listOrder'>): DealerListKeys {
  const mileageKey = String(Math.max(0, MILEAGE_KEY_BASE - vehicle.mileage)).padStart(7, '0');
  return {
    mileageOrder: `${mileageKey}-${vehicle.listOrder}`,
    modelYearOrder: `${String(vehicle.year).padStart(4, '0')}-${vehicle.listOrder}`,
    zip5: vehicle.zipCode.slice(0, 5),
  };
}

/**
 * Gives cars stored before the dealer list's sort keys and ZIP existed their values (at start-up,
 * like fillMissingAdminSearchText; a no-op once every car has them). Idempotent.
 */
export async function fillMissingDealerListKeys(model: VehicleModel, batchSize = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const missing = await model
      .find({ $or: [{ mileageOrder: { $exists: false } }, { modelYearOrder: { $exists: false } }, { zip5: { $exists: false } }] }, { mileage: 1, year: 1, zipCode: 1, listOrder: 1 })
      .limit(batchSize)
      .lean<(Pick<VehicleDocument, 'mileage' | 'year' | 'zipCode' | 'listOrder'> & { _id: Types.ObjectId })[]>();
    if (missing.length === 0) return filled;
    await model.bulkWrite(
      missing.map((vehicle) => ({ updateOne: { filter: { _id: vehicle._id }, update: { $set: dealerListKeysOf(vehicle) } } })),
      { ordered: false },
    );
    filled += missing.length;
  }
}

/** The listOrder of a vehicle: creation time (ms, zero-padded) then id, so ties in time still order. */
export function listOrderOf(createdAt: Date, id: Types.ObjectId | string): string {
  return `${String(createdAt.getTime()).padStart(15, '0')}-${String(id)}`;
}

/** A car's document as the lists read it: without what listProjection leaves out. */
export type ListedVehicleDocument = Omit<
  VehicleDocument,
  'seller' | 'streetAddress' | 'notes' | 'description' | 'outbox' | 'adminSearchText' | 'conditionReport' | 'conditionGrade'
>;

/** A car's document as every other read has it: all but the pending events and the admin search text. */
export type ReadVehicleDocument = Omit<VehicleDocument, 'outbox' | 'adminSearchText'>;

export function toStoredPhoto(photo: StoredPhotoDocument): StoredPhoto {
  return {
    fileId: String(photo.fileId),
    thumbnailFileId: String(photo.thumbnailFileId),
    contentType: photo.contentType,
    bytes: photo.bytes,
    width: photo.width,
    height: photo.height,
    ...(photo.role ? { role: photo.role } : {}),
  };
}

export function toStoredPhotoDocument(photo: StoredPhoto): StoredPhotoDocument {
  return { ...photo, fileId: new Types.ObjectId(photo.fileId), thumbnailFileId: new Types.ObjectId(photo.thumbnailFileId) };
}

function toAcceptedOffer(accepted: AcceptedOfferDocument): AcceptedOffer {
  return { ...accepted, offerId: String(accepted.offerId) };
}

export function toAcceptedOfferDocument(accepted: AcceptedOffer): AcceptedOfferDocument {
  return { ...accepted, offerId: new Types.ObjectId(accepted.offerId) };
}

/** The facts that decide who sees a car's photos, and the photos, from any read that has them. */
export function toListingPhotos(found: Pick<VehicleDocument, 'photos' | 'status' | 'acceptedOffer' | 'pendingConfirmation' | 'withdrawal'>): ListingPhotos {
  return {
    photos: found.photos.map(toStoredPhoto),
    status: found.status,
    acceptedOffer: found.acceptedOffer && toAcceptedOffer(found.acceptedOffer),
    pendingConfirmation: found.pendingConfirmation,
    withdrawal: found.withdrawal,
  };
}

export function toListedVehicle(found: ListedVehicleDocument): ListedVehicle {
  return {
    id: String(found._id),
    make: found.make,
    model: found.model,
    makeName: found.makeName,
    modelName: found.modelName,
    year: found.year,
    trim: found.trim,
    vin: found.vin,
    mileage: found.mileage,
    exteriorColor: found.exteriorColor,
    interiorColor: found.interiorColor,
    transmission: found.transmission,
    driveType: found.driveType,
    fuelType: found.fuelType,
    engine: found.engine,
    condition: found.condition,
    titleStatus: found.titleStatus,
    financingStatus: found.financingStatus,
    zipCode: found.zipCode,
    contacted: found.contacted,
    offerMade: found.offerMade,
    ...toListingPhotos(found),
    createdAt: found.createdAt,
    ...(found.reserve ? { reserve: { amount: found.reserve.amount, ...(found.reserve.checkDueAt ? { checkDueAt: found.reserve.checkDueAt } : {}) } } : {}),
  };
}

export function toVehicle(found: ReadVehicleDocument): Vehicle {
  return {
    ...toListedVehicle(found),
    seller: found.seller,
    streetAddress: found.streetAddress,
    notes: found.notes,
    description: found.description,
    conditionReport: found.conditionReport,
    conditionGrade: found.conditionGrade,
  };
}

export type VehicleModel = Model<VehicleDocument>;

export function vehicleModel(connection: Connection): VehicleModel {
  return connection.model<VehicleDocument>('Vehicle', vehicleSchema);
}

import { Buffer } from 'node:buffer';
import type { VehicleView } from '@cardirect/contracts';
import type { DealerRecordDocument } from '../data-access/dealer-record-model';
import type { VehicleDocument } from '../data-access/vehicle-model';
import { isAdmin, isDealer, isSellerOf, type Caller } from './caller';
import { displayNamesOf } from './vehicle-summary';

/**
 * Who a vehicle is being shown to; the one place that decides which fields each sees
 * (ARCHITECTURE.md section 3):
 * - admin: everything;
 * - owner (the seller whose contact e-mail it is): everything but the admin's notes;
 * - dealer: the car, the ZIP and the listed date, with that dealer's own working record merged
 *   in; the seller's contact details and description only once that dealer's offer is accepted;
 * - dealer-list / admin-list: a page of the list, which never carries contact details.
 */
export type Audience =
  | { kind: 'admin' }
  | { kind: 'owner' }
  | { kind: 'dealer'; record?: DealerRecordDocument; offerAccepted: boolean }
  | { kind: 'dealer-list'; record?: Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'> }
  | { kind: 'admin-list' };

export function photoUrl(vehicleId: string, position: number): string {
  return `/api/vehicles/${vehicleId}/photos/${position}`;
}

export function thumbnailUrl(vehicleId: string, position: number): string {
  return `/api/vehicles/${vehicleId}/photos/${position}/thumbnail`;
}

/** The audience of a single vehicle for this caller, or undefined when the caller may not see it. */
export function audienceFor(caller: Caller, vehicle: VehicleDocument, record?: DealerRecordDocument): Audience | undefined {
  if (isAdmin(caller)) return { kind: 'admin' };
  if (isDealer(caller)) return { kind: 'dealer', record, offerAccepted: vehicle.acceptedOffer?.dealerId === caller.userId };
  if (isSellerOf(caller, vehicle.seller.email)) return { kind: 'owner' };
  return undefined;
}

export function showsContact(audience: Audience): boolean {
  return audience.kind === 'admin' || audience.kind === 'owner' || (audience.kind === 'dealer' && audience.offerAccepted);
}

function carFields(vehicle: VehicleDocument): VehicleView {
  const id = String(vehicle._id);
  const photoUrls = vehicle.photos.map((_photo, position) => photoUrl(id, position));
  return {
    id,
    make: vehicle.make,
    model: vehicle.model,
    ...displayNamesOf(vehicle),
    year: vehicle.year,
    trim: vehicle.trim,
    vin: vehicle.vin,
    mileage: vehicle.mileage,
    exteriorColor: vehicle.exteriorColor,
    interiorColor: vehicle.interiorColor,
    transmission: vehicle.transmission,
    driveType: vehicle.driveType,
    fuelType: vehicle.fuelType,
    engine: vehicle.engine,
    condition: vehicle.condition,
    titleStatus: vehicle.titleStatus,
    financingStatus: vehicle.financingStatus,
    zipCode: vehicle.zipCode,
    photoUrls,
    photoUrl: photoUrls[0],
    thumbnailUrl: vehicle.photos.length > 0 ? thumbnailUrl(id, 0) : undefined,
    status: vehicle.status ?? 'new',
    contacted: vehicle.contacted ?? false,
    offerMade: vehicle.offerMade ?? false,
    createdAt: vehicle.createdAt.toISOString(),
  };
}

function contactFields(vehicle: VehicleDocument): Partial<VehicleView> {
  return {
    fullName: vehicle.seller.fullName,
    contactEmail: vehicle.seller.email,
    contactPhone: vehicle.seller.phone,
    city: vehicle.seller.city,
    state: vehicle.seller.state,
  };
}

/** A dealer's own status, notes and flags replace the vehicle's: one dealer never sees another's or the admin's. */
function dealerRecordFields(record: Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'> | undefined): Pick<VehicleView, 'status' | 'notes' | 'contacted' | 'offerMade'> {
  return {
    status: record?.status ?? 'new',
    notes: record?.notes,
    contacted: record?.contacted ?? false,
    offerMade: record?.offerMade ?? false,
  };
}

/** Drops absent optional fields so answers stay small and a missing field never reads as null. */
function withoutUndefined(view: VehicleView): VehicleView {
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) as unknown as VehicleView;
}

export function shapeVehicle(vehicle: VehicleDocument, audience: Audience): VehicleView {
  const car = carFields(vehicle);
  switch (audience.kind) {
    case 'admin':
      return withoutUndefined({
        ...car,
        ...contactFields(vehicle),
        description: vehicle.description,
        streetAddress: vehicle.streetAddress,
        notes: vehicle.notes,
      });
    case 'owner':
      return withoutUndefined({ ...car, ...contactFields(vehicle), description: vehicle.description, streetAddress: vehicle.streetAddress });
    case 'dealer':
      return withoutUndefined({
        ...car,
        ...dealerRecordFields(audience.record),
        ...(audience.offerAccepted ? { ...contactFields(vehicle), description: vehicle.description } : {}),
      });
    case 'dealer-list':
      return withoutUndefined({ ...car, ...dealerRecordFields(audience.record) });
    case 'admin-list':
      return withoutUndefined(car);
  }
}

/**
 * The JSON of a list entry up to its last car field, without the closing brace: what every
 * caller of a cached page shares. The rest (status, contacted, offerMade, createdAt, notes) is
 * per caller, appended by serializeListPage in the key order shapeVehicle gives.
 */
function listEntryHead(vehicle: VehicleDocument): string {
  const { status: _status, contacted: _contacted, offerMade: _offerMade, createdAt: _createdAt, ...head } = carFields(vehicle);
  const json = JSON.stringify(head);
  return json.slice(0, -1);
}

type ListRecords = ReadonlyMap<string, Pick<DealerRecordDocument, 'status' | 'notes' | 'contacted' | 'offerMade'>>;

/** What every serving of a list entry shares: its JSON up to the last car field, its id and creation time. */
interface ListEntryParts {
  head: string;
  id: string;
  createdAtJson: string;
}

/** The shared parts of a page's entries, kept for as long as the page itself is (the repository's list cache). */
const listParts = new WeakMap<readonly VehicleDocument[], ListEntryParts[]>();

function listPartsOf(vehicles: readonly VehicleDocument[]): ListEntryParts[] {
  let parts = listParts.get(vehicles);
  if (!parts) {
    parts = vehicles.map((vehicle) => ({ head: listEntryHead(vehicle), id: String(vehicle._id), createdAtJson: JSON.stringify(vehicle.createdAt.toISOString()) }));
    listParts.set(vehicles, parts);
  }
  return parts;
}

/**
 * The JSON of a page of the list, byte for byte JSON.stringify(vehicles.map(shapeVehicle)) with
 * the 'dealer-list' audience (given the dealer's records by vehicle id) or 'admin-list' (records
 * undefined). The car fields of each entry are serialized once per page, not once per request.
 */
export function serializeListPage(vehicles: readonly VehicleDocument[], records?: ListRecords): string {
  const parts = listPartsOf(vehicles);
  let json = '[';
  for (let index = 0; index < vehicles.length; index++) {
    const vehicle = vehicles[index]!;
    const { head, id, createdAtJson } = parts[index]!;
    const own = records ? dealerRecordFields(records.get(id)) : { status: vehicle.status ?? 'new', contacted: vehicle.contacted ?? false, offerMade: vehicle.offerMade ?? false };
    if (index > 0) json += ',';
    json += `${head},"status":${JSON.stringify(own.status)},"contacted":${JSON.stringify(own.contacted)},"offerMade":${JSON.stringify(own.offerMade)},"createdAt":${createdAtJson}`;
    if ('notes' in own && own.notes !== undefined) json += `,"notes":${JSON.stringify(own.notes)}`;
    json += '}';
  }
  return `${json}]`;
}

/** The bytes every caller of a cached page shares when nothing of its own is on it (see listPageBytes). */
const sharedPageBytes = new WeakMap<readonly VehicleDocument[], { adminList?: Buffer; dealerList?: Buffer }>();

/**
 * The page's JSON (serializeListPage) as the bytes the route sends. Most callers have nothing of
 * their own on a page: an admin (records undefined) and a dealer without records for any of its
 * cars (an empty map) get the same bytes as every other such caller, built once per page and kept
 * as long as the page is. Only a dealer with records on the page gets bytes of its own.
 */
export function listPageBytes(vehicles: readonly VehicleDocument[], records?: ListRecords): Buffer {
  if (records && records.size > 0) return Buffer.from(serializeListPage(vehicles, records));
  let shared = sharedPageBytes.get(vehicles);
  if (!shared) {
    shared = {};
    sharedPageBytes.set(vehicles, shared);
  }
  return records ? (shared.dealerList ??= Buffer.from(serializeListPage(vehicles, records))) : (shared.adminList ??= Buffer.from(serializeListPage(vehicles)));
}

import { listingStateOf, type ListingState, type ListingWithdrawal, type VehicleView } from '@cardirect/contracts';
import { isAdmin, isDealer, isSellerOf, type Caller } from './caller';
import type { DealerRecord, ListedVehicle, Vehicle } from './types';
import { displayNamesOf } from './vehicle-summary';

/**
 * Who a vehicle is being shown to; the one place that decides which fields each sees
 * (ARCHITECTURE.md section 3):
 * - admin: everything;
 * - owner (the seller whose contact e-mail it is): everything but the admin's notes;
 * - dealer: the car, the ZIP and the listed date, with that dealer's own working record merged
 *   in; the seller's contact details and description only once that dealer's offer is accepted;
 *   whether the seller set a minimum price, never its amount (admin and owner see the amount);
 * - dealer-list / admin-list (ListAudience): a page of the list, which never carries contact
 *   details; a dealer's page is the same for every dealer (the working record's defaults: new, not
 *   contacted, no offer), each dealer's own records coming from GET /api/vehicles/mine.
 * Both dealer audiences say whether the sale is agreed (saleAgreedOf), the same for every dealer.
 */
export type Audience = { kind: 'admin' } | { kind: 'owner' } | { kind: 'dealer'; record?: DealerRecord; offerAccepted: boolean };

export type ListAudience = 'dealer-list' | 'admin-list';

export function photoUrl(vehicleId: string, position: number): string {
  return `/api/vehicles/${vehicleId}/photos/${position}`;
}

export function thumbnailUrl(vehicleId: string, position: number): string {
  return `/api/vehicles/${vehicleId}/photos/${position}/thumbnail`;
}

/** The audience of a single vehicle for this caller, or undefined when the caller may not see it. */
export function audienceFor(caller: Caller, vehicle: Vehicle, record?: DealerRecord): Audience | undefined {
  if (isAdmin(caller)) return { kind: 'admin' };
  if (isDealer(caller)) return { kind: 'dealer', record, offerAccepted: vehicle.acceptedOffer?.dealerId === caller.userId };
  if (isSellerOf(caller, vehicle.seller.email)) return { kind: 'owner' };
  return undefined;
}

export function showsContact(audience: Audience): boolean {
  return audience.kind === 'admin' || audience.kind === 'owner' || (audience.kind === 'dealer' && audience.offerAccepted);
}

function carFields(vehicle: ListedVehicle): VehicleView {
  const { id } = vehicle;
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

/**
 * What one car's page shows beyond the list's card, to every audience of it: each photo with what
 * it shows, and the seller's questionnaire with its grade.
 */
function pageFields(vehicle: Vehicle): Pick<VehicleView, 'photos' | 'conditionReport' | 'conditionGrade'> {
  const photos = vehicle.photos.map((photo, position) => ({
    url: photoUrl(vehicle.id, position),
    thumbnailUrl: thumbnailUrl(vehicle.id, position),
    ...(photo.role ? { role: photo.role } : {}),
  }));
  return { photos, conditionReport: vehicle.conditionReport, conditionGrade: vehicle.conditionGrade };
}

function contactFields(vehicle: Vehicle): Partial<VehicleView> {
  return {
    fullName: vehicle.seller.fullName,
    contactEmail: vehicle.seller.email,
    contactPhone: vehicle.seller.phone,
    city: vehicle.seller.city,
    state: vehicle.seller.state,
  };
}

/** A dealer's own status, notes and flags replace the vehicle's: one dealer never sees another's or the admin's. */
export function dealerRecordFields(record: Pick<DealerRecord, 'status' | 'notes' | 'contacted' | 'offerMade'> | undefined): Pick<VehicleView, 'status' | 'notes' | 'contacted' | 'offerMade'> {
  return {
    status: record?.status ?? 'new',
    notes: record?.notes,
    contacted: record?.contacted ?? false,
    offerMade: record?.offerMade ?? false,
  };
}

function withdrawalOf({ withdrawal }: Vehicle): ListingWithdrawal | undefined {
  return withdrawal && { reason: withdrawal.reason, ...(withdrawal.note ? { note: withdrawal.note } : {}), at: withdrawal.at.toISOString() };
}

/** Where the listing stands for its seller: the one rule of libs/contracts, fed with the car's facts. */
export function listingStateOfVehicle(vehicle: Pick<Vehicle, 'status' | 'pendingConfirmation' | 'acceptedOffer' | 'withdrawal'>): ListingState {
  return listingStateOf({
    status: vehicle.status ?? 'new',
    awaitingConfirmation: Boolean(vehicle.pendingConfirmation),
    offerAccepted: Boolean(vehicle.acceptedOffer),
    withdrawn: Boolean(vehicle.withdrawal),
  });
}

/**
 * To dealers: the seller accepted an offer, so the car takes no more. It follows the accepted offer,
 * not the status, which the admin sets freely; the same for every dealer, the buyer included.
 */
function saleAgreedOf(vehicle: ListedVehicle): true | undefined {
  return vehicle.acceptedOffer ? true : undefined;
}

/** Drops absent optional fields so answers stay small and a missing field never reads as null. */
function withoutUndefined(view: VehicleView): VehicleView {
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) as unknown as VehicleView;
}

export function shapeVehicle(vehicle: Vehicle, audience: Audience): VehicleView {
  const car = { ...carFields(vehicle), ...pageFields(vehicle) };
  switch (audience.kind) {
    case 'admin':
      return withoutUndefined({
        ...car,
        ...contactFields(vehicle),
        description: vehicle.description,
        streetAddress: vehicle.streetAddress,
        notes: vehicle.notes,
        awaitingConfirmationUntil: vehicle.pendingConfirmation?.expiresAt.toISOString(),
        withdrawal: withdrawalOf(vehicle),
        reservePrice: vehicle.reserve?.amount,
      });
    case 'owner':
      return withoutUndefined({
        ...car,
        ...contactFields(vehicle),
        description: vehicle.description,
        streetAddress: vehicle.streetAddress,
        awaitingConfirmationUntil: vehicle.pendingConfirmation?.expiresAt.toISOString(),
        withdrawal: withdrawalOf(vehicle),
        reservePrice: vehicle.reserve?.amount,
      });
    case 'dealer':
      return withoutUndefined({
        ...car,
        ...dealerRecordFields(audience.record),
        ...(audience.offerAccepted ? { ...contactFields(vehicle), description: vehicle.description } : {}),
        saleAgreed: saleAgreedOf(vehicle),
        watched: audience.record?.watch !== undefined,
        // That a minimum exists, never its amount (issue 36).
        hasMinimumPrice: vehicle.reserve !== undefined,
      });
  }
}

/** A car of a page of the list, the same for every caller of the audience. */
export function shapeListedVehicle(vehicle: ListedVehicle, audience: ListAudience): VehicleView {
  const car = carFields(vehicle);
  return audience === 'dealer-list'
    ? withoutUndefined({ ...car, ...dealerRecordFields(undefined), saleAgreed: saleAgreedOf(vehicle), hasMinimumPrice: vehicle.reserve !== undefined })
    : withoutUndefined(car);
}

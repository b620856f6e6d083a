import { conditionGradeOf, makeLabel, type PhotoRole, type VehicleSubmission, type VehicleSubmitted } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';
import type { CatalogueNames, DomainContext } from './context';
import { ensureRoomForUnconfirmedListing, newConfirmation } from './listing-confirmation';
import { preparePhotos, type PreparedPhoto } from './photos/prepare-photos';
import type { NewVehicle, PendingConfirmation, StoredPhoto } from './types';

/** "year make model" in lower case, once with the make's value and once with its label when they differ (mercedes / mercedes-benz). */
export function searchTextOf(vehicle: { year: number; make: string; model: string }): string {
  const label = makeLabel(vehicle.make).toLowerCase();
  const variants = new Set([vehicle.make.toLowerCase(), label].map((make) => `${vehicle.year} ${make} ${vehicle.model.toLowerCase()}`));
  // A line break between variants, so a search never matches across two of them.
  return [...variants].join('\n');
}

/** Stores each photo with its role (`roles` is aligned with `photos`, or absent), so a photo and what it shows stay together. */
async function storePhotos(context: DomainContext, vehicleId: string, photos: PreparedPhoto[], roles: readonly PhotoRole[] | undefined): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  try {
    for (const [position, photo] of photos.entries()) {
      const metadata = { vehicleId, contentType: photo.contentType };
      const fileId = await context.photos.save(photo.bytes, { ...metadata, kind: 'photo' });
      const thumbnailFileId = await context.photos.save(photo.thumbnail, { ...metadata, contentType: 'image/jpeg', kind: 'thumbnail' });
      const role = roles?.[position];
      stored.push({ fileId, thumbnailFileId, contentType: photo.contentType, bytes: photo.bytes.length, width: photo.width, height: photo.height, ...(role ? { role } : {}) });
    }
    return stored;
  } catch (error) {
    await context.photos.remove(stored.flatMap((photo) => [photo.fileId, photo.thumbnailFileId]));
    throw error;
  }
}

function toNewVehicle(submission: VehicleSubmission, photos: StoredPhoto[], names: CatalogueNames, pendingConfirmation: PendingConfirmation): NewVehicle {
  const { fullName, contactEmail, contactPhone, city, state, photoUrls: _photoUrls, photoRoles: _photoRoles, sellerId: _sellerId, conditionReport, reservePrice, ...car } = submission;
  return {
    ...car,
    ...names,
    // The grade is always the server's own reading of the answers: a client's is never taken.
    ...(conditionReport ? { conditionReport, conditionGrade: conditionGradeOf(conditionReport) } : {}),
    // Its seven days start when the listing reaches dealers (confirmListing).
    ...(reservePrice !== undefined ? { reserve: { amount: reservePrice } } : {}),
    seller: { fullName, email: contactEmail, phone: contactPhone, city, state },
    photos,
    status: 'new',
    contacted: false,
    offerMade: false,
    searchText: searchTextOf(car),
    modelKey: car.model.toLowerCase(),
    pendingConfirmation,
  };
}

/**
 * An anonymous seller submits a car: every photo is checked before anything is stored, the
 * photos go to GridFS (each with what it shows), the questionnaire is graded, and the car is
 * saved, waiting for its seller to confirm the contact address, together with its
 * `vehicle.submitted` event (the e-mail with the confirmation link). Dealers see it and hear of
 * it only once it is confirmed (see confirmListing).
 */
export async function submitVehicle(context: DomainContext, submission: VehicleSubmission): Promise<VehicleSubmitted> {
  await ensureRoomForUnconfirmedListing(context, submission.contactEmail);
  const photos = await preparePhotos(submission.photoUrls);
  const vehicleId = context.vehicles.newId();
  const storedPhotos = await storePhotos(context, vehicleId, photos, submission.photoRoles);
  const confirmation = newConfirmation(context.now());
  const vehicle = toNewVehicle(submission, storedPhotos, context.catalogueNames(submission.make, submission.model), confirmation.pending);
  const submitted = createEvent('vehicle.submitted', {
    vehicleId,
    car: { year: vehicle.year, ...context.knownCatalogueNames(submission.make, submission.model) },
    sellerEmail: vehicle.seller.email,
    confirmationToken: confirmation.token,
    confirmationExpiresAt: confirmation.pending.expiresAt.toISOString(),
  });
  try {
    const created = await context.vehicles.create(vehicleId, vehicle, [submitted]);
    return { id: created.id, status: created.status, createdAt: created.createdAt.toISOString() };
  } catch (error) {
    await context.photos.remove(storedPhotos.flatMap((photo) => [photo.fileId, photo.thumbnailFileId]));
    throw error;
  }
}

import { forbidden, notFound } from '@cardirect/service-kit';
import type { PhotoFile } from '../data-access/photo-store';
import { isAdmin, isDealer, isSellerOf, type Caller } from './caller';
import type { DomainContext } from './context';
import { dealerMaySee } from './dealer-visibility';
import type { StoredPhoto } from './types';

export type PhotoVariant = 'photo' | 'thumbnail';

export interface PhotoToServe {
  /** Known before the bytes are read, so a browser that holds the photo gets 304 without a read. */
  etag: string;
  read(): Promise<PhotoFile>;
}

/** The car's photos if the caller may see them: any car's for admins, the cars a dealer may see (dealerMaySee), only their own car's for a seller. */
async function photosFor(context: DomainContext, vehicleId: string, caller: Caller): Promise<StoredPhoto[]> {
  if (isAdmin(caller) || isDealer(caller)) {
    // Most photos served are a dashboard's cards: what decides is known from the list, so the car
    // is not read again for each of them.
    const listing = await context.vehicles.listingStateOf(vehicleId);
    if (!listing || (isDealer(caller) && !dealerMaySee(listing, caller.userId))) throw notFound('Vehicle not found');
    return listing.photos;
  }
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  if (!isSellerOf(caller, vehicle.seller.email)) throw forbidden('You do not have permission to see this photo');
  return vehicle.photos;
}

/** A car's photo (or its card thumbnail) for approved dealers, admins and the car's seller. */
export async function readPhoto(context: DomainContext, vehicleId: string, position: number, variant: PhotoVariant, caller: Caller): Promise<PhotoToServe> {
  const photo = (await photosFor(context, vehicleId, caller))[position];
  if (!photo) throw notFound('Photo not found');
  const fileId = variant === 'photo' ? photo.fileId : photo.thumbnailFileId;
  return {
    etag: `"${fileId}"`,
    async read() {
      const file = await context.photos.open(fileId);
      if (!file) throw notFound('Photo not found');
      return file;
    },
  };
}

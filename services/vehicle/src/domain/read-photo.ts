import { forbidden, notFound } from '@cardirect/service-kit';
import type { PhotoFile } from '../data-access/photo-store';
import { isAdmin, isDealer, isSellerOf, type Caller } from './caller';
import type { DomainContext } from './context';

export type PhotoVariant = 'photo' | 'thumbnail';

export interface PhotoToServe {
  /** Known before the bytes are read, so a browser that holds the photo gets 304 without a read. */
  etag: string;
  read(): Promise<PhotoFile>;
}

/** A car's photo (or its card thumbnail) for approved dealers, admins and the car's seller. */
export async function readPhoto(context: DomainContext, vehicleId: string, position: number, variant: PhotoVariant, caller: Caller): Promise<PhotoToServe> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  if (!isAdmin(caller) && !isDealer(caller) && !isSellerOf(caller, vehicle.seller.email)) {
    throw forbidden('You do not have permission to see this photo');
  }
  const photo = vehicle.photos[position];
  if (!photo) throw notFound('Photo not found');
  const fileId = variant === 'photo' ? photo.fileId : photo.thumbnailFileId;
  return {
    etag: `"${String(fileId)}"`,
    async read() {
      const file = await context.photos.open(fileId);
      if (!file) throw notFound('Photo not found');
      return file;
    },
  };
}

import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { mongo, Types, type Connection } from 'mongoose';
import { vehicleModel } from '../data-access/vehicle-model';
import { createVehicleRepository } from '../data-access/vehicle-repository';
import { searchTextOf } from '../domain/submit-vehicle';

/** A file in the photo bucket as the service stored it before photos were cleaned: the upload's bytes, no `clean` mark. */
export async function storeFileAsBeforeCleaning(connection: Connection, bytes: Buffer, metadata: { vehicleId: string; contentType: string; kind: 'photo' | 'thumbnail' }): Promise<Types.ObjectId> {
  const bucket = new mongo.GridFSBucket(connection.db!, { bucketName: 'photos' });
  const upload = bucket.openUploadStream(`${metadata.vehicleId}-${metadata.kind}`, { metadata });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(bytes);
  });
  return upload.id;
}

/**
 * A car submitted before photos were cleaned: its one photo stored as uploaded (EXIF and all), with
 * the size its header claims, and a thumbnail. Confirmed listings did not exist then either, so
 * dealers see it.
 */
export async function storeCarAsBeforeCleaning(connection: Connection, photo: Buffer, contentType: string): Promise<{ vehicleId: string; fileId: Types.ObjectId }> {
  const vehicleId = String(new Types.ObjectId());
  const { width, height } = await sharp(photo).metadata();
  const fileId = await storeFileAsBeforeCleaning(connection, photo, { vehicleId, contentType, kind: 'photo' });
  const thumbnail = await sharp(photo, { failOn: 'none' }).rotate().resize({ width: 320, withoutEnlargement: true }).jpeg().toBuffer();
  const thumbnailFileId = await storeFileAsBeforeCleaning(connection, thumbnail, { vehicleId, contentType: 'image/jpeg', kind: 'thumbnail' });
  const car = { make: 'honda', model: 'Accord', year: 2016 };
  await createVehicleRepository(vehicleModel(connection)).create(
    vehicleId,
    {
      ...car,
      mileage: 80_000,
      condition: 'good',
      titleStatus: 'clean',
      financingStatus: 'owned',
      zipCode: '62704',
      seller: { fullName: 'Early Seller', email: `early-${randomUUID()}@example.com` },
      photos: [{ fileId: String(fileId), thumbnailFileId: String(thumbnailFileId), contentType, bytes: photo.length, width, height }],
      status: 'new',
      contacted: false,
      offerMade: false,
      searchText: searchTextOf(car),
      modelKey: car.model.toLowerCase(),
    },
    [],
  );
  return { vehicleId, fileId };
}

import { buffer } from 'node:stream/consumers';
import type { Logger } from '@cardirect/service-kit';
import type { PhotoStore, UncleanPhotoFile } from '../../data-access/photo-store';
import type { VehiclePhotoFiles } from '../../data-access/vehicle-photo-files';
import { cleanPhoto } from './clean-photo';
import { sniffImageType } from './photo-data-url';

export interface StoredPhotoCleaning {
  photos: PhotoStore;
  vehiclePhotos: VehiclePhotoFiles;
  now(): Date;
}

export interface CleaningCounts {
  /** Photos this run re-encoded and pointed its car at. */
  cleaned: number;
  /** Photos another instance cleaned while this one was at it. */
  cleanedElsewhere: number;
  /** Files no car names (left behind by a submission that failed half-way), removed. */
  unusedRemoved: number;
  /** Photos that did not decode again: still stored as uploaded, tried again at the next start. */
  failed: number;
}

type Outcome = keyof CleaningCounts | 'left';

const BATCH_SIZE = 50;

/** Files are stored before their car is written; a file no car names yet may be a submission in progress, one this old never is. */
const UNUSED_FILE_GRACE_MS = 60 * 60 * 1000;

async function bytesOf(photos: PhotoStore, fileId: string): Promise<Buffer | undefined> {
  const file = await photos.open(fileId);
  if (!file) return undefined;
  return Buffer.isBuffer(file.body) ? file.body : buffer(file.body);
}

async function cleanStoredPhoto(cleaning: StoredPhotoCleaning, file: UncleanPhotoFile, logger: Logger): Promise<Outcome> {
  const { photos, vehiclePhotos } = cleaning;
  const photo = await vehiclePhotos.photoIn(file.vehicleId, file.fileId);
  if (!photo) {
    if (cleaning.now().getTime() - file.uploadedAt.getTime() < UNUSED_FILE_GRACE_MS) return 'left';
    await photos.remove([file.fileId]);
    return 'unusedRemoved';
  }
  const bytes = await bytesOf(photos, file.fileId);
  // Listed a moment ago and gone now: another instance replaced it between the two reads.
  if (!bytes) return 'cleanedElsewhere';
  const type = sniffImageType(bytes);
  const clean = type ? await cleanPhoto(bytes, type).catch(() => undefined) : undefined;
  if (!type || !clean) {
    logger.warn({ vehicleId: file.vehicleId, fileId: file.fileId }, 'A stored photo could not be re-encoded; it stays as uploaded');
    return 'failed';
  }
  const cleanFileId = await photos.save(clean.bytes, { vehicleId: file.vehicleId, contentType: type, kind: 'photo' });
  const replaced = await vehiclePhotos.replacePhotoFile(file.vehicleId, file.fileId, {
    ...photo,
    fileId: cleanFileId,
    bytes: clean.bytes.length,
    width: clean.width,
    height: clean.height,
  });
  // Only now is the old file named by no car. When another instance won, its copy is the one named,
  // and the old file goes all the same (whichever instance gets there first removes it).
  await photos.remove(replaced ? [file.fileId] : [cleanFileId, file.fileId]);
  return replaced ? 'cleaned' : 'cleanedElsewhere';
}

/**
 * Photos stored before they were cleaned at submission still carry what the camera wrote (GPS
 * position, owner's name...). Each is re-encoded like a new submission's (cleanPhoto), stored as
 * a new file, its car pointed at that file, and the old file removed, in that order, so a car never
 * names a missing file. Idempotent: a cleaned photo is not listed again. Safe when several
 * instances run it at once: the car is pointed at a new file only if it still names the old one.
 */
export async function cleanStoredPhotos(cleaning: StoredPhotoCleaning, logger: Logger): Promise<CleaningCounts> {
  const counts: CleaningCounts = { cleaned: 0, cleanedElsewhere: 0, unusedRemoved: 0, failed: 0 };
  let after: string | undefined;
  for (;;) {
    // Paged by file id, so a photo left as it is (failed, or an unused file still young) is not listed again in this run.
    const files = await cleaning.photos.findUncleanPhotos(BATCH_SIZE, after);
    for (const file of files) {
      const outcome = await cleanStoredPhoto(cleaning, file, logger);
      if (outcome !== 'left') counts[outcome]++;
    }
    if (files.length > 0) logger.info(counts, 'Cleaning the metadata out of stored photos');
    if (files.length < BATCH_SIZE) return counts;
    after = files.at(-1)!.fileId;
  }
}

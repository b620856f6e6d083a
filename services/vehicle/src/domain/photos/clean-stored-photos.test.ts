import mongoose, { mongo, type Types } from 'mongoose';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@cardirect/service-kit';
import { startTestMongo, uniqueDbName, type TestMongo } from '@cardirect/service-kit/testing';
import { createPhotoStore } from '../../data-access/photo-store';
import { vehicleModel } from '../../data-access/vehicle-model';
import { createVehiclePhotoFiles, type VehiclePhotoFiles } from '../../data-access/vehicle-photo-files';
import { truncatedJpeg } from '../../testing/hostile-photos';
import { storeCarAsBeforeCleaning, storeFileAsBeforeCleaning } from '../../testing/photos-before-cleaning';
import { jpegWithMetadata } from '../../testing/photos-with-metadata';
import { cleanStoredPhotos, type StoredPhotoCleaning } from './clean-stored-photos';

const logger = createLogger({ name: 'vehicle', level: 'silent' });
const HOUR_MS = 60 * 60 * 1000;

let testMongo: TestMongo;
let connection: mongoose.Connection;

beforeAll(async () => {
  testMongo = await startTestMongo();
});

afterEach(async () => {
  await connection?.close();
});

afterAll(async () => {
  await testMongo?.stop();
});

/** Each test has a database of its own: the cleaning goes through every photo of the database. */
async function freshDatabase(): Promise<mongoose.Connection> {
  connection = await mongoose.createConnection(testMongo.uri, { dbName: uniqueDbName('photo-cleaning') }).asPromise();
  return connection;
}

/** One instance of the service: its own photo store (and memory), the shared database. */
function instance(options: { vehiclePhotos?: Partial<VehiclePhotoFiles>; now?: () => Date } = {}): StoredPhotoCleaning {
  return {
    photos: createPhotoStore(connection.db!),
    vehiclePhotos: { ...createVehiclePhotoFiles(vehicleModel(connection)), ...options.vehiclePhotos },
    now: options.now ?? (() => new Date()),
  };
}

async function photoFilesOf(vehicleId: string) {
  return connection.db!.collection<mongo.GridFSFile>('photos.files').find({ 'metadata.vehicleId': vehicleId }).toArray();
}

async function storedPhotoOf(vehicleId: string) {
  const car = await vehicleModel(connection).findById(vehicleId).lean();
  return car!.photos[0]!;
}

async function bytesOf(fileId: Types.ObjectId): Promise<Buffer> {
  const bucket = new mongo.GridFSBucket(connection.db!, { bucketName: 'photos' });
  const chunks: Buffer[] = [];
  for await (const chunk of bucket.openDownloadStream(fileId)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('cleanStoredPhotos', () => {
  it('When two instances clean the same photo at once, then the car names the one clean copy left and the old file is gone', async () => {
    await freshDatabase();
    const { vehicleId, fileId: oldFileId } = await storeCarAsBeforeCleaning(connection, await jpegWithMetadata({ orientation: 6 }), 'image/jpeg');
    const first = instance();
    let firstRun: ReturnType<typeof cleanStoredPhotos> | undefined;
    const replacePhotoFile = createVehiclePhotoFiles(vehicleModel(connection)).replacePhotoFile;
    // The second instance has read the car and made its copy; the first does all of it before the second points the car.
    const second = instance({
      vehiclePhotos: {
        async replacePhotoFile(...args) {
          firstRun = cleanStoredPhotos(first, logger);
          await firstRun;
          return replacePhotoFile(...args);
        },
      },
    });

    const secondCounts = await cleanStoredPhotos(second, logger);
    const firstCounts = await firstRun!;

    expect(firstCounts).toMatchObject({ cleaned: 1, failed: 0 });
    expect(secondCounts).toMatchObject({ cleaned: 0, cleanedElsewhere: 1, failed: 0 });
    const photo = await storedPhotoOf(vehicleId);
    const files = await photoFilesOf(vehicleId);
    expect(files.map((file) => String(file._id)).sort()).toEqual([String(photo.fileId), String(photo.thumbnailFileId)].sort());
    expect(files.every((file) => file.metadata?.clean === true || file.metadata?.kind === 'thumbnail')).toBe(true);
    expect(String(photo.fileId)).not.toBe(String(oldFileId));
    const metadata = await sharp(await bytesOf(photo.fileId)).metadata();
    expect(metadata.exif).toBeUndefined();
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 40, height: 60 });
  });

  it('When a file no car names was stored over an hour ago, then it is removed; a younger one is left, its car may be on the way', async () => {
    await freshDatabase();
    const unusedFileId = await storeFileAsBeforeCleaning(connection, await jpegWithMetadata(), { vehicleId: '0123456789abcdef01234567', contentType: 'image/jpeg', kind: 'photo' });
    const files = connection.db!.collection('photos.files');

    const atOnce = await cleanStoredPhotos(instance(), logger);
    const storedAtOnce = await files.countDocuments({ _id: unusedFileId });
    const anHourLater = await cleanStoredPhotos(instance({ now: () => new Date(Date.now() + HOUR_MS + 60_000) }), logger);

    expect(atOnce.unusedRemoved).toBe(0);
    expect(storedAtOnce).toBe(1);
    expect(anHourLater.unusedRemoved).toBe(1);
    expect(await files.countDocuments({ _id: unusedFileId })).toBe(0);
  });

  it('When a stored photo no longer decodes, then it stays as it is and the other photos are still cleaned', async () => {
    await freshDatabase();
    const broken = await storeCarAsBeforeCleaning(connection, await truncatedJpeg(), 'image/jpeg');
    const good = await storeCarAsBeforeCleaning(connection, await jpegWithMetadata(), 'image/jpeg');

    const counts = await cleanStoredPhotos(instance(), logger);

    expect(counts).toMatchObject({ cleaned: 1, failed: 1 });
    expect(String((await storedPhotoOf(broken.vehicleId)).fileId)).toBe(String(broken.fileId));
    expect((await photoFilesOf(broken.vehicleId)).map((file) => String(file._id))).toContain(String(broken.fileId));
    expect(String((await storedPhotoOf(good.vehicleId)).fileId)).not.toBe(String(good.fileId));
  });
});

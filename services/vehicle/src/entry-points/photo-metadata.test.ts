import { MongoClient, ObjectId } from 'mongodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo } from '@cardirect/service-kit';
import { startTestMongo, uniqueDbName, type TestCaller, type TestMongo } from '@cardirect/service-kit/testing';
import { fetchPhotoBytes } from '../testing/fetch-photo';
import { storeCarAsBeforeCleaning } from '../testing/photos-before-cleaning';
import { animatedGifWithComment, asDataUrl, jpegWithMetadata, OWNER_NAME, pngWithMetadata } from '../testing/photos-with-metadata';
import { callers, startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

const who = callers();

/** What a dealer could learn from a served photo beyond its pixels. */
async function metadataLeftIn(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  return {
    exif: metadata.exif !== undefined,
    xmp: metadata.xmp !== undefined,
    iptc: metadata.iptc !== undefined,
    icc: metadata.icc !== undefined,
    comments: metadata.comments !== undefined,
    orientation: metadata.orientation !== undefined,
    ownerNameInBytes: bytes.includes(OWNER_NAME),
  };
}

const NOTHING_LEFT = { exif: false, xmp: false, iptc: false, icc: false, comments: false, orientation: false, ownerNameInBytes: false };

/** The colour at (x, y) of an image, as [r, g, b]. */
async function colourAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

function isReddish([r, g, b]: number[]): boolean {
  return r! > 180 && g! < 60 && b! < 60;
}

function isBluish([r, g, b]: number[]): boolean {
  return b! > 180 && r! < 60 && g! < 60;
}

describe('Photos submitted with metadata', () => {
  let service: VehicleServiceForTest;
  let mongo: MongoClient;

  beforeAll(async () => {
    service = await startVehicleServiceForTest();
    mongo = await MongoClient.connect(service.config.MONGODB_URI);
  });

  afterAll(async () => {
    await mongo?.close();
    await service?.stop();
  });

  function fetchAs(caller: TestCaller, vehicleId: string) {
    return fetchPhotoBytes(service.url, `/api/vehicles/${vehicleId}/photos/0`, caller);
  }

  it('When a JPEG with GPS, the owner, XMP, IPTC and a comment is submitted, then neither a dealer nor an admin gets any of them', async () => {
    const id = await submitCar(service, { photoUrls: [asDataUrl('image/jpeg', await jpegWithMetadata())] });

    const asDealer = await fetchAs(who.dealer, id);
    const asAdmin = await fetchAs(who.admin, id);

    for (const photo of [asDealer, asAdmin]) {
      expect(photo.status).toBe(200);
      expect(photo.contentType).toBe('image/jpeg');
      expect((await sharp(photo.bytes).metadata()).format).toBe('jpeg');
      expect(await metadataLeftIn(photo.bytes)).toEqual(NOTHING_LEFT);
    }
  });

  it('When a photo was taken with the camera turned (orientation 6), then it is served and stored upright', async () => {
    const id = await submitCar(service, { photoUrls: [asDataUrl('image/jpeg', await jpegWithMetadata({ width: 60, height: 40, orientation: 6 }))] });

    const photo = await fetchAs(who.dealer, id);

    const served = await sharp(photo.bytes).metadata();
    expect({ width: served.width, height: served.height, orientation: served.orientation }).toEqual({ width: 40, height: 60, orientation: undefined });
    // Stored with its left half red: turned a quarter clockwise, red is on top.
    expect(isReddish(await colourAt(photo.bytes, 20, 5))).toBe(true);
    expect(isBluish(await colourAt(photo.bytes, 20, 55))).toBe(true);
    const car = await mongo.db(service.config.MONGODB_DB).collection('vehicles').findOne({ _id: new ObjectId(id) });
    expect(car?.photos[0]).toMatchObject({ width: 40, height: 60, bytes: photo.bytes.length });
  });

  it('When a PNG carries EXIF, XMP and a text comment, then it is served as a PNG without them', async () => {
    const id = await submitCar(service, { photoUrls: [asDataUrl('image/png', await pngWithMetadata())] });

    const photo = await fetchAs(who.dealer, id);

    expect(photo.contentType).toBe('image/png');
    expect((await sharp(photo.bytes).metadata()).format).toBe('png');
    expect(await metadataLeftIn(photo.bytes)).toEqual(NOTHING_LEFT);
  });

  it('When an animated GIF carries a comment, then it is served as a GIF with all its frames and without the comment', async () => {
    const id = await submitCar(service, { photoUrls: [asDataUrl('image/gif', await animatedGifWithComment(4))] });

    const photo = await fetchAs(who.dealer, id);

    expect(photo.contentType).toBe('image/gif');
    expect((await sharp(photo.bytes).metadata()).pages).toBe(4);
    expect(await metadataLeftIn(photo.bytes)).toEqual(NOTHING_LEFT);
  });
});

describe('Photos stored before they were cleaned, at the next start', () => {
  let testMongo: TestMongo;
  const running: VehicleServiceForTest[] = [];

  beforeAll(async () => {
    testMongo = await startTestMongo();
  });

  afterAll(async () => {
    for (const service of running) await service.stop();
    await testMongo?.stop();
  });

  /** An instance of the service over the given database, started as a deployment starts it. */
  async function startOver(dbName: string): Promise<VehicleServiceForTest> {
    const service = await startVehicleServiceForTest({ MONGODB_URI: testMongo.uri, MONGODB_DB: dbName });
    running.push(service);
    return service;
  }

  /** A car stored the old way, as uploaded, in a database of its own. */
  async function databaseWithCarStoredAsUploaded() {
    const dbName = uniqueDbName('vehicle');
    const connection = await connectMongo(testMongo.uri, dbName);
    try {
      const stored = await storeCarAsBeforeCleaning(connection, await jpegWithMetadata({ width: 60, height: 40, orientation: 6 }), 'image/jpeg');
      return { dbName, ...stored };
    } finally {
      await connection.close();
    }
  }

  async function storedState(dbName: string) {
    const db = (await MongoClient.connect(testMongo.uri)).db(dbName);
    try {
      return {
        vehicles: await db.collection('vehicles').find({}, { projection: { photos: 1, updatedAt: 1 } }).toArray(),
        files: (await db.collection('photos.files').find({}, { projection: { _id: 1 } }).sort({ _id: 1 }).toArray()).map((file) => String(file._id)),
      };
    } finally {
      await db.client.close();
    }
  }

  it('When the service starts over a car whose photo still carries EXIF, then dealers and admins get it clean and upright and the old file is gone', async () => {
    const { dbName, vehicleId, fileId } = await databaseWithCarStoredAsUploaded();

    const service = await startOver(dbName);

    for (const caller of [who.dealer, who.admin]) {
      const photo = await fetchPhotoBytes(service.url, `/api/vehicles/${vehicleId}/photos/0`, caller);
      expect(photo.status).toBe(200);
      expect(await metadataLeftIn(photo.bytes)).toEqual(NOTHING_LEFT);
      const served = await sharp(photo.bytes).metadata();
      expect({ width: served.width, height: served.height }).toEqual({ width: 40, height: 60 });
    }
    const { vehicles, files } = await storedState(dbName);
    expect(files).not.toContain(String(fileId));
    expect(vehicles[0]!.photos[0]).toMatchObject({ width: 40, height: 60 });
  });

  it('When the service starts again over photos it cleaned, then nothing changes', async () => {
    const { dbName } = await databaseWithCarStoredAsUploaded();
    await startOver(dbName);
    const afterFirstStart = await storedState(dbName);

    await startOver(dbName);

    expect(await storedState(dbName)).toEqual(afterFirstStart);
  });
});

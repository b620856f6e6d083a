import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Decimal128, GridFSBucket, Long, MongoClient, type Db } from 'mongodb';
import { startMongoEmbedded, type MongoEmbedded } from './index';

let server: MongoEmbedded;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  server = await startMongoEmbedded();
  client = await MongoClient.connect(server.uri);
  db = client.db('semantics');
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

async function errorOf(run: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await run();
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the operation to fail');
}

describe('server behaviour the driver relies on', () => {
  it('When findOneAndUpdate hits a unique index, then the error is top-level 11000 with keyPattern and keyValue', async () => {
    const dealers = db.collection('dealers');
    await dealers.createIndex({ siret: 1 }, { unique: true });
    await dealers.insertMany([{ siret: 'A' }, { siret: 'B' }]);
    const error = await errorOf(() => dealers.findOneAndUpdate({ siret: 'B' }, { $set: { siret: 'A' } }));
    expect(error).toMatchObject({ code: 11000, codeName: 'DuplicateKey', keyPattern: { siret: 1 }, keyValue: { siret: 'A' } });
  });

  it('When a collection has a validator, then invalid writes fail with 121 unless validation is bypassed or moderate', async () => {
    await db.createCollection('validated', { validator: { price: { $type: 'number' } } });
    const validated = db.collection('validated');
    await validated.insertOne({ _id: 1, price: 10 } as never);
    expect(await errorOf(() => validated.insertOne({ price: 'ten' }))).toMatchObject({ code: 121 });
    expect(await errorOf(() => validated.updateOne({ _id: 1 } as never, { $set: { price: 'ten' } }))).toMatchObject({ code: 121 });
    await validated.insertOne({ _id: 2, price: 'free' } as never, { bypassDocumentValidation: true });

    await db.command({ collMod: 'validated', validationLevel: 'moderate' });
    await validated.updateOne({ _id: 2 } as never, { $set: { note: 'was already invalid' } });
    expect(await validated.countDocuments()).toBe(2);
  });

  it('When a command carries a collation, then matching, sorting and distinct follow it', async () => {
    const makes = db.collection<{ _id: number; name: string }>('makes');
    await makes.createIndex({ name: 1 });
    await makes.insertMany([{ _id: 1, name: 'peugeot' }, { _id: 2, name: 'Peugeot' }, { _id: 3, name: 'Škoda' }, { _id: 4, name: 'audi' }, { _id: 5, name: 'BMW' }]);
    const caseInsensitive = { locale: 'fr', strength: 2 };
    expect(await makes.countDocuments({ name: 'PEUGEOT' }, { collation: caseInsensitive })).toBe(2);
    expect(await makes.countDocuments({ name: 'PEUGEOT' })).toBe(0);
    expect(await makes.countDocuments({ name: 'skoda' }, { collation: { locale: 'fr', strength: 1 } })).toBe(1);
    const sorted = await makes.find({}, { collation: caseInsensitive }).sort({ name: 1 }).toArray();
    expect(sorted.map((doc) => doc.name)).toEqual(['audi', 'BMW', 'peugeot', 'Peugeot', 'Škoda']);
    expect(await makes.distinct('name', { _id: { $lte: 2 } }, { collation: caseInsensitive })).toHaveLength(1);
  });

  it('When the failCommand fail point is set, then the chosen command fails as configured and then recovers', async () => {
    const admin = client.db('admin');
    const flaky = db.collection('flaky');
    await admin.command({ configureFailPoint: 'failCommand', mode: { times: 1 }, data: { failCommands: ['insert'], errorCode: 91 } });
    expect(await errorOf(() => flaky.insertOne({ attempt: 1 }))).toMatchObject({ code: 91 });
    await flaky.insertOne({ attempt: 2 });

    await admin.command({ configureFailPoint: 'failCommand', mode: 'alwaysOn', data: { failCommands: ['find'], closeConnection: true } });
    const dropped = await errorOf(() => flaky.findOne({}));
    expect(String(dropped.name)).toMatch(/MongoNetwork/);
    await admin.command({ configureFailPoint: 'failCommand', mode: 'off' });
    expect(await flaky.countDocuments({ attempt: 2 })).toBe(1);
  });

  it('When a collection is created twice, then the second create answers NamespaceExists', async () => {
    await db.createCollection('once');
    expect(await errorOf(() => db.createCollection('once'))).toMatchObject({ code: 48 });
  });

  it('When an index clashes by name or by key, then 86 and 85 come back', async () => {
    const listings = db.collection('listings');
    await listings.createIndex({ make: 1 }, { name: 'by_make' });
    expect(await errorOf(() => listings.createIndex({ model: 1 }, { name: 'by_make' }))).toMatchObject({ code: 86 });
    expect(await errorOf(() => listings.createIndex({ make: 1 }, { name: 'other_name' }))).toMatchObject({ code: 85 });
    expect(await listings.createIndex({ make: 1 }, { name: 'by_make' })).toBe('by_make');
  });

  it('When a unique index is sparse, then documents without the field do not collide; without sparse they do', async () => {
    const sparse = db.collection('sparse');
    await sparse.createIndex({ phone: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ name: 'a' }, { name: 'b' }, { phone: '1' }]);
    expect(await errorOf(() => sparse.insertOne({ phone: '1' }))).toMatchObject({ code: 11000 });

    const dense = db.collection('dense');
    await dense.createIndex({ phone: 1 }, { unique: true });
    await dense.insertOne({ name: 'a' });
    expect(await errorOf(() => dense.insertOne({ name: 'b' }))).toMatchObject({ code: 11000, keyValue: { phone: null } });
  });

  it('When a unique index is built over duplicates, then the build fails with 11000 and no index exists', async () => {
    const dupes = db.collection('dupes');
    await dupes.insertMany([{ v: 1 }, { v: 1 }]);
    expect(await errorOf(() => dupes.createIndex({ v: 1 }, { unique: true }))).toMatchObject({ code: 11000 });
    expect((await dupes.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_']);
  });

  it('When numbers are stored as int, long, double and decimal, then queries and sorts compare them by value', async () => {
    const prices = db.collection<{ _id: string; p: unknown }>('prices');
    await prices.insertMany([{ _id: 'int', p: 5 }, { _id: 'long', p: Long.fromNumber(7) }, { _id: 'double', p: 6.5 }, { _id: 'decimal', p: Decimal128.fromString('5.5') }]);
    const above = await prices.find({ p: { $gt: 5.2 } }).sort({ p: 1 }).toArray();
    expect(above.map((doc) => doc._id)).toEqual(['decimal', 'double', 'long']);
    expect(await prices.countDocuments({ p: 7 })).toBe(1);
  });

  it('When $lookup joins two collections of the database, then each document carries its matches', async () => {
    await db.collection<{ _id: string; make: string }>('vehicles').insertMany([{ _id: 'v1', make: 'Renault' }, { _id: 'v2', make: 'Peugeot' }]);
    await db.collection('offers').insertMany([{ vehicleId: 'v1', amount: 100 }, { vehicleId: 'v1', amount: 120 }]);
    const joined = await db
      .collection('vehicles')
      .aggregate([{ $lookup: { from: 'offers', localField: '_id', foreignField: 'vehicleId', as: 'offers' } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(joined.map((doc) => doc.offers.length)).toEqual([2, 0]);
  });

  it('When reads reshape documents (projections, pipeline stages), then the stored documents stay as they were', async () => {
    const owners = db.collection<{ _id: number; contact: { email: string; phone: string }; cars: number[] }>('owners');
    const original = { _id: 1, contact: { email: 'a@b.c', phone: '06' }, cars: [1, 2] };
    await owners.insertOne(original);
    await owners.find({}, { projection: { 'contact.phone': 0 } }).toArray();
    await owners.aggregate([{ $set: { 'contact.email': 'changed' } }, { $unset: 'contact.phone' }, { $unwind: '$cars' }]).toArray();
    expect(await owners.findOne({ _id: 1 })).toEqual(original);
  });

  it('When a write is sent with w:0 (moreToCome), then no reply is awaited and the write still happens', async () => {
    const fireAndForget = db.collection<{ _id: number }>('fire');
    await fireAndForget.insertOne({ _id: 1 }, { writeConcern: { w: 0 } });
    await expect.poll(() => fireAndForget.countDocuments({ _id: 1 })).toBe(1);
  });

  it('When many connections write at once, then every write lands exactly once', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => MongoClient.connect(server.uri, { maxPoolSize: 4 })));
    try {
      await Promise.all(
        clients.flatMap((other, clientIndex) =>
          Array.from({ length: 25 }, (_, i) => other.db('semantics').collection('concurrent').insertOne({ clientIndex, i })),
        ),
      );
      expect(await db.collection('concurrent').countDocuments()).toBe(300);
    } finally {
      await Promise.all(clients.map((other) => other.close()));
    }
  });

  it('When results add up to more than one 16 MB reply, then batches are split by size and a 20 MB GridFS file round-trips', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'large' });
    const file = randomBytes(20 * 1024 * 1024);
    const upload = bucket.openUploadStream('big.bin');
    await new Promise<void>((resolve, reject) => upload.end(file, (error?: Error | null) => (error ? reject(error) : resolve())));
    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(upload.id)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
  });

  it('When other connections write while a cursor is half read, then the cursor finishes with the documents it started with', async () => {
    const stock = db.collection<{ _id: number; price: number }>('stock');
    await stock.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, price: 100 })));
    const reader = stock.find({}).sort({ _id: 1 }).batchSize(50);
    const firstBatch = [await reader.next(), await reader.next()];
    const writer = await MongoClient.connect(server.uri);
    try {
      const sameStock = writer.db('semantics').collection<{ _id: number; price: number }>('stock');
      await sameStock.updateMany({}, { $set: { price: 1 } });
      await sameStock.deleteMany({ _id: { $gte: 150 } });
    } finally {
      await writer.close();
    }
    const rest = await reader.toArray();
    expect([...firstBatch, ...rest]).toHaveLength(300);
    expect(rest.every((doc) => doc.price === 100)).toBe(true);
    expect(await stock.countDocuments({ price: 1 })).toBe(150);
  });

  it('When a TTL index is set, then expired documents disappear within seconds', async () => {
    const sessions = db.collection('sessions');
    await sessions.createIndex({ lastSeen: 1 }, { expireAfterSeconds: 1 });
    await sessions.insertMany([{ lastSeen: new Date(Date.now() - 60_000) }, { lastSeen: new Date(Date.now() + 3_600_000) }]);
    await expect.poll(() => sessions.countDocuments(), { timeout: 8_000, interval: 250 }).toBe(1);
  });
});

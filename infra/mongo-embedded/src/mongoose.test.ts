import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema, Types } from 'mongoose';
import { startMongoEmbedded, type MongoEmbedded } from './index';

interface Seller {
  email: string;
  name: string;
  age: number;
  tags: string[];
  address: { city: string; zip: string };
  cars: Array<{ make: string; year: number }>;
  dealerId?: Types.ObjectId;
  availableFrom?: Date;
  createdAt: Date;
  updatedAt: Date;
}

const sellerSchema = new Schema<Seller>(
  {
    email: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    age: Number,
    tags: [String],
    address: new Schema({ city: String, zip: String }, { _id: false }),
    cars: [{ make: String, year: Number }],
    dealerId: Schema.Types.ObjectId,
    availableFrom: Date,
  },
  { timestamps: true },
);

let server: MongoEmbedded;
let connection: mongoose.Connection;
let Sellers: mongoose.Model<Seller>;

beforeAll(async () => {
  server = await startMongoEmbedded({ port: 0 });
  connection = await mongoose.createConnection(server.uri, { dbName: 'mongoose_suite' }).asPromise();
  Sellers = connection.model<Seller>('Seller', sellerSchema);
  await Sellers.init();
});

afterAll(async () => {
  await connection?.close();
  await server?.stop();
});

function seller(index: number, overrides: Partial<Seller> = {}) {
  return {
    email: `seller${index}@example.test`,
    name: `Seller ${index}`,
    age: 20 + index,
    tags: index % 2 === 0 ? ['even', 'vip'] : ['odd'],
    address: { city: index % 3 === 0 ? 'Lyon' : 'Paris', zip: `750${index}` },
    cars: [{ make: 'Renault', year: 2010 + index }],
    ...overrides,
  };
}

describe('mongoose against the embedded server', () => {
  it('When a document is created, then timestamps, subdocuments and arrays come back as saved', async () => {
    const dealerId = new Types.ObjectId();
    const availableFrom = new Date('2026-03-01T10:00:00.000Z');
    const created = await Sellers.create(seller(100, { dealerId, availableFrom }));

    const found = await Sellers.findById(created._id).lean();
    expect(found?.createdAt).toBeInstanceOf(Date);
    expect(found?.updatedAt?.getTime()).toBe(created.updatedAt.getTime());
    expect(found?.address).toEqual({ city: 'Paris', zip: '750100' });
    expect(found?.cars[0]).toMatchObject({ make: 'Renault', year: 2110 });
    expect(found?.tags).toEqual(['even', 'vip']);
    expect(found?.dealerId?.equals(dealerId)).toBe(true);
    expect(found?.availableFrom?.toISOString()).toBe(availableFrom.toISOString());
  });

  it('When an email is used twice, then the unique index answers 11000 with keyValue', async () => {
    await Sellers.create(seller(200));
    const error = await Sellers.create(seller(201, { email: 'seller200@example.test' })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 11000, keyValue: { email: 'seller200@example.test' }, keyPattern: { email: 1 } });
  });

  it('When querying with $in, $regex and ranges, then only matching documents return, sorted and paged', async () => {
    await Sellers.insertMany(Array.from({ length: 10 }, (_, i) => seller(300 + i, { name: `Range ${i}`, age: 50 + i })));

    const byIn = await Sellers.find({ email: { $in: ['seller301@example.test', 'seller305@example.test'] } }).lean();
    expect(byIn.map((doc) => doc.email).sort()).toEqual(['seller301@example.test', 'seller305@example.test']);

    const byRegex = await Sellers.find({ name: { $regex: /^range [0-2]$/i } }).lean();
    expect(byRegex).toHaveLength(3);

    const page = await Sellers.find({ age: { $gte: 52, $lt: 58 } }).sort({ age: -1 }).skip(1).limit(3).lean();
    expect(page.map((doc) => doc.age)).toEqual([56, 55, 54]);

    expect(await Sellers.countDocuments({ age: { $gte: 50, $lte: 59 } })).toBe(10);
    expect(await Sellers.countDocuments({ tags: 'vip', age: { $gte: 50, $lte: 59 } })).toBe(5);
  });

  it('When findOneAndUpdate, updateMany and deleteOne run, then the stored documents change accordingly', async () => {
    await Sellers.insertMany([seller(400, { name: 'Change me' }), seller(401, { name: 'Bulk' }), seller(402, { name: 'Bulk' })]);

    const updated = await Sellers.findOneAndUpdate(
      { email: 'seller400@example.test' },
      { $set: { name: 'Changed' }, $push: { tags: 'new' } },
      { returnDocument: 'after' },
    ).lean();
    expect(updated).toMatchObject({ name: 'Changed', tags: ['even', 'vip', 'new'] });

    const many = await Sellers.updateMany({ name: 'Bulk' }, { $inc: { age: 10 } });
    expect(many.modifiedCount).toBe(2);
    expect((await Sellers.find({ name: 'Bulk' }).lean()).map((doc) => doc.age).sort()).toEqual([431, 432]);

    const removed = await Sellers.deleteOne({ email: 'seller401@example.test' });
    expect(removed.deletedCount).toBe(1);
    expect(await Sellers.exists({ email: 'seller401@example.test' })).toBeNull();
  });

  it('When a query returns more than one batch, then the cursor fetches the rest with getMore', async () => {
    await Sellers.insertMany(Array.from({ length: 250 }, (_, i) => seller(1000 + i, { name: 'Batch' })));
    const seen: string[] = [];
    for await (const doc of Sellers.find({ name: 'Batch' }).batchSize(40).lean().cursor()) seen.push(doc.email);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
  });

  it('When a 1 MB file goes through GridFSBucket, then the download is byte for byte the upload', async () => {
    const bucket = new mongoose.mongo.GridFSBucket(connection.db!, { bucketName: 'photos' });
    const photo = randomBytes(1024 * 1024);
    const upload = bucket.openUploadStream('car.jpg', { metadata: { vehicle: 'v1' } });
    await new Promise<void>((resolve, reject) => Readable.from([photo]).pipe(upload).on('finish', () => resolve()).on('error', reject));

    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(upload.id)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(photo)).toBe(true);
    const [file] = await bucket.find({ _id: upload.id }).toArray();
    expect(file).toMatchObject({ length: photo.length, filename: 'car.jpg', metadata: { vehicle: 'v1' } });
  });
});

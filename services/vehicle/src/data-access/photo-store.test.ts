import { Buffer } from 'node:buffer';
import { text } from 'node:stream/consumers';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMongo, uniqueDbName, type TestMongo } from '@cardirect/service-kit/testing';
import { createPhotoStore } from './photo-store';

let mongo: TestMongo;
let connection: mongoose.Connection;

beforeAll(async () => {
  mongo = await startTestMongo();
  connection = await mongoose.createConnection(mongo.uri, { dbName: uniqueDbName('photo-store') }).asPromise();
});

afterAll(async () => {
  await connection?.close();
  await mongo?.stop();
});

/** The store names files by strings; GridFS's own collections by ObjectId. */
const objectId = (fileId: string) => new mongoose.Types.ObjectId(fileId);

const metadata = { contentType: 'image/jpeg', vehicleId: 'car-1', kind: 'thumbnail' } as const;

describe('photo store', () => {
  it('When a small file was read once, then later reads come from memory (a stored file never changes)', async () => {
    const store = createPhotoStore(connection.db!);
    const fileId = await store.save(Buffer.from('small photo'), { ...metadata, kind: 'photo' });

    const first = await store.open(fileId);
    expect(first).toMatchObject({ length: 11, contentType: 'image/jpeg' });
    expect(String(first!.body)).toBe('small photo');
    // Gone from GridFS: only a copy kept in memory can still answer.
    await connection.db!.collection('photos.files').deleteOne({ _id: objectId(fileId) });
    await connection.db!.collection('photos.chunks').deleteMany({ files_id: objectId(fileId) });

    const second = await store.open(fileId);
    expect(String(second!.body)).toBe('small photo');
  });

  it('When a card thumbnail is saved, then its first read comes from memory', async () => {
    const store = createPhotoStore(connection.db!);
    const fileId = await store.save(Buffer.from('new car'), metadata);
    await connection.db!.collection('photos.files').deleteOne({ _id: objectId(fileId) });
    await connection.db!.collection('photos.chunks').deleteMany({ files_id: objectId(fileId) });

    expect(String((await store.open(fileId))!.body)).toBe('new car');
  });

  it('When a full-size photo is saved, then it is read from GridFS (only thumbnails are kept on saving)', async () => {
    const store = createPhotoStore(connection.db!);
    const fileId = await store.save(Buffer.from('full photo'), { ...metadata, kind: 'photo' });
    await connection.db!.collection('photos.files').deleteOne({ _id: objectId(fileId) });

    expect(await store.open(fileId)).toBeUndefined();
  });

  it('When files are removed (a failed submission), then they are no longer served from memory either', async () => {
    const store = createPhotoStore(connection.db!);
    const fileId = await store.save(Buffer.from('abandoned'), metadata);

    await store.remove([fileId]);

    expect(await store.open(fileId)).toBeUndefined();
  });

  it('When a file is larger than 256 KB, then it is streamed and not kept', async () => {
    const store = createPhotoStore(connection.db!);
    const large = Buffer.alloc(300 * 1024, 'a');
    const fileId = await store.save(large, { ...metadata, kind: 'photo' });

    const opened = await store.open(fileId);
    expect(Buffer.isBuffer(opened!.body)).toBe(false);
    expect((await text(opened!.body as NodeJS.ReadableStream)).length).toBe(large.length);
    await connection.db!.collection('photos.files').deleteOne({ _id: objectId(fileId) });
    expect(await store.open(fileId)).toBeUndefined();
  });

  it('When the memory bound is reached, then the least recently used files leave it first', async () => {
    const store = createPhotoStore(connection.db!, { cacheBytes: 20 });
    const photo = { ...metadata, kind: 'photo' } as const;
    const older = await store.save(Buffer.from('0123456789'), photo);
    const newer = await store.save(Buffer.from('abcdefghij'), photo);
    const newest = await store.save(Buffer.from('ABCDEFGHIJ'), photo);
    await store.open(older);
    await store.open(newer);
    await store.open(newest);
    await connection.db!.collection('photos.files').deleteMany({ _id: { $in: [older, newer, newest].map(objectId) } });

    expect(await store.open(older)).toBeUndefined();
    expect(String((await store.open(newest))!.body)).toBe('ABCDEFGHIJ');
  });
});

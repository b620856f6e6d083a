import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LRUCache } from 'lru-cache';
import { mongo } from 'mongoose';
import { toObjectId } from './object-id';

// GridFS from the driver mongoose itself uses, so its ids and database handles are the same classes.
const { GridFSBucket } = mongo;

export interface PhotoFile {
  /** The bytes, in memory for a file small enough to keep (card thumbnails, resized photos), else streamed. */
  body: Buffer | Readable;
  length: number;
  contentType: string;
}

/** Files up to this size are kept in memory once read: a card thumbnail is ~10-30 KB, a wizard photo ~60 KB. */
const CACHEABLE_FILE_BYTES = 256 * 1024;

interface PhotoMetadata {
  contentType: string;
  vehicleId: string;
  kind: 'photo' | 'thumbnail';
}

/** As stored in GridFS: `clean` marks the files this service re-encoded; files stored before that lack it. */
interface StoredPhotoMetadata extends PhotoMetadata {
  clean?: true;
}

/** A full-size photo file stored as uploaded, before photos were cleaned of their metadata. */
export interface UncleanPhotoFile {
  fileId: string;
  vehicleId: string;
  uploadedAt: Date;
}

/**
 * Photo and thumbnail bytes in GridFS (bucket "photos"); vehicles keep only the file ids, which
 * this store takes and answers as strings. A stored
 * file never changes, so small files are kept in memory after their first read (at most
 * `cacheBytes`, least recently used first out): a dashboard of 24 cards then costs no GridFS reads
 * for the cards already seen. A card thumbnail is kept from the moment it is saved: the newest cars
 * are the ones dealers open first (the dashboard lists newest first, and the "new car near you"
 * e-mail sends them there), so their first views cost no GridFS reads either.
 */
export function createPhotoStore(db: mongo.Db, options: { cacheBytes?: number } = {}) {
  const bucket = new GridFSBucket(db, { bucketName: 'photos' });
  const cache = new LRUCache<string, PhotoFile & { body: Buffer }>({
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (file) => file.length || 1,
  });

  return {
    /** Takes only bytes this service encoded itself (cleanPhoto, thumbnails), and marks them clean. */
    async save(bytes: Buffer, metadata: PhotoMetadata): Promise<string> {
      const stored: StoredPhotoMetadata = { ...metadata, clean: true };
      const upload = bucket.openUploadStream(`${metadata.vehicleId}-${metadata.kind}`, { metadata: stored });
      await new Promise<void>((resolve, reject) => {
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(bytes);
      });
      const fileId = String(upload.id);
      if (metadata.kind === 'thumbnail' && bytes.length <= CACHEABLE_FILE_BYTES) {
        cache.set(fileId, { body: bytes, length: bytes.length, contentType: metadata.contentType });
      }
      return fileId;
    },

    async open(fileId: string): Promise<PhotoFile | undefined> {
      const cached = cache.get(fileId);
      if (cached) return cached;
      const id = toObjectId(fileId);
      if (!id) return undefined;
      const [file] = await bucket.find({ _id: id }).limit(1).toArray();
      if (!file) return undefined;
      const metadata = file.metadata as Partial<PhotoMetadata> | undefined;
      const contentType = metadata?.contentType ?? 'application/octet-stream';
      if (file.length > CACHEABLE_FILE_BYTES) return { body: bucket.openDownloadStream(id), length: file.length, contentType };
      const read = { body: await buffer(bucket.openDownloadStream(id)), length: file.length, contentType };
      cache.set(fileId, read);
      return read;
    },

    /** Up to `limit` full-size photos stored before photos were cleaned, in the order they were stored, after the file `after`. */
    async findUncleanPhotos(limit: number, after?: string): Promise<UncleanPhotoFile[]> {
      const files = await bucket
        .find({ 'metadata.kind': 'photo', 'metadata.clean': { $ne: true }, ...(after ? { _id: { $gt: new mongo.ObjectId(after) } } : {}) })
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      return files.map((file) => ({ fileId: String(file._id), vehicleId: (file.metadata as Partial<PhotoMetadata> | undefined)?.vehicleId ?? '', uploadedAt: file.uploadDate }));
    },

    /** Best effort: a file left behind is only unused. After a failed submission (whose own error is what the caller reports) and for replaced files. */
    async remove(fileIds: readonly string[]): Promise<void> {
      for (const fileId of fileIds) {
        cache.delete(fileId);
        const id = toObjectId(fileId);
        if (id) await bucket.delete(id).catch(() => undefined);
      }
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;

import type { Readable } from 'node:stream';
import { mongo, type Types } from 'mongoose';

// GridFS from the driver mongoose itself uses, so its ids and database handles are the same classes.
const { GridFSBucket } = mongo;
type ObjectId = Types.ObjectId;

export interface PhotoFile {
  stream: Readable;
  length: number;
  contentType: string;
}

interface PhotoMetadata {
  contentType: string;
  vehicleId: string;
  kind: 'photo' | 'thumbnail';
}

/** Photo and thumbnail bytes in GridFS (bucket "photos"); vehicles keep only the file ids. */
export function createPhotoStore(db: mongo.Db) {
  const bucket = new GridFSBucket(db, { bucketName: 'photos' });

  return {
    async save(bytes: Buffer, metadata: PhotoMetadata): Promise<ObjectId> {
      const upload = bucket.openUploadStream(`${metadata.vehicleId}-${metadata.kind}`, { metadata });
      await new Promise<void>((resolve, reject) => {
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(bytes);
      });
      return upload.id;
    },

    async open(fileId: ObjectId): Promise<PhotoFile | undefined> {
      const [file] = await bucket.find({ _id: fileId }).limit(1).toArray();
      if (!file) return undefined;
      const metadata = file.metadata as Partial<PhotoMetadata> | undefined;
      return {
        stream: bucket.openDownloadStream(fileId),
        length: file.length,
        contentType: metadata?.contentType ?? 'application/octet-stream',
      };
    },

    /** Best effort: used to clean up after a failed submission, whose own error is what the caller reports. */
    async remove(fileIds: ObjectId[]): Promise<void> {
      for (const fileId of fileIds) await bucket.delete(fileId).catch(() => undefined);
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;

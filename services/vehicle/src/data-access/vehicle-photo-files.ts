import { Types } from 'mongoose';
import type { StoredPhoto } from '../domain/types';
import { toObjectId } from './object-id';
import { toStoredPhoto, toStoredPhotoDocument, type VehicleDocument, type VehicleModel } from './vehicle-model';

/**
 * Which file each photo of a car names, for replacing a stored photo's file by a cleaned copy.
 * Only the start-up cleaning of photos writes here: a car's photos are otherwise set once, at submission.
 */
export function createVehiclePhotoFiles(model: VehicleModel) {
  return {
    /** The car's photo stored in this file, or undefined when no photo of that car names it (or no such car exists). */
    async photoIn(vehicleId: string, fileId: string): Promise<StoredPhoto | undefined> {
      const id = toObjectId(vehicleId);
      if (!id) return undefined;
      const vehicle = await model.findById(id, { photos: 1 }).lean<Pick<VehicleDocument, 'photos'>>();
      return vehicle?.photos.map(toStoredPhoto).find((photo) => photo.fileId === fileId);
    },

    /**
     * Points the car's photo at its replacement only while it still names `previousFileId`: of two
     * instances cleaning the same photo at once, exactly one wins, and the other learns it lost (false).
     * The car's updatedAt stays: nothing a person changed.
     */
    async replacePhotoFile(vehicleId: string, previousFileId: string, replacement: StoredPhoto): Promise<boolean> {
      const id = toObjectId(vehicleId);
      if (!id) return false;
      const result = await model.updateOne(
        { _id: id, 'photos.fileId': new Types.ObjectId(previousFileId) },
        // The whole element at once: the embedded server refuses two positional paths in one $set.
        { $set: { 'photos.$': toStoredPhotoDocument(replacement) } },
        { timestamps: false },
      );
      return result.modifiedCount === 1;
    },
  };
}

export type VehiclePhotoFiles = ReturnType<typeof createVehiclePhotoFiles>;

import type { Types } from 'mongoose';
import type { ContactAccessDocument, ContactAccessModel } from './contact-access-model';

export type NewContactAccess = Omit<ContactAccessDocument, '_id'>;

export function createContactAccessRepository(model: ContactAccessModel) {
  return {
    async record(entries: NewContactAccess[]): Promise<void> {
      if (entries.length > 0) await model.insertMany(entries, { ordered: false, lean: true });
    },

    async listForVehicle(vehicleId: Types.ObjectId): Promise<ContactAccessDocument[]> {
      return model.find({ vehicleId }).sort({ at: -1, _id: -1 }).lean<ContactAccessDocument[]>();
    },
  };
}

export type ContactAccessRepository = ReturnType<typeof createContactAccessRepository>;

import { Types } from 'mongoose';
import type { ContactAccess } from '../domain/types';
import type { ContactAccessDocument, ContactAccessModel } from './contact-access-model';

function toContactAccess(found: ContactAccessDocument): ContactAccess {
  return { vehicleId: String(found.vehicleId), viewerId: found.viewerId, viewerRole: found.viewerRole, viewerEmail: found.viewerEmail, at: found.at };
}

export function createContactAccessRepository(model: ContactAccessModel) {
  return {
    async record(entries: readonly ContactAccess[]): Promise<void> {
      if (entries.length === 0) return;
      await model.insertMany(
        entries.map((entry) => ({ ...entry, vehicleId: new Types.ObjectId(entry.vehicleId) })),
        { ordered: false, lean: true },
      );
    },

    async listForVehicle(vehicleId: string): Promise<ContactAccess[]> {
      const found = await model.find({ vehicleId: new Types.ObjectId(vehicleId) }).sort({ at: -1, _id: -1 }).lean<ContactAccessDocument[]>();
      return found.map(toContactAccess);
    },
  };
}

export type ContactAccessRepository = ReturnType<typeof createContactAccessRepository>;

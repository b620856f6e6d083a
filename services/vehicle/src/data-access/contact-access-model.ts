import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** One serving of a seller's contact details: who saw them, when. */
export interface ContactAccessDocument {
  _id: Types.ObjectId;
  vehicleId: Types.ObjectId;
  viewerId: string;
  viewerRole: string;
  viewerEmail?: string;
  at: Date;
}

const contactAccessSchema = new Schema<ContactAccessDocument>(
  {
    vehicleId: { type: Schema.Types.ObjectId, required: true },
    viewerId: { type: String, required: true },
    viewerRole: { type: String, required: true },
    viewerEmail: String,
    at: { type: Date, required: true },
  },
  { collection: 'contact_access_log', versionKey: false },
);
contactAccessSchema.index({ vehicleId: 1, at: -1 });

export type ContactAccessModel = Model<ContactAccessDocument>;

export function contactAccessModel(connection: Connection): ContactAccessModel {
  return connection.model<ContactAccessDocument>('ContactAccess', contactAccessSchema);
}

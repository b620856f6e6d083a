import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';
import { DEALER_ADMIN_ACTIONS, type DealerAdminActionName } from '@cardirect/contracts';

export interface DealerSuspensionDocument {
  reason: string;
  since: Date;
  byEmail: string;
}

/** One line of the admin log: who (the admin's account id and e-mail), when, and why. */
export interface DealerAdminActionDocument {
  action: DealerAdminActionName;
  byEmail: string;
  byId: string;
  at: Date;
  reason?: string;
}

export interface DealerProfileDocument extends OutboxFields {
  userId: string;
  /** A copy of the account's e-mail taken at registration, so listing dealers needs no call to auth. */
  email: string;
  dealershipName: string;
  phoneNumber: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** The 5-digit part of zipCode: what distances are measured from. */
  zip5: string;
  isApproved: boolean;
  /** Set while a rejection removes the account in auth; a profile in this state cannot be approved. */
  rejectionStartedAt?: Date;
  /** Set while an admin has the dealer suspended: auth refuses its login, nearby-car e-mails skip it. */
  suspension?: DealerSuspensionDocument;
  /** Append-only, pushed in the same write as the step it records. */
  adminActions: DealerAdminActionDocument[];
  createdAt: Date;
  updatedAt: Date;
}

const dealerProfileSchema = new Schema<DealerProfileDocument>(
  {
    userId: { type: String, required: true },
    email: { type: String, required: true },
    dealershipName: { type: String, required: true },
    phoneNumber: { type: String, required: true },
    address: { type: String, required: true },
    city: { type: String, required: true },
    state: { type: String, required: true },
    zipCode: { type: String, required: true },
    zip5: { type: String, required: true },
    isApproved: { type: Boolean, required: true, default: false },
    rejectionStartedAt: { type: Date },
    suspension: {
      type: new Schema<DealerSuspensionDocument>(
        { reason: { type: String, required: true }, since: { type: Date, required: true }, byEmail: { type: String, required: true } },
        { _id: false },
      ),
    },
    adminActions: {
      type: [
        new Schema<DealerAdminActionDocument>(
          {
            action: { type: String, enum: DEALER_ADMIN_ACTIONS, required: true },
            byEmail: { type: String, required: true },
            byId: { type: String, required: true },
            at: { type: Date, required: true },
            reason: { type: String },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { timestamps: true, collection: 'dealer_profiles' },
);
dealerProfileSchema.plugin(outboxPlugin);
// One profile per account: makes profile creation idempotent when auth retries it.
dealerProfileSchema.index({ userId: 1 }, { unique: true });
// The admin list, newest first.
dealerProfileSchema.index({ createdAt: -1, _id: -1 });
// The notifier's "approved dealers near this ZIP" reads every approved profile.
dealerProfileSchema.index({ isApproved: 1 });

export type DealerProfileModel = Model<DealerProfileDocument>;

export function dealerProfileModel(connection: Connection): DealerProfileModel {
  return connection.model<DealerProfileDocument>('DealerProfile', dealerProfileSchema);
}

import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';

const PASSWORD_ACCOUNT_ROLES = ['admin', 'dealer'] as const;
export type PasswordAccountRole = (typeof PASSWORD_ACCOUNT_ROLES)[number];

/**
 * 'registering' while the dealer profile is being created in the dealer service: such an account
 * cannot log in, and a registration that never finished can be replaced.
 */
const ACCOUNT_STATUSES = ['registering', 'active'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export interface AccountDocument extends OutboxFields {
  /** Trimmed and lower-cased by the request schemas; unique. */
  email: string;
  /** argon2id. */
  passwordHash: string;
  role: PasswordAccountRole;
  status: AccountStatus;
  /** HMAC of the single live password-reset token, never the token itself. */
  resetTokenHash?: string;
  resetTokenExpiresAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

const accountSchema = new Schema<AccountDocument>(
  {
    email: { type: String, required: true },
    passwordHash: { type: String, required: true },
    role: { type: String, required: true, enum: PASSWORD_ACCOUNT_ROLES },
    status: { type: String, required: true, enum: ACCOUNT_STATUSES },
    resetTokenHash: { type: String },
    resetTokenExpiresAt: { type: Date },
  },
  { timestamps: true, collection: 'accounts' },
);
accountSchema.plugin(outboxPlugin);
accountSchema.index({ email: 1 }, { unique: true });
accountSchema.index({ role: 1 });
// The sweep of registrations cut off midway (every minute): without it, a scan of every account.
accountSchema.index({ status: 1, createdAt: 1 });
accountSchema.index({ resetTokenHash: 1 }, { sparse: true });

export type AccountModel = Model<AccountDocument>;

export function accountModel(connection: Connection): AccountModel {
  return connection.model<AccountDocument>('Account', accountSchema);
}

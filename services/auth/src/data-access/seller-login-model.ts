import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';

/**
 * A seller is an e-mail address proven by a one-time code; this record holds the address's
 * current code (hashed) and is the seller's identity (its id is the session's userId). Sellers
 * have no password account, so a dealer can also sell a car of their own under the same address.
 */
export interface SellerLoginDocument extends OutboxFields {
  email: string;
  /** HMAC of the current 6-digit code. */
  codeHash: string;
  codeExpiresAt: Date;
  failedAttempts: number;
  /** Set when the code was used; a used code never works again. */
  codeUsedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

const sellerLoginSchema = new Schema<SellerLoginDocument>(
  {
    email: { type: String, required: true },
    codeHash: { type: String, required: true },
    codeExpiresAt: { type: Date, required: true },
    failedAttempts: { type: Number, required: true, default: 0 },
    codeUsedAt: { type: Date },
  },
  { timestamps: true, collection: 'seller_logins' },
);
sellerLoginSchema.plugin(outboxPlugin);
sellerLoginSchema.index({ email: 1 }, { unique: true });

export type SellerLoginModel = Model<SellerLoginDocument>;

export function sellerLoginModel(connection: Connection): SellerLoginModel {
  return connection.model<SellerLoginDocument>('SellerLogin', sellerLoginSchema);
}

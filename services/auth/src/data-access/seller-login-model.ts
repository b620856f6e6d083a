import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';

export interface SellerSignInLinkDocument {
  /** HMAC of the link's token. */
  tokenHash: string;
  expiresAt: Date;
}

/**
 * A seller is an e-mail address proven by a one-time code or a sign-in link; this record holds the
 * address's current code and the links of the latest code e-mails, and is the seller's identity
 * (its id is the session's userId). Sellers have no password account, so a dealer can also sell a
 * car of their own under the same address.
 */
export interface SellerLoginDocument extends OutboxFields {
  email: string;
  /**
   * The current code is derived from this nonce with the service's secret, so the live code can be
   * mailed again without being stored anywhere.
   */
  codeNonce?: string;
  codeExpiresAt?: Date;
  /** Set when the code was used; a used code never works again. */
  codeUsedAt?: Date;
  /** The sign-in links of the latest code e-mails, each usable once. */
  signInLinks: SellerSignInLinkDocument[];
  createdAt: Date;
  updatedAt: Date;
}

const signInLinkSchema = new Schema<SellerSignInLinkDocument>(
  {
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { _id: false },
);

const sellerLoginSchema = new Schema<SellerLoginDocument>(
  {
    email: { type: String, required: true },
    // Absent until the address's first code: a seller who confirmed a listing has no code yet.
    codeNonce: { type: String },
    codeExpiresAt: { type: Date },
    codeUsedAt: { type: Date },
    signInLinks: { type: [signInLinkSchema], default: [] },
  },
  { timestamps: true, collection: 'seller_logins' },
);
sellerLoginSchema.plugin(outboxPlugin);
sellerLoginSchema.index({ email: 1 }, { unique: true });
sellerLoginSchema.index({ 'signInLinks.tokenHash': 1 });

export type SellerLoginModel = Model<SellerLoginDocument>;

export function sellerLoginModel(connection: Connection): SellerLoginModel {
  return connection.model<SellerLoginDocument>('SellerLogin', sellerLoginSchema);
}

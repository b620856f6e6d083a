import type { QueryFilter, Types, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError, withEvents } from '@cardirect/service-kit';
import type { EventEnvelope } from '@cardirect/contracts';
import type { SellerLoginDocument, SellerLoginModel } from './seller-login-model';

export interface SellerLogin {
  id: string;
  email: string;
}

export interface SellerCode {
  nonce: string;
  expiresAt: Date;
  usedAt?: Date;
}

/** A code e-mail as stored: the code it carries, its own sign-in link, and the event that sends it. */
export interface MailedCode {
  nonce: string;
  expiresAt: Date;
  link: { tokenHash: string; expiresAt: Date };
  /** How many links of the latest e-mails stay usable, this one included. */
  keepLinks: number;
  event: EventEnvelope<'seller.code.requested'>;
}

export interface SellerLoginRepository {
  /** The address's current code, live or not; null when it never had one. */
  findCode(email: string): Promise<SellerCode | null>;
  /**
   * Mails the current code again (with the new expiry) in one write; false when it was used or
   * replaced since it was read.
   */
  resendCode(email: string, mailed: MailedCode): Promise<boolean>;
  /**
   * Makes `mailed` the address's code in place of `replacedNonce` (null: it had none) in one
   * write; false when another code took its place since it was read.
   */
  replaceCode(email: string, mailed: MailedCode, replacedNonce: string | null): Promise<boolean>;
  /** Uses up the code with this nonce when it is still current, unused and unexpired; null otherwise. */
  useCode(email: string, nonce: string, now: Date): Promise<SellerLogin | null>;
  /** Uses up the unexpired sign-in link with this token hash; null when there is none. */
  useSignInLink(tokenHash: string, now: Date): Promise<SellerLogin | null>;
  /** The seller of an address proven some other way (a listing's confirmation link), recorded on first sight. */
  sellerOf(email: string): Promise<SellerLogin>;
}

type StoredSellerLogin = SellerLoginDocument & { _id: Types.ObjectId };

const toSellerLogin = (stored: StoredSellerLogin): SellerLogin => ({ id: stored._id.toString(), email: stored.email });

/** The e-mail's link joins the latest ones and its event the outbox, in the same write as the code. */
function mailing(mailed: MailedCode, update: UpdateQuery<SellerLoginDocument>): UpdateQuery<SellerLoginDocument> {
  return withEvents<SellerLoginDocument>({ ...update, $push: { signInLinks: { $each: [mailed.link], $slice: -mailed.keepLinks } } }, [mailed.event]);
}

export function createSellerLoginRepository(model: SellerLoginModel): SellerLoginRepository {
  return {
    async findCode(email) {
      const stored = await model.findOne({ email }, { codeNonce: 1, codeExpiresAt: 1, codeUsedAt: 1 }).lean<StoredSellerLogin>();
      if (!stored?.codeNonce || !stored.codeExpiresAt) return null;
      return { nonce: stored.codeNonce, expiresAt: stored.codeExpiresAt, usedAt: stored.codeUsedAt };
    },

    async resendCode(email, mailed) {
      const result = await model.updateOne(
        { email, codeNonce: mailed.nonce, codeUsedAt: { $exists: false } },
        mailing(mailed, { $set: { codeExpiresAt: mailed.expiresAt } }),
      );
      return result.matchedCount === 1;
    },

    async replaceCode(email, mailed, replacedNonce) {
      const filter: QueryFilter<SellerLoginDocument> = { email, codeNonce: replacedNonce ?? { $exists: false } };
      try {
        // Upserted only when the address has no record yet; a record whose code changed meanwhile
        // makes the insert collide with the unique e-mail instead.
        await model.updateOne(
          filter,
          mailing(mailed, { $set: { codeNonce: mailed.nonce, codeExpiresAt: mailed.expiresAt }, $unset: { codeUsedAt: 1 } }),
          { upsert: true },
        );
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },

    async useCode(email, nonce, now) {
      const used = await model
        .findOneAndUpdate(
          { email, codeNonce: nonce, codeUsedAt: { $exists: false }, codeExpiresAt: { $gt: now } },
          { $set: { codeUsedAt: now } },
          { returnDocument: 'after' },
        )
        .lean<StoredSellerLogin>();
      return used ? toSellerLogin(used) : null;
    },

    async useSignInLink(tokenHash, now) {
      const used = await model
        .findOneAndUpdate(
          { signInLinks: { $elemMatch: { tokenHash, expiresAt: { $gt: now } } } },
          { $pull: { signInLinks: { tokenHash } } },
          { returnDocument: 'after' },
        )
        .lean<StoredSellerLogin>();
      return used ? toSellerLogin(used) : null;
    },

    async sellerOf(email) {
      const record = () => model.findOneAndUpdate({ email }, { $setOnInsert: { email } }, { upsert: true, returnDocument: 'after' }).lean<StoredSellerLogin>();
      try {
        return toSellerLogin((await record())!);
      } catch (error) {
        // Two first sightings at once: one inserted, the other now finds it.
        if (!isDuplicateKeyError(error)) throw error;
        return toSellerLogin((await record())!);
      }
    },
  };
}

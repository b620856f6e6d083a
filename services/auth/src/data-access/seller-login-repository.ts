import type { Types } from 'mongoose';
import { withEvents } from '@cardirect/service-kit';
import type { EventEnvelope } from '@cardirect/contracts';
import type { SellerLoginDocument, SellerLoginModel } from './seller-login-model';

export interface SellerLogin {
  id: string;
  email: string;
}

export interface SellerLoginRepository {
  /** Replaces the address's code (fresh tries, not used) and stores the event that mails it, in one write. */
  issueCode(email: string, codeHash: string, expiresAt: Date, event: EventEnvelope<'seller.code.requested'>): Promise<void>;
  /** Uses up the code when it matches, is unused, unexpired and has tries left; null otherwise. */
  useCode(email: string, codeHash: string, now: Date, maxFailedAttempts: number): Promise<SellerLogin | null>;
  /** Counts a wrong try against the address's live code. */
  recordFailedAttempt(email: string, now: Date, maxFailedAttempts: number): Promise<void>;
}

type StoredSellerLogin = SellerLoginDocument & { _id: Types.ObjectId };

export function createSellerLoginRepository(model: SellerLoginModel): SellerLoginRepository {
  const liveCode = (email: string, now: Date, maxFailedAttempts: number) => ({
    email,
    codeUsedAt: { $exists: false },
    codeExpiresAt: { $gt: now },
    failedAttempts: { $lt: maxFailedAttempts },
  });

  return {
    async issueCode(email, codeHash, expiresAt, event) {
      await model.updateOne(
        { email },
        withEvents<SellerLoginDocument>(
          { $set: { codeHash, codeExpiresAt: expiresAt, failedAttempts: 0 }, $unset: { codeUsedAt: 1 } },
          [event],
        ),
        { upsert: true },
      );
    },

    async useCode(email, codeHash, now, maxFailedAttempts) {
      const used = await model
        .findOneAndUpdate({ ...liveCode(email, now, maxFailedAttempts), codeHash }, { $set: { codeUsedAt: now } }, { returnDocument: 'after' })
        .lean<StoredSellerLogin>();
      return used ? { id: used._id.toString(), email: used.email } : null;
    },

    async recordFailedAttempt(email, now, maxFailedAttempts) {
      await model.updateOne(liveCode(email, now, maxFailedAttempts), { $inc: { failedAttempts: 1 } });
    },
  };
}

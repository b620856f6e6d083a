import { Types, type QueryFilter } from 'mongoose';
import { isDuplicateKeyError, withEvents } from '@cardirect/service-kit';
import type { EventEnvelope } from '@cardirect/contracts';
import type { AccountDocument, AccountModel, AccountStatus, PasswordAccountRole } from './account-model';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  role: PasswordAccountRole;
  status: AccountStatus;
  createdAt: Date;
}

export interface AccountRepository {
  findByEmail(email: string): Promise<Account | null>;
  /** A new dealer account in status 'registering'; 'duplicate' when the e-mail is taken. */
  createRegistering(fields: { email: string; passwordHash: string }): Promise<Account | 'duplicate'>;
  /** Registrations still 'registering' that were created before `olderThan`: cut off half-way. */
  findUnfinishedRegistrations(olderThan: Date, limit: number): Promise<Account[]>;
  /** Finishes a registration still 'registering', announcing it in the same write. */
  activateRegistration(id: string, event: EventEnvelope<'dealer.registered'>): Promise<void>;
  deleteRegistering(id: string): Promise<void>;
  /** Deletes a dealer account (whatever its status); false when there was none. */
  deleteDealer(id: string): Promise<boolean>;
  /** Stores a reset token's hash (replacing any earlier one) together with the event that mails it. */
  storeResetToken(id: string, tokenHash: string, expiresAt: Date, event: EventEnvelope<'dealer.password-reset.requested'>): Promise<void>;
  /** The dealer account whose reset token this is, while the token is live; null when none matches. */
  findByLiveResetToken(tokenHash: string, now: Date): Promise<Account | null>;
  /**
   * Uses up a live reset token: sets the new password, forgets the token and stores the event that
   * tells the account's address, in one write; null when none matches.
   */
  consumeResetToken(tokenHash: string, now: Date, newPasswordHash: string, event: EventEnvelope<'dealer.password-changed'>): Promise<Account | null>;
  createAdmin(email: string, passwordHash: string): Promise<void>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  listAdmins(): Promise<Account[]>;
  deleteAdminsOtherThan(email: string): Promise<Account[]>;
}

type StoredAccount = AccountDocument & { _id: Types.ObjectId };

function toAccount(stored: StoredAccount): Account {
  return {
    id: stored._id.toString(),
    email: stored.email,
    passwordHash: stored.passwordHash,
    role: stored.role,
    status: stored.status,
    createdAt: stored.createdAt,
  };
}

/** Ids come from other services and URLs; one that cannot be an ObjectId matches nothing. */
function byId(id: string): QueryFilter<AccountDocument> | null {
  return /^[0-9a-f]{24}$/i.test(id) ? { _id: new Types.ObjectId(id) } : null;
}

/** A dealer account holding this reset token, unexpired. */
function liveResetToken(tokenHash: string, now: Date): QueryFilter<AccountDocument> {
  return { resetTokenHash: tokenHash, resetTokenExpiresAt: { $gt: now }, role: 'dealer', status: 'active' };
}

export function createAccountRepository(model: AccountModel): AccountRepository {
  return {
    async findByEmail(email) {
      const stored = await model.findOne({ email }).lean<StoredAccount>();
      return stored ? toAccount(stored) : null;
    },

    async createRegistering(fields) {
      try {
        const created = await model.create({ ...fields, role: 'dealer', status: 'registering' });
        return toAccount(created.toObject() as StoredAccount);
      } catch (error) {
        if (isDuplicateKeyError(error)) return 'duplicate';
        throw error;
      }
    },

    async findUnfinishedRegistrations(olderThan, limit) {
      const stored = await model.find({ status: 'registering', createdAt: { $lt: olderThan } }).limit(limit).lean<StoredAccount[]>();
      return stored.map(toAccount);
    },

    async activateRegistration(id, event) {
      const filter = byId(id);
      if (!filter) return;
      await model.updateOne({ ...filter, status: 'registering' }, withEvents<AccountDocument>({ $set: { status: 'active' } }, [event]));
    },

    async deleteRegistering(id) {
      const filter = byId(id);
      if (filter) await model.deleteOne({ ...filter, status: 'registering' });
    },

    async deleteDealer(id) {
      const filter = byId(id);
      if (!filter) return false;
      const result = await model.deleteOne({ ...filter, role: 'dealer' });
      return result.deletedCount === 1;
    },

    async storeResetToken(id, tokenHash, expiresAt, event) {
      const filter = byId(id);
      if (!filter) return;
      await model.updateOne(filter, withEvents<AccountDocument>({ $set: { resetTokenHash: tokenHash, resetTokenExpiresAt: expiresAt } }, [event]));
    },

    async findByLiveResetToken(tokenHash, now) {
      const stored = await model.findOne(liveResetToken(tokenHash, now)).lean<StoredAccount>();
      return stored ? toAccount(stored) : null;
    },

    async consumeResetToken(tokenHash, now, newPasswordHash, event) {
      const updated = await model
        .findOneAndUpdate(
          liveResetToken(tokenHash, now),
          withEvents<AccountDocument>({ $set: { passwordHash: newPasswordHash }, $unset: { resetTokenHash: 1, resetTokenExpiresAt: 1 } }, [event]),
          { returnDocument: 'after' },
        )
        .lean<StoredAccount>();
      return updated ? toAccount(updated) : null;
    },

    async createAdmin(email, passwordHash) {
      try {
        await model.create({ email, passwordHash, role: 'admin', status: 'active' });
      } catch (error) {
        // Another instance starting with the same configuration created it a moment earlier.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    async setPasswordHash(id, passwordHash) {
      const filter = byId(id);
      if (filter) await model.updateOne(filter, { $set: { passwordHash } });
    },

    async listAdmins() {
      const stored = await model.find({ role: 'admin', status: 'active' }).sort({ email: 1 }).lean<StoredAccount[]>();
      return stored.map(toAccount);
    },

    async deleteAdminsOtherThan(email) {
      const others = await model.find({ role: 'admin', email: { $ne: email } }).lean<StoredAccount[]>();
      if (others.length > 0) await model.deleteMany({ _id: { $in: others.map((other) => other._id) } });
      return others.map(toAccount);
    },
  };
}

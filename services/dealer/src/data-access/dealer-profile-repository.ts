import { Types, type QueryFilter, type UpdateQuery } from 'mongoose';
import { deletionWithEvents, withEvents, type OutboxFields } from '@cardirect/service-kit';
import type { EventEnvelope } from '@cardirect/contracts';
import type { DealerProfileDocument, DealerProfileModel } from './dealer-profile-model';

/** A profile as the domain sees it: the stored fields without the outbox bookkeeping. */
export type DealerProfile = Omit<DealerProfileDocument, keyof OutboxFields | 'updatedAt'> & { id: string };

export type NewDealerProfile = Omit<DealerProfile, 'id' | 'isApproved' | 'rejectionStartedAt' | 'suspension' | 'adminActions' | 'createdAt'>;

export type DealerSuspensionRecord = NonNullable<DealerProfile['suspension']>;
export type DealerAdminActionRecord = DealerProfile['adminActions'][number];

export interface DealerProfileRepository {
  /** Creates the profile, or returns the one that already exists for this account. */
  createOnce(profile: NewDealerProfile): Promise<DealerProfile>;
  findByUserId(userId: string): Promise<DealerProfile | null>;
  findById(id: string): Promise<DealerProfile | null>;
  listNewestFirst(): Promise<DealerProfile[]>;
  /** Approves a pending profile that no rejection has started on; null when there is none such. */
  approvePending(id: string, action: DealerAdminActionRecord, event: EventEnvelope<'dealer.approved'>): Promise<DealerProfile | null>;
  /** Suspends an approved profile that is not suspended; null when there is none such. */
  suspendApproved(id: string, suspension: DealerSuspensionRecord, action: DealerAdminActionRecord, event: EventEnvelope<'dealer.suspended'>): Promise<DealerProfile | null>;
  /** Lifts the suspension of a suspended profile; null when there is none such. */
  reinstateSuspended(id: string, action: DealerAdminActionRecord, event: EventEnvelope<'dealer.reinstated'>): Promise<DealerProfile | null>;
  /** Marks a pending profile as being rejected; null when it is missing or approved. */
  startRejection(id: string, at: Date): Promise<DealerProfile | null>;
  cancelRejection(id: string): Promise<void>;
  /** Deletes a profile under rejection, announcing it (the outbox relay removes it once sent). */
  completeRejection(id: string, event: EventEnvelope<'dealer.rejected'>): Promise<boolean>;
  /** Removes a pending profile of an account whose registration is being rolled back. */
  deletePendingByUserId(userId: string): Promise<void>;
  /** The approved profiles that are not suspended: the dealers who may work. */
  listApproved(): Promise<DealerProfile[]>;
}

// Profiles marked for deletion wait only for their event to be relayed; to everyone else they are gone.
const live: QueryFilter<DealerProfileDocument> = { deleteWhenRelayed: { $ne: true } };

type StoredProfile = DealerProfileDocument & { _id: Types.ObjectId };

function toDealerProfile(stored: StoredProfile): DealerProfile {
  return {
    id: stored._id.toString(),
    userId: stored.userId,
    email: stored.email,
    dealershipName: stored.dealershipName,
    phoneNumber: stored.phoneNumber,
    address: stored.address,
    city: stored.city,
    state: stored.state,
    zipCode: stored.zipCode,
    zip5: stored.zip5,
    isApproved: stored.isApproved,
    rejectionStartedAt: stored.rejectionStartedAt ?? undefined,
    suspension: stored.suspension ? { reason: stored.suspension.reason, since: stored.suspension.since, byEmail: stored.suspension.byEmail } : undefined,
    // Profiles stored before the admin log have none.
    adminActions: (stored.adminActions ?? []).map(({ action, byEmail, byId, at, reason }) => ({ action, byEmail, byId, at, ...(reason ? { reason } : {}) })),
    createdAt: stored.createdAt,
  };
}

function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/** Ids come from URLs; one that cannot be an ObjectId matches nothing rather than failing. */
function byId(id: string): QueryFilter<DealerProfileDocument> | null {
  return /^[0-9a-f]{24}$/i.test(id) ? { _id: new Types.ObjectId(id), ...live } : null;
}

export function createDealerProfileRepository(model: DealerProfileModel): DealerProfileRepository {
  async function findByUserId(userId: string): Promise<DealerProfile | null> {
    const stored = await model.findOne({ userId, ...live }).lean<StoredProfile>();
    return stored ? toDealerProfile(stored) : null;
  }

  /** One conditional write: the update applies only while the profile is in the state `condition` names. */
  async function updateIf(id: string, condition: QueryFilter<DealerProfileDocument>, update: UpdateQuery<DealerProfileDocument>): Promise<DealerProfile | null> {
    const filter = byId(id);
    if (!filter) return null;
    const updated = await model.findOneAndUpdate({ ...filter, ...condition }, update, { returnDocument: 'after' }).lean<StoredProfile>();
    return updated ? toDealerProfile(updated) : null;
  }

  return {
    async createOnce(profile) {
      const existing = await findByUserId(profile.userId);
      if (existing) return existing;
      try {
        const created = await model.create({ ...profile, isApproved: false });
        return toDealerProfile(created.toObject() as StoredProfile);
      } catch (error) {
        // Two retries of the same registration raced; the unique index let exactly one through.
        if (!isDuplicateKeyError(error)) throw error;
        const winner = await findByUserId(profile.userId);
        if (!winner) throw error;
        return winner;
      }
    },

    findByUserId,

    async findById(id) {
      const filter = byId(id);
      if (!filter) return null;
      const stored = await model.findOne(filter).lean<StoredProfile>();
      return stored ? toDealerProfile(stored) : null;
    },

    async listNewestFirst() {
      const stored = await model.find(live).sort({ createdAt: -1, _id: -1 }).lean<StoredProfile[]>();
      return stored.map(toDealerProfile);
    },

    approvePending: (id, action, event) =>
      updateIf(id, { isApproved: false, rejectionStartedAt: { $exists: false } }, withEvents<DealerProfileDocument>({ $set: { isApproved: true }, $push: { adminActions: action } }, [event])),

    suspendApproved: (id, suspension, action, event) =>
      updateIf(id, { isApproved: true, suspension: { $exists: false } }, withEvents<DealerProfileDocument>({ $set: { suspension }, $push: { adminActions: action } }, [event])),

    reinstateSuspended: (id, action, event) =>
      updateIf(id, { suspension: { $exists: true } }, withEvents<DealerProfileDocument>({ $unset: { suspension: 1 }, $push: { adminActions: action } }, [event])),

    async startRejection(id, at) {
      const filter = byId(id);
      if (!filter) return null;
      const updated = await model
        .findOneAndUpdate({ ...filter, isApproved: false }, { $set: { rejectionStartedAt: at } }, { returnDocument: 'after' })
        .lean<StoredProfile>();
      return updated ? toDealerProfile(updated) : null;
    },

    async cancelRejection(id) {
      const filter = byId(id);
      if (filter) await model.updateOne(filter, { $unset: { rejectionStartedAt: 1 } });
    },

    async completeRejection(id, event) {
      const filter = byId(id);
      if (!filter) return false;
      const result = await model.updateOne(
        { ...filter, isApproved: false, rejectionStartedAt: { $exists: true } },
        deletionWithEvents<DealerProfileDocument>([event]),
      );
      return result.modifiedCount === 1;
    },

    async deletePendingByUserId(userId) {
      await model.deleteOne({ userId, isApproved: false });
    },

    async listApproved() {
      const stored = await model.find({ isApproved: true, suspension: { $exists: false }, ...live }).lean<StoredProfile[]>();
      return stored.map(toDealerProfile);
    },
  };
}

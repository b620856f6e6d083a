import { Types } from 'mongoose';
import type { EventEnvelope, SavedSearchCriteria } from '@cardirect/contracts';
import { isDuplicateKeyError, withEvents, withInitialEvents } from '@cardirect/service-kit';
import type { DigestMatch, SavedSearch } from '../domain/types';
import { toObjectId } from './object-id';
import type { SavedSearchDocument, SavedSearchMatchModel, SavedSearchModel } from './saved-search-model';

const searchProjection = { outbox: 0 } as const;

function toSavedSearch(found: SavedSearchDocument): SavedSearch {
  const criteria: SavedSearchCriteria = {
    make: found.make ?? undefined,
    model: found.model ?? undefined,
    yearFrom: found.yearFrom ?? undefined,
    yearTo: found.yearTo ?? undefined,
    maxMileage: found.maxMileage ?? undefined,
    withinMiles: found.withinMiles ?? undefined,
    maxGrade: found.maxGrade ?? undefined,
  };
  return {
    id: String(found._id),
    dealerId: found.dealerId,
    email: found.email,
    dealershipName: found.dealershipName,
    criteria: Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined)) as SavedSearchCriteria,
    names: { makeName: found.makeName ?? undefined, modelName: found.modelName ?? undefined },
    frequency: found.frequency,
    createdAt: found.createdAt,
  };
}

export type NewSavedSearch = Omit<SavedSearch, 'id' | 'createdAt'>;

/** The saved searches and the cars that fitted each, with the events of their e-mails in the same writes. */
export function createSavedSearchRepository(searches: SavedSearchModel, matches: SavedSearchMatchModel) {
  return {
    async create(search: NewSavedSearch): Promise<SavedSearch> {
      const { criteria, names, ...owner } = search;
      const [created] = await searches.create([{ ...owner, ...criteria, ...names }]);
      return toSavedSearch(created!.toObject());
    },

    async find(id: string): Promise<SavedSearch | undefined> {
      const objectId = toObjectId(id);
      const found = objectId ? await searches.findById(objectId, searchProjection).lean<SavedSearchDocument>() : null;
      return found ? toSavedSearch(found) : undefined;
    },

    async countOf(dealerId: string): Promise<number> {
      return searches.countDocuments({ dealerId });
    },

    /** The dealer's searches, newest first. */
    async listOf(dealerId: string): Promise<SavedSearch[]> {
      const found = await searches.find({ dealerId }, searchProjection).sort({ createdAt: -1 }).lean<SavedSearchDocument[]>();
      return found.map(toSavedSearch);
    },

    /** A page of every search, in id order after `afterId`: the digest's walk. */
    async page(afterId: string | undefined, limit: number): Promise<SavedSearch[]> {
      const filter = afterId ? { _id: { $gt: new Types.ObjectId(afterId) } } : {};
      const found = await searches.find(filter, searchProjection).sort({ _id: 1 }).limit(limit).lean<SavedSearchDocument[]>();
      return found.map(toSavedSearch);
    },

    /** The searches a car of this make may fit: those of the make and those of any make. */
    async candidatesFor(make: string): Promise<SavedSearch[]> {
      const [ofMake, ofAnyMake] = await Promise.all([
        searches.find({ make }, searchProjection).lean<SavedSearchDocument[]>(),
        searches.find({ make: { $exists: false } }, searchProjection).lean<SavedSearchDocument[]>(),
      ]);
      return [...ofMake, ...ofAnyMake].map(toSavedSearch);
    },

    /** Removes the search and what it still had to send; false when there was none (of this dealer, when given). */
    async remove(id: string, dealerId?: string): Promise<boolean> {
      const objectId = toObjectId(id);
      if (!objectId) return false;
      const result = await searches.deleteOne(dealerId ? { _id: objectId, dealerId } : { _id: objectId });
      if (result.deletedCount !== 1) return false;
      await matches.deleteMany({ searchId: objectId });
      return true;
    },

    /**
     * Records that the car fitted the search, with the instant e-mail's event when there is one.
     * False when it was recorded before (the unique pair): nothing is stored or sent twice.
     */
    async recordMatch(searchId: string, vehicleId: string, delivery: 'instant' | 'digest', matchedAt: Date, events: EventEnvelope[]): Promise<boolean> {
      try {
        await matches.create([withInitialEvents({ searchId: new Types.ObjectId(searchId), vehicleId: new Types.ObjectId(vehicleId), delivery, matchedAt }, events)]);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },

    async countInstantSince(searchId: string, since: Date): Promise<number> {
      return matches.countDocuments({ searchId: new Types.ObjectId(searchId), delivery: 'instant', matchedAt: { $gte: since } });
    },

    /** The cars waiting for the search's next digest, oldest first. */
    async waitingForDigest(searchId: string): Promise<DigestMatch[]> {
      const found = await matches
        .find({ searchId: new Types.ObjectId(searchId), delivery: 'digest', digestedAt: { $exists: false } }, { vehicleId: 1 })
        .sort({ matchedAt: 1 })
        .lean<Array<{ _id: Types.ObjectId; vehicleId: Types.ObjectId }>>();
      return found.map((match) => ({ id: String(match._id), vehicleId: String(match.vehicleId) }));
    },

    /**
     * Stores the digest's event on the search, then marks its cars sent. A crash between the two
     * lists them again in the next digest: a car told twice rather than never.
     */
    async recordDigest(searchId: string, matchIds: readonly string[], event: EventEnvelope | undefined, at: Date): Promise<void> {
      if (event) await searches.updateOne({ _id: new Types.ObjectId(searchId) }, withEvents<SavedSearchDocument>({}, [event]));
      await matches.updateMany({ _id: { $in: matchIds.map((id) => new Types.ObjectId(id)) } }, { $set: { digestedAt: at } });
    },
  };
}

export type SavedSearchRepository = ReturnType<typeof createSavedSearchRepository>;

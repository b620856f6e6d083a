import { LRUCache } from 'lru-cache';
import { Types, type QueryFilter } from 'mongoose';
import type { EventEnvelope, VehicleSort, VehicleStatus } from '@cardirect/contracts';
import { withEvents, withInitialEvents } from '@cardirect/service-kit';
import type {
  AcceptedOffer,
  AdminVehicleFilter,
  ListedVehicle,
  ListingPhotos,
  NewVehicle,
  Page,
  PagePosition,
  ReservePrice,
  StoredPhoto,
  Vehicle,
  VehicleListFilter,
  Withdrawal,
} from '../domain/types';
import {
  listOrderOf,
  toAcceptedOfferDocument,
  toListedVehicle,
  toListingPhotos,
  toStoredPhoto,
  toStoredPhotoDocument,
  toVehicle,
  type ListedVehicleDocument,
  type ReadVehicleDocument,
  type VehicleDocument,
  type VehicleModel,
} from './vehicle-model';
import { toObjectId, toObjectIds } from './object-id';
import { escapeRegex } from './regex';

/** The field each order of the lists sorts on, descending (see listOrder and dealerListKeysOf in vehicle-model.ts). */
const ORDER_FIELDS = { newest: 'listOrder', mileage: 'mileageOrder', year: 'modelYearOrder' } as const satisfies Record<VehicleSort, keyof VehicleDocument>;

/** A car's key in one of the lists' orders: where the page after it starts. */
function orderKeyOf(vehicle: ListedVehicleDocument, sort: VehicleSort): string | undefined {
  return vehicle[ORDER_FIELDS[sort]];
}

/** Of `limit + 1` cars read, the page's `limit` and, when there were more, where the next page starts. */
function pageOf<Found extends ListedVehicleDocument, Car>(found: Found[], limit: number, sort: VehicleSort, toCar: (found: Found) => Car): Page<Car> {
  const shown = found.slice(0, limit);
  const key = found.length > limit ? orderKeyOf(shown.at(-1)!, sort) : undefined;
  return { vehicles: shown.map(toCar), ...(key ? { next: { sort, key } } : {}) };
}

/** What the list never reads: the seller's contact details, admin-only fields, the questionnaire and pending events. */
const listProjection = { seller: 0, streetAddress: 0, notes: 0, description: 0, outbox: 0, adminSearchText: 0, conditionReport: 0, conditionGrade: 0 } as const;

/** What no answer is built from: pending events and the search text (a copy of fields read anyway). */
const readProjection = { outbox: 0, adminSearchText: 0 } as const;

/**
 * Every condition sits inside $and: our embedded server plans only on top-level fields, and would
 * otherwise fetch every car of the listed statuses and sort them, instead of walking the index of
 * the list's order and stopping after one page. MongoDB plans an $and of conditions as the same conditions.
 */
function listQuery(filter: VehicleListFilter, after?: PagePosition): QueryFilter<VehicleDocument> {
  // Dealers never see a listing whose seller has not confirmed the contact address yet.
  const conditions: QueryFilter<VehicleDocument>[] = [{ status: { $in: [...filter.statuses] } }, { pendingConfirmation: { $exists: false } }];
  // Nor one its seller withdrew.
  conditions.push({ withdrawal: { $exists: false } });
  if (filter.make) conditions.push({ make: filter.make });
  if (filter.modelKey) conditions.push({ modelKey: filter.modelKey });
  if (filter.year !== undefined) conditions.push({ year: filter.year });
  // Anchored and case-sensitive (digits only), so it can walk the zipCode index.
  if (filter.zipPrefix) conditions.push({ zipCode: { $regex: `^${escapeRegex(filter.zipPrefix)}` } });
  for (const word of filter.searchWords) {
    // The trim keeps its case as typed or decoded ('ALL-TRAC'), so it is matched without case.
    conditions.push({ $or: [{ searchText: { $regex: escapeRegex(word) } }, { trim: { $regex: escapeRegex(word), $options: 'i' } }] });
  }
  // A sale agreed follows the accepted offer, whatever status the admin gave the car.
  if (!filter.includeSaleAgreed) conditions.push({ acceptedOffer: { $exists: false } });
  if (filter.zipCodes) conditions.push({ zip5: { $in: [...filter.zipCodes] } });
  if (filter.yearFrom !== undefined) conditions.push({ year: { $gte: filter.yearFrom } });
  if (filter.yearTo !== undefined) conditions.push({ year: { $lte: filter.yearTo } });
  if (filter.maxMileage !== undefined) conditions.push({ mileage: { $lte: filter.maxMileage } });
  // A car listed without the questionnaire is judged on the seller's own condition (as savedSearchGradeOf does).
  if (filter.grades) {
    const grades = [...filter.grades];
    conditions.push({ $or: [{ conditionGrade: { $in: grades } }, { conditionGrade: { $exists: false }, condition: { $in: grades } }] });
  }
  if (after) conditions.push(afterCondition(after));
  return { $and: conditions };
}

function afterCondition(after: PagePosition): QueryFilter<VehicleDocument> {
  return { [ORDER_FIELDS[after.sort]]: { $lt: after.key } };
}

/**
 * A word of the admin's search as a pattern over the search text. A phone number written with
 * punctuation ("917-555-0142") also matches by its digits, the way adminSearchTextOf stores them.
 */
function adminSearchPattern(word: string): string {
  const digits = word.replace(/\D/g, '');
  const phoneLike = /^[\d()+.-]+$/.test(word) && digits.length > 0 && digits !== word;
  return phoneLike ? `${escapeRegex(word)}|${digits}` : escapeRegex(word);
}

/** Like listQuery, every condition in $and, so the embedded server walks the listOrder (or status) index. */
function adminListQuery(filter: AdminVehicleFilter, after?: PagePosition): QueryFilter<VehicleDocument> {
  const conditions: QueryFilter<VehicleDocument>[] = [];
  if (filter.status) conditions.push({ status: filter.status });
  for (const word of filter.searchWords) conditions.push({ adminSearchText: { $regex: adminSearchPattern(word) } });
  if (after) conditions.push(afterCondition(after));
  return conditions.length > 0 ? { $and: conditions } : {};
}

/** Cars whose photos and listing state are kept in memory: about 600 bytes a one-photo car. */
const MAX_REMEMBERED_LISTINGS = 20_000;
/**
 * And at most this many of their photos, about 230 bytes each: a listing has up to 20 (issue 36), so
 * 20,000 full listings would hold 90 MB; this keeps it near 25 MB, still some 3,000 full listings.
 */
const MAX_REMEMBERED_PHOTOS = 60_000;

const listingPhotosProjection = { photos: 1, status: 1, acceptedOffer: 1, pendingConfirmation: 1, withdrawal: 1 } as const;

/**
 * The vehicles of this service, as plain objects with string ids. Nothing here keeps a list page:
 * the gateway keeps the dealer list's pages for a second (docs/decisions.md, Vehicle service).
 * What it remembers is each car's photos and listing state, for `listingStateCacheMs`.
 */
export function createVehicleRepository(model: VehicleModel, options: { listingStateCacheMs?: number } = {}) {
  const listingStateCacheMs = options.listingStateCacheMs ?? 0;

  /**
   * Each car's photos and listing state by car id, as any read found them, for
   * `listingStateCacheMs` (the staleness the list itself has at the gateway): serving a card's
   * thumbnail to a dealer needs no read of the car it was just listed with. This instance's own
   * writes forget the car at once. Timed by the wall clock.
   */
  const listingStates =
    listingStateCacheMs > 0
      ? new LRUCache<string, ListingPhotos>({
          max: MAX_REMEMBERED_LISTINGS,
          maxSize: MAX_REMEMBERED_PHOTOS,
          sizeCalculation: (state) => Math.max(1, state.photos.length),
          ttl: listingStateCacheMs,
          perf: Date,
        })
      : undefined;

  function remember(cars: readonly ListedVehicle[]): void {
    if (!listingStates) return;
    for (const { id, photos, status, acceptedOffer, pendingConfirmation, withdrawal } of cars) {
      listingStates.set(id, { photos, status, acceptedOffer, pendingConfirmation, withdrawal });
    }
  }

  function forgetListing(id: string): void {
    listingStates?.delete(id);
  }

  return {
    newId: (): string => String(new Types.ObjectId()),

    async create(id: string, vehicle: NewVehicle, events: EventEnvelope[]): Promise<Vehicle> {
      const createdAt = new Date();
      const created = await model.create(
        withInitialEvents(
          { _id: new Types.ObjectId(id), ...vehicle, photos: vehicle.photos.map(toStoredPhotoDocument), createdAt, listOrder: listOrderOf(createdAt, id) },
          events,
        ),
      );
      const stored = toVehicle(created.toObject());
      remember([stored]);
      return stored;
    },

    async findById(id: string): Promise<Vehicle | undefined> {
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      const found = await model.findById(objectId, readProjection).lean<ReadVehicleDocument>();
      if (!found) return undefined;
      const vehicle = toVehicle(found);
      remember([vehicle]);
      return vehicle;
    },

    /** These cars, by id, contact details included (unknown ids are left out): one read for a page of deals. */
    async findByIds(ids: readonly string[]): Promise<Map<string, Vehicle>> {
      const objectIds = toObjectIds(ids);
      if (objectIds.length === 0) return new Map();
      const found = await model.find({ _id: { $in: objectIds } }, readProjection).lean<ReadVehicleDocument[]>();
      return new Map(found.map(toVehicle).map((vehicle) => [vehicle.id, vehicle]));
    },

    /**
     * A car's photos and listing state (undefined: no such car), from memory when a list page, an
     * admin page, its own read or its submission found them within `listingStateCacheMs`.
     */
    async listingStateOf(id: string): Promise<ListingPhotos | undefined> {
      const remembered = listingStates?.get(id);
      if (remembered) return remembered;
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      const found = await model.findById(objectId, listingPhotosProjection).lean<Pick<VehicleDocument, keyof typeof listingPhotosProjection>>();
      if (!found) return undefined;
      const state = toListingPhotos(found);
      listingStates?.set(id, state);
      return state;
    },

    /** One page of the dealer list in the given order; reads one more than `limit` to know whether a next page exists. */
    async findPage(filter: VehicleListFilter, sort: VehicleSort, limit: number, after?: PagePosition): Promise<Page<ListedVehicle>> {
      const found = await model
        .find(listQuery(filter, after), listProjection)
        .sort({ [ORDER_FIELDS[sort]]: -1 })
        .limit(limit + 1)
        .lean<ListedVehicleDocument[]>();
      const page = pageOf(found, limit, sort, toListedVehicle);
      remember(page.vehicles);
      return page;
    },

    /** How many cars the dealer list holds with this filter. */
    async count(filter: VehicleListFilter): Promise<number> {
      return model.countDocuments(listQuery(filter));
    },

    /** The admin's whole list at once, newest first, contact details included. */
    async findAll(filter: AdminVehicleFilter): Promise<Vehicle[]> {
      const found = await model.find(adminListQuery(filter), readProjection).sort({ listOrder: -1 }).lean<ReadVehicleDocument[]>();
      return found.map(toVehicle);
    },

    /** The admin's list one page at a time, contact details included. */
    async findAllPage(filter: AdminVehicleFilter, limit: number, after?: PagePosition): Promise<Page<Vehicle>> {
      const found = await model.find(adminListQuery(filter, after), readProjection).sort({ listOrder: -1 }).limit(limit + 1).lean<ReadVehicleDocument[]>();
      const page = pageOf(found, limit, 'newest', toVehicle);
      remember(page.vehicles);
      return page;
    },

    async findBySellerEmail(email: string): Promise<Vehicle[]> {
      const found = await model.find({ 'seller.email': email }, readProjection).sort({ listOrder: -1 }).lean<ReadVehicleDocument[]>();
      return found.map(toVehicle);
    },

    async updateFollowUp(id: string, changes: Partial<Pick<Vehicle, 'notes' | 'streetAddress' | 'status' | 'contacted' | 'offerMade'>>): Promise<Vehicle | undefined> {
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      const updated = await model.findByIdAndUpdate(objectId, { $set: changes }, { returnDocument: 'after', projection: readProjection }).lean<ReadVehicleDocument>();
      forgetListing(id);
      return updated ? toVehicle(updated) : undefined;
    },

    /**
     * Records the accepted offer and sets the car to pending, only if no offer was accepted yet and
     * the seller has not withdrawn the listing: the vehicle document is the lock that keeps a car
     * from accepting two offers, or one after its withdrawal.
     */
    async claimForAcceptedOffer(id: string, accepted: AcceptedOffer): Promise<boolean> {
      const result = await model.updateOne(
        { _id: new Types.ObjectId(id), acceptedOffer: { $exists: false }, withdrawal: { $exists: false } },
        { $set: { acceptedOffer: toAcceptedOfferDocument(accepted), status: 'pending' satisfies VehicleStatus } },
      );
      forgetListing(id);
      return result.modifiedCount === 1;
    },

    /**
     * Takes a confirmed listing off the market, only while no offer is accepted and it is not
     * withdrawn yet: the same lock claimForAcceptedOffer takes, so of a withdrawal and an
     * acceptance at the same moment exactly one wins. False when the other (or an earlier
     * withdrawal) came first.
     */
    async withdraw(id: string, withdrawal: Withdrawal): Promise<boolean> {
      const result = await model.updateOne(
        { _id: new Types.ObjectId(id), acceptedOffer: { $exists: false }, withdrawal: { $exists: false }, pendingConfirmation: { $exists: false } },
        { $set: { withdrawal } },
      );
      forgetListing(id);
      return result.modifiedCount === 1;
    },

    /**
     * The deal of the car's accepted offer completed: the car is `completed`, the buyer keeps it.
     * Only while that offer is still the car's accepted one, so a late repeat changes nothing.
     */
    async markSold(id: string, offerId: string): Promise<void> {
      await model.updateOne({ _id: new Types.ObjectId(id), 'acceptedOffer.offerId': new Types.ObjectId(offerId) }, { $set: { status: 'completed' satisfies VehicleStatus } });
      forgetListing(id);
    },

    /** Cars with an accepted offer that are not sold, a batch at a time after `afterId`: each should have an open deal. */
    async findAcceptedUnsold(limit: number, afterId?: string): Promise<Vehicle[]> {
      const conditions: QueryFilter<VehicleDocument>[] = [{ 'acceptedOffer.offerId': { $exists: true } }, { status: { $ne: 'completed' satisfies VehicleStatus } }];
      const after = afterId ? toObjectId(afterId) : undefined;
      if (after) conditions.push({ _id: { $gt: after } });
      const found = await model.find({ $and: conditions }, readProjection).sort({ _id: 1 }).limit(limit).lean<ReadVehicleDocument[]>();
      return found.map(toVehicle);
    },

    /**
     * Undoes claimForAcceptedOffer: when the offer could not be accepted after all, and when its
     * deal is cancelled (the car is back on the dealers' list, its dealer no longer sees the contact).
     */
    async releaseClaim(id: string, offerId: string, previousStatus: VehicleStatus): Promise<void> {
      await model.updateOne(
        { _id: new Types.ObjectId(id), 'acceptedOffer.offerId': new Types.ObjectId(offerId) },
        { $unset: { acceptedOffer: '' }, $set: { status: previousStatus } },
      );
      forgetListing(id);
    },

    /** How many listings of this contact address wait for confirmation and are not expired. */
    async countAwaitingConfirmation(email: string, now: Date): Promise<number> {
      return model.countDocuments({ 'seller.email': email, 'pendingConfirmation.expiresAt': { $gt: now } });
    },

    /** The unexpired listing a confirmation token belongs to, if it still waits for confirmation. */
    async findAwaitingConfirmation(tokenHash: string, now: Date): Promise<Vehicle | undefined> {
      const found = await model
        .findOne({ 'pendingConfirmation.tokenHash': tokenHash, 'pendingConfirmation.expiresAt': { $gt: now } }, readProjection)
        .lean<ReadVehicleDocument>();
      return found ? toVehicle(found) : undefined;
    },

    /**
     * Confirms the listing with its event in the same write, only if it still waits for this
     * token: of two clicks at once, one confirms and the other finds nothing to do. A listing with
     * a minimum price gets its check's due time in the same write.
     */
    async confirm(id: string, tokenHash: string, events: EventEnvelope[], reserveCheckDueAt?: Date): Promise<boolean> {
      const listed = { savedSearchMatchDue: true };
      const update = { $unset: { pendingConfirmation: 1 }, $set: reserveCheckDueAt ? { ...listed, 'reserve.checkDueAt': reserveCheckDueAt } : listed };
      const result = await model.updateOne(
        { _id: new Types.ObjectId(id), 'pendingConfirmation.tokenHash': tokenHash },
        withEvents<VehicleDocument>(update, events),
      );
      forgetListing(id);
      return result.modifiedCount === 1;
    },

    /**
     * Replaces the minimum price (`next` undefined: removes it), only while it is still
     * `currentAmount` and the listing is on the market (confirmed, not withdrawn, no offer
     * accepted): of two changes at once only one applies, and a sold or withdrawn car keeps its own.
     */
    async changeReserve(id: string, currentAmount: number, next: ReservePrice | undefined): Promise<boolean> {
      const result = await model.updateOne(
        {
          _id: new Types.ObjectId(id),
          'reserve.amount': currentAmount,
          acceptedOffer: { $exists: false },
          withdrawal: { $exists: false },
          pendingConfirmation: { $exists: false },
        },
        next ? { $set: { reserve: next } } : { $unset: { reserve: 1 } },
      );
      return result.modifiedCount === 1;
    },

    /** An offer of `amount` was made: the minimum's check is over if the minimum is at most that. */
    async markReserveReached(id: string, amount: number): Promise<void> {
      await model.updateOne({ _id: new Types.ObjectId(id), 'reserve.amount': { $lte: amount }, 'reserve.checkDueAt': { $exists: true } }, { $unset: { 'reserve.checkDueAt': 1 } });
    },

    /** Up to `limit` cars whose minimum price's check is due. */
    /** Cars confirmed since the saved searches were last matched against them, oldest first. */
    async findSavedSearchMatchesDue(limit: number): Promise<Vehicle[]> {
      const found = await model.find({ savedSearchMatchDue: true }, readProjection).sort({ listOrder: 1 }).limit(limit).lean<ReadVehicleDocument[]>();
      return found.map(toVehicle);
    },

    /** The saved searches were matched against the car (its e-mails stored): it leaves the pass. */
    async markSavedSearchesMatched(id: string): Promise<void> {
      await model.updateOne({ _id: new Types.ObjectId(id) }, { $unset: { savedSearchMatchDue: 1 } }, { timestamps: false });
    },

    async findReserveChecksDue(now: Date, limit: number): Promise<Vehicle[]> {
      const found = await model.find({ 'reserve.checkDueAt': { $lte: now } }, readProjection).sort({ 'reserve.checkDueAt': 1 }).limit(limit).lean<ReadVehicleDocument[]>();
      return found.map(toVehicle);
    },

    /**
     * Ends a due check, with its events (none: no e-mail) in the same write, only if it is still the
     * check due at `dueAt`: of two sweeps, one ends it; a lowering or an offer reaching the
     * minimum meanwhile has moved or removed it, and nothing is sent.
     */
    async closeReserveCheck(id: string, dueAt: Date, events: EventEnvelope[]): Promise<boolean> {
      const update = { $unset: { 'reserve.checkDueAt': 1 } };
      const result = await model.updateOne({ _id: new Types.ObjectId(id), 'reserve.checkDueAt': dueAt }, events.length > 0 ? withEvents<VehicleDocument>(update, events) : update);
      return result.modifiedCount === 1;
    },

    /** Up to `limit` listings whose confirmation link expired unused (their ids and photos). */
    async findExpiredUnconfirmed(now: Date, limit: number): Promise<Array<{ id: string; photos: StoredPhoto[] }>> {
      const found = await model
        .find({ 'pendingConfirmation.expiresAt': { $lte: now } }, { photos: 1 })
        .limit(limit)
        .lean<Array<Pick<VehicleDocument, '_id' | 'photos'>>>();
      return found.map((vehicle) => ({ id: String(vehicle._id), photos: vehicle.photos.map(toStoredPhoto) }));
    },

    /** Removes a listing only while it is still unconfirmed and expired; false when it was confirmed (or removed) meanwhile. */
    async removeExpiredUnconfirmed(id: string, now: Date): Promise<boolean> {
      const result = await model.deleteOne({ _id: new Types.ObjectId(id), 'pendingConfirmation.expiresAt': { $lte: now } });
      forgetListing(id);
      return result.deletedCount === 1;
    },
  };
}

export type VehicleRepository = ReturnType<typeof createVehicleRepository>;

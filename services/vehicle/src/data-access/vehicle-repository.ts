import { LRUCache } from 'lru-cache';
import { Types, type QueryFilter } from 'mongoose';
import type { EventEnvelope, VehicleSort, VehicleStatus } from '@cardirect/contracts';
import { withEvents, withInitialEvents } from '@cardirect/service-kit';
import { listOrderOf, type AcceptedOffer, type PendingConfirmation, type StoredPhoto, type VehicleDocument, type VehicleModel, type Withdrawal } from './vehicle-model';
import { toObjectId } from './object-id';

/** Where a page of a list starts: after the car whose key in the list's order (orderKeyOf) is `key`. */
export interface PagePosition {
  sort: VehicleSort;
  key: string;
}

/** The field each order of the lists sorts on, descending (see listOrder and dealerListKeysOf in vehicle-model.ts). */
const ORDER_FIELDS = { newest: 'listOrder', mileage: 'mileageOrder', year: 'modelYearOrder' } as const satisfies Record<VehicleSort, keyof VehicleDocument>;

/** A car's key in one of the lists' orders: what a cursor carries to start the next page after it. */
export function orderKeyOf(vehicle: VehicleDocument, sort: VehicleSort): string | undefined {
  return vehicle[ORDER_FIELDS[sort]];
}

export interface VehicleListFilter {
  statuses: readonly VehicleStatus[];
  make?: string;
  modelKey?: string;
  year?: number;
  zipPrefix?: string;
  /** Lower-case words that must each appear in "year make model" or in the trim. */
  searchWords: readonly string[];
  /** Cars whose seller accepted an offer are left out unless this is true. */
  includeSaleAgreed: boolean;
  /** The 5-digit ZIP codes the car's must be one of (the distance filter). */
  zipCodes?: readonly string[];
}

/** The admin's list: every status unless one is asked for, narrowed by the words of a search. */
export interface AdminVehicleFilter {
  status?: VehicleStatus;
  /** Lower-case words that must each appear in the car's admin search text (any of its fields). */
  searchWords: readonly string[];
}

export type NewVehicle = Omit<
  VehicleDocument,
  '_id' | 'outbox' | 'createdAt' | 'updatedAt' | 'acceptedOffer' | 'listOrder' | 'adminSearchText' | 'mileageOrder' | 'modelYearOrder' | 'zip5'
>;

/** What the list never reads: the seller's contact details, admin-only fields and pending events. */
const listProjection = { seller: 0, streetAddress: 0, notes: 0, description: 0, outbox: 0, adminSearchText: 0 } as const;

/** What no answer is built from: pending events and the search text (a copy of fields read anyway). */
const readProjection = { outbox: 0, adminSearchText: 0 } as const;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

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

interface PageRequest {
  filter: VehicleListFilter;
  sort: VehicleSort;
  limit: number;
  after?: PagePosition;
}

export interface VehiclePageResult {
  vehicles: VehicleDocument[];
  hasMore: boolean;
}

/** Distinct list pages kept at once; each is at most 101 cars without contact details. */
const MAX_CACHED_PAGES = 500;

/** Cars whose photos and listing state are kept in memory: about 300 bytes a car, 6 MB for 20,000 one-photo cars. */
const MAX_REMEMBERED_LISTINGS = 20_000;

/** What decides whether a dealer may see a car and its photos, and the photos themselves. */
export interface ListingState {
  photos: StoredPhoto[];
  status: VehicleStatus;
  acceptedOffer?: AcceptedOffer;
  pendingConfirmation?: PendingConfirmation;
  withdrawal?: Withdrawal;
}

const listingStateProjection = { photos: 1, status: 1, acceptedOffer: 1, pendingConfirmation: 1, withdrawal: 1 } as const;

interface CachedPage {
  page: Promise<VehiclePageResult>;
  /** When the read of this page started: its data is at least that recent. */
  readAt: number;
  refreshing: boolean;
}

/**
 * The vehicles of this service. `listCacheMs` > 0 keeps each list page for that long (counted
 * from the start of its read) and asks the database once for many identical requests arriving
 * together (every dealer opening the dashboard after a "new car near you" e-mail asks for the same
 * first page). A page still asked for in the last quarter of its time is read again in the
 * background, so a busy list does not stall every `listCacheMs` while its page is re-read. Every
 * write through this repository empties the cache, so this instance's own changes show at once;
 * changes made through another instance show within `listCacheMs`.
 */
export function createVehicleRepository(model: VehicleModel, options: { listCacheMs?: number } = {}) {
  const listCacheMs = options.listCacheMs ?? 0;

  /**
   * Each car's photos and listing state by car id, as any read found them, for `listCacheMs` (the
   * staleness the list itself has): serving a card's thumbnail to a dealer needs no read of the car
   * it was just listed with. This instance's own writes forget the car at once. Timed by the
   * wall clock, as the list pages are.
   */
  const listingStates = listCacheMs > 0 ? new LRUCache<string, ListingState>({ max: MAX_REMEMBERED_LISTINGS, ttl: listCacheMs, perf: Date }) : undefined;

  function rememberPhotos<T extends VehicleDocument | VehicleDocument[] | null>(found: T): T {
    if (!listingStates) return found;
    for (const vehicle of Array.isArray(found) ? found : found ? [found] : []) {
      const { photos, status, acceptedOffer, pendingConfirmation, withdrawal } = vehicle;
      listingStates.set(String(vehicle._id), { photos, status, acceptedOffer, pendingConfirmation, withdrawal });
    }
    return found;
  }

  function forgetListing(id: Types.ObjectId | string): void {
    listingStates?.delete(String(id));
  }

  async function readPage({ filter, sort, limit, after }: PageRequest): Promise<VehiclePageResult> {
    const found = await model
      .find(listQuery(filter, after), listProjection)
      .sort({ [ORDER_FIELDS[sort]]: -1 })
      .limit(limit + 1)
      .lean<VehicleDocument[]>();
    rememberPhotos(found);
    return { vehicles: found.slice(0, limit), hasMore: found.length > limit };
  }

  const refreshAheadMs = listCacheMs / 4;
  const pages = new Map<string, CachedPage>();

  function remember(key: string, request: PageRequest, readAt: number): CachedPage {
    const entry: CachedPage = { page: readPage(request), readAt, refreshing: false };
    pages.delete(key);
    pages.set(key, entry);
    if (pages.size > MAX_CACHED_PAGES) pages.delete(pages.keys().next().value!);
    // A failed read is not kept: the next request asks again.
    entry.page.catch(() => {
      if (pages.get(key) === entry) pages.delete(key);
    });
    return entry;
  }

  function cachedPage(request: PageRequest): Promise<VehiclePageResult> {
    const key = JSON.stringify(request);
    const now = Date.now();
    const entry = pages.get(key);
    if (!entry || now - entry.readAt >= listCacheMs) return remember(key, request, now).page;
    if (!entry.refreshing && now - entry.readAt >= listCacheMs - refreshAheadMs) {
      entry.refreshing = true;
      const next: CachedPage = { page: readPage(request), readAt: now, refreshing: false };
      next.page.then(
        () => {
          // Unless a write emptied the cache (or the page was replaced) meanwhile.
          if (pages.get(key) === entry) pages.set(key, next);
        },
        () => {
          entry.refreshing = false;
        },
      );
    }
    return entry.page;
  }

  const counts = new Map<string, { count: Promise<number>; readAt: number }>();

  /** A count read within `listCacheMs` (requests arriving together share one read), else a new read. */
  function cachedCount(filter: VehicleListFilter): Promise<number> {
    const key = JSON.stringify(filter);
    const now = Date.now();
    const kept = counts.get(key);
    if (kept && now - kept.readAt < listCacheMs) return kept.count;
    const entry = { count: model.countDocuments(listQuery(filter)).exec(), readAt: now };
    counts.delete(key);
    counts.set(key, entry);
    if (counts.size > MAX_CACHED_PAGES) counts.delete(counts.keys().next().value!);
    entry.count.catch(() => {
      if (counts.get(key) === entry) counts.delete(key);
    });
    return entry.count;
  }

  /** Called after every write: a cached page or count must never hide this instance's own change. */
  function forgetPages(): void {
    pages.clear();
    counts.clear();
  }

  return {
    newId: () => new Types.ObjectId(),

    async create(id: Types.ObjectId, vehicle: NewVehicle, events: EventEnvelope[]): Promise<VehicleDocument> {
      const createdAt = new Date();
      const created = await model.create(withInitialEvents({ _id: id, ...vehicle, createdAt, listOrder: listOrderOf(createdAt, id) }, events));
      forgetPages();
      return rememberPhotos(created.toObject());
    },

    async findById(id: string): Promise<VehicleDocument | undefined> {
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      return rememberPhotos(await model.findById(objectId, readProjection).lean<VehicleDocument>()) ?? undefined;
    },

    /**
     * A car's photos and listing state (undefined: no such car), from memory when a list page, an
     * admin page, its own read or its submission found them within `listCacheMs`.
     */
    async listingStateOf(id: string): Promise<ListingState | undefined> {
      const remembered = listingStates?.get(id);
      if (remembered) return remembered;
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      const found = await model.findById(objectId, listingStateProjection).lean<VehicleDocument>();
      if (!found) return undefined;
      rememberPhotos(found);
      return { photos: found.photos, status: found.status, acceptedOffer: found.acceptedOffer, pendingConfirmation: found.pendingConfirmation, withdrawal: found.withdrawal };
    },

    /**
     * One page of the dealer list in the given order; asks for one more than `limit` to know whether
     * a next page exists. A page near a dealer (zipCodes) is not kept: few other dealers share it.
     */
    async findPage(filter: VehicleListFilter, sort: VehicleSort, limit: number, after?: PagePosition): Promise<VehiclePageResult> {
      const request = { filter, sort, limit, after };
      return listCacheMs > 0 && !filter.zipCodes ? cachedPage(request) : readPage(request);
    },

    /** How many cars the dealer list holds with this filter; kept like a page (see findPage). */
    async count(filter: VehicleListFilter): Promise<number> {
      return listCacheMs > 0 && !filter.zipCodes ? cachedCount(filter) : model.countDocuments(listQuery(filter));
    },

    /** The admin's whole list at once, newest first, contact details included. */
    async findAll(filter: AdminVehicleFilter): Promise<VehicleDocument[]> {
      return model.find(adminListQuery(filter), readProjection).sort({ listOrder: -1 }).lean<VehicleDocument[]>();
    },

    /** The admin's list one page at a time: contact details included, never cached. */
    async findAllPage(filter: AdminVehicleFilter, limit: number, after?: PagePosition): Promise<VehiclePageResult> {
      const found = rememberPhotos(await model.find(adminListQuery(filter, after), readProjection).sort({ listOrder: -1 }).limit(limit + 1).lean<VehicleDocument[]>());
      return { vehicles: found.slice(0, limit), hasMore: found.length > limit };
    },

    async findBySellerEmail(email: string): Promise<VehicleDocument[]> {
      return model.find({ 'seller.email': email }, readProjection).sort({ listOrder: -1 }).lean<VehicleDocument[]>();
    },

    async updateFollowUp(id: string, changes: Partial<Pick<VehicleDocument, 'notes' | 'streetAddress' | 'status' | 'contacted' | 'offerMade'>>): Promise<VehicleDocument | undefined> {
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      const updated = await model
        .findByIdAndUpdate(objectId, { $set: changes }, { returnDocument: 'after', projection: readProjection })
        .lean<VehicleDocument>();
      forgetPages();
      forgetListing(id);
      return updated ?? undefined;
    },

    /**
     * Records the accepted offer and sets the car to pending, only if no offer was accepted yet and
     * the seller has not withdrawn the listing: the vehicle document is the lock that keeps a car
     * from accepting two offers, or one after its withdrawal.
     */
    async claimForAcceptedOffer(id: Types.ObjectId, accepted: AcceptedOffer): Promise<boolean> {
      const result = await model.updateOne(
        { _id: id, acceptedOffer: { $exists: false }, withdrawal: { $exists: false } },
        { $set: { acceptedOffer: accepted, status: 'pending' satisfies VehicleStatus } },
      );
      forgetPages();
      forgetListing(id);
      return result.modifiedCount === 1;
    },

    /**
     * Takes a confirmed listing off the market, only while no offer is accepted and it is not
     * withdrawn yet: the same lock claimForAcceptedOffer takes, so of a withdrawal and an
     * acceptance at the same moment exactly one wins. False when the other (or an earlier
     * withdrawal) came first.
     */
    async withdraw(id: Types.ObjectId, withdrawal: Withdrawal): Promise<boolean> {
      const result = await model.updateOne(
        { _id: id, acceptedOffer: { $exists: false }, withdrawal: { $exists: false }, pendingConfirmation: { $exists: false } },
        { $set: { withdrawal } },
      );
      forgetPages();
      forgetListing(id);
      return result.modifiedCount === 1;
    },

    /** Undoes claimForAcceptedOffer when the offer could not be accepted after all. */
    async releaseClaim(id: Types.ObjectId, offerId: Types.ObjectId, previousStatus: VehicleStatus): Promise<void> {
      await model.updateOne({ _id: id, 'acceptedOffer.offerId': offerId }, { $unset: { acceptedOffer: '' }, $set: { status: previousStatus } });
      forgetPages();
      forgetListing(id);
    },

    /** How many listings of this contact address wait for confirmation and are not expired. */
    async countAwaitingConfirmation(email: string, now: Date): Promise<number> {
      return model.countDocuments({ 'seller.email': email, 'pendingConfirmation.expiresAt': { $gt: now } });
    },

    /** The unexpired listing a confirmation token belongs to, if it still waits for confirmation. */
    async findAwaitingConfirmation(tokenHash: string, now: Date): Promise<VehicleDocument | undefined> {
      const found = await model
        .findOne({ 'pendingConfirmation.tokenHash': tokenHash, 'pendingConfirmation.expiresAt': { $gt: now } }, readProjection)
        .lean<VehicleDocument>();
      return found ?? undefined;
    },

    /**
     * Confirms the listing with its event in the same write, only if it still waits for this
     * token: of two clicks at once, one confirms and the other finds nothing to do.
     */
    async confirm(id: Types.ObjectId, tokenHash: string, events: EventEnvelope[]): Promise<boolean> {
      const result = await model.updateOne(
        { _id: id, 'pendingConfirmation.tokenHash': tokenHash },
        withEvents<VehicleDocument>({ $unset: { pendingConfirmation: 1 } }, events),
      );
      forgetPages();
      forgetListing(id);
      return result.modifiedCount === 1;
    },

    /** Up to `limit` listings whose confirmation link expired unused (their ids and photos). */
    async findExpiredUnconfirmed(now: Date, limit: number): Promise<Pick<VehicleDocument, '_id' | 'photos'>[]> {
      return model
        .find({ 'pendingConfirmation.expiresAt': { $lte: now } }, { photos: 1 })
        .limit(limit)
        .lean<Pick<VehicleDocument, '_id' | 'photos'>[]>();
    },

    /** Removes a listing only while it is still unconfirmed and expired; false when it was confirmed (or removed) meanwhile. */
    async removeExpiredUnconfirmed(id: Types.ObjectId, now: Date): Promise<boolean> {
      const result = await model.deleteOne({ _id: id, 'pendingConfirmation.expiresAt': { $lte: now } });
      forgetPages();
      forgetListing(id);
      return result.deletedCount === 1;
    },
  };
}

export type VehicleRepository = ReturnType<typeof createVehicleRepository>;

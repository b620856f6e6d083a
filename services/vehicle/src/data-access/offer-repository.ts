import { Types, type QueryFilter } from 'mongoose';
import type { EventEnvelope, OfferDeclineReason, OfferStatus } from '@cardirect/contracts';
import { withEvents, withInitialEvents } from '@cardirect/service-kit';
import { liveKeyOf, type OfferDocument, type OfferModel } from './offer-model';
import { toObjectId } from './object-id';
import { createPerDealerBatch, type VehicleIdList } from './per-dealer-batch';

export type NewOffer = Omit<OfferDocument, '_id' | 'outbox' | 'status' | 'decidedAt' | 'liveKey' | 'createdAt' | 'updatedAt'>;

const DUPLICATE_KEY = 11000;

function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;
}

export function createOfferRepository(model: OfferModel) {
  // Newest first, so that the first offer of a dealer on a car is its latest.
  const readLatestOfDealers = createPerDealerBatch(
    (filter) => model.collection.find(filter, { projection: { outbox: 0 }, sort: { createdAt: -1 } }).toArray() as unknown as Promise<OfferDocument[]>,
  );

  return {
    newId: () => new Types.ObjectId(),

    async findById(id: string): Promise<OfferDocument | undefined> {
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      return (await model.findById(objectId, { outbox: 0 }).lean<OfferDocument>()) ?? undefined;
    },

    async findPending(vehicleId: Types.ObjectId, dealerId: string): Promise<OfferDocument | undefined> {
      return (await model.findOne({ vehicleId, dealerId, status: 'pending' }, { outbox: 0 }).lean<OfferDocument>()) ?? undefined;
    },

    /** Stores a new pending offer; undefined when the dealer already has one (the unique live key decides). */
    async createPending(id: Types.ObjectId, offer: NewOffer, events: EventEnvelope[]): Promise<OfferDocument | undefined> {
      try {
        const created = await model.create(
          withInitialEvents({ _id: id, ...offer, status: 'pending' as OfferStatus, liveKey: liveKeyOf(offer.vehicleId, offer.dealerId) }, events),
        );
        return created.toObject();
      } catch (error) {
        if (isDuplicateKeyError(error)) return undefined;
        throw error;
      }
    },

    /**
     * Raises a still-pending offer to a higher amount; undefined when it was decided meanwhile or
     * its amount is no longer lower (two raises at once: the lower one never overwrites the higher).
     */
    async raisePending(
      id: Types.ObjectId,
      changes: Pick<OfferDocument, 'amount' | 'message' | 'expiresAt'>,
      events: EventEnvelope[],
    ): Promise<OfferDocument | undefined> {
      const update = changes.message === undefined ? { $set: changes, $unset: { message: '' } } : { $set: changes };
      const updated = await model
        .findOneAndUpdate({ _id: id, status: 'pending', amount: { $lt: changes.amount } }, withEvents<OfferDocument>(update, events), {
          returnDocument: 'after',
          projection: { outbox: 0 },
        })
        .lean<OfferDocument>();
      return updated ?? undefined;
    },

    /**
     * The dealer takes its pending offer back: only while it is still pending and its time is not
     * over, so a withdrawal never undoes a decision or an expiry. Undefined otherwise.
     */
    async withdraw(id: Types.ObjectId, now: Date): Promise<OfferDocument | undefined> {
      const withdrawn = await model
        .findOneAndUpdate(
          { _id: id, status: 'pending', expiresAt: { $gt: now } },
          { $set: { status: 'withdrawn' satisfies OfferStatus, decidedAt: now }, $unset: { liveKey: '' } },
          { returnDocument: 'after', projection: { outbox: 0 } },
        )
        .lean<OfferDocument>();
      return withdrawn ?? undefined;
    },

    /** Offers on one car (only one dealer's when dealerId is given), highest first. */
    async listForVehicle(vehicleId: Types.ObjectId, dealerId?: string): Promise<OfferDocument[]> {
      const filter: QueryFilter<OfferDocument> = dealerId === undefined ? { vehicleId } : { vehicleId, dealerId };
      return model.find(filter, { outbox: 0 }).sort({ amount: -1, createdAt: 1 }).lean<OfferDocument[]>();
    },

    /**
     * One dealer's latest offer on each of these cars, by vehicle id (cars without one are left
     * out); reads of many dashboards at the same moment share one query (createPerDealerBatch).
     */
    latestOfDealer(dealerId: string, vehicleIds: VehicleIdList): Promise<Map<string, OfferDocument>> {
      return readLatestOfDealers(dealerId, vehicleIds);
    },

    async listForVehicles(vehicleIds: Types.ObjectId[]): Promise<OfferDocument[]> {
      return model.find({ vehicleId: { $in: vehicleIds } }, { outbox: 0 }).sort({ amount: -1, createdAt: 1 }).lean<OfferDocument[]>();
    },

    /**
     * Moves a pending offer to its decided status together with the event that announces it, in
     * one write. `unexpiredAt` refuses the change once the offer's time is over; `declineReason`
     * says why a decline happened. Undefined when the offer is no longer pending (or has expired),
     * so two deciders never both win.
     */
    async decide(
      id: Types.ObjectId,
      status: Exclude<OfferStatus, 'pending'>,
      event: EventEnvelope,
      options: { unexpiredAt?: Date; declineReason?: OfferDeclineReason } = {},
    ): Promise<OfferDocument | undefined> {
      const filter: QueryFilter<OfferDocument> = { _id: id, status: 'pending' };
      if (options.unexpiredAt) filter.expiresAt = { $gt: options.unexpiredAt };
      const decision = { status, decidedAt: new Date(), ...(options.declineReason ? { declineReason: options.declineReason } : {}) };
      const decided = await model
        .findOneAndUpdate(filter, withEvents<OfferDocument>({ $set: decision, $unset: { liveKey: '' } }, [event]), {
          returnDocument: 'after',
          projection: { outbox: 0 },
        })
        .lean<OfferDocument>();
      return decided ?? undefined;
    },

    /** Pending offers whose time is over (on some cars only, when vehicleIds is given). */
    async findDue(now: Date, limit: number, vehicleIds?: Types.ObjectId[]): Promise<OfferDocument[]> {
      const filter: QueryFilter<OfferDocument> = { status: 'pending', expiresAt: { $lte: now } };
      if (vehicleIds) filter.vehicleId = { $in: vehicleIds };
      return model.find(filter, { outbox: 0 }).limit(limit).lean<OfferDocument[]>();
    },

    async findOtherPending(vehicleId: Types.ObjectId, exceptOfferId: Types.ObjectId): Promise<OfferDocument[]> {
      return model.find({ vehicleId, status: 'pending', _id: { $ne: exceptOfferId } }, { outbox: 0 }).lean<OfferDocument[]>();
    },
  };
}

export type OfferRepository = ReturnType<typeof createOfferRepository>;

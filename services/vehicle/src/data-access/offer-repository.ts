import { Types, type QueryFilter } from 'mongoose';
import type { EventEnvelope, OfferDeclineReason, OfferStatus } from '@cardirect/contracts';
import { withEvents, withInitialEvents } from '@cardirect/service-kit';
import type { NewOffer, Offer, OfferWithdrawer } from '../domain/types';
import { liveKeyOf, type OfferDocument, type OfferModel } from './offer-model';
import { toObjectId, toObjectIds } from './object-id';

const DUPLICATE_KEY = 11000;

function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;
}

/** An offer as every read has it: all but its pending events. */
type ReadOfferDocument = Omit<OfferDocument, 'outbox'>;

/** What no read needs: the pending events. */
const readProjection = { outbox: 0 } as const;

function toOffer(found: ReadOfferDocument): Offer {
  return {
    id: String(found._id),
    vehicleId: String(found.vehicleId),
    dealerId: found.dealerId,
    dealerEmail: found.dealerEmail,
    dealershipName: found.dealershipName,
    amount: found.amount,
    message: found.message,
    status: found.status,
    expiresAt: found.expiresAt,
    declineReason: found.declineReason,
    // Offers withdrawn before the field existed were all withdrawn by their dealers.
    ...(found.status === 'withdrawn' ? { withdrawnBy: found.withdrawnBy ?? 'dealer' } : {}),
    vehicle: found.vehicle,
    sellerEmail: found.sellerEmail,
    createdAt: found.createdAt,
  };
}

function toOfferOrUndefined(found: ReadOfferDocument | null): Offer | undefined {
  return found ? toOffer(found) : undefined;
}

export function createOfferRepository(model: OfferModel) {
  return {
    newId: (): string => String(new Types.ObjectId()),

    async findById(id: string): Promise<Offer | undefined> {
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      return toOfferOrUndefined(await model.findById(objectId, readProjection).lean<ReadOfferDocument>());
    },

    async findPending(vehicleId: string, dealerId: string): Promise<Offer | undefined> {
      return toOfferOrUndefined(await model.findOne({ vehicleId: new Types.ObjectId(vehicleId), dealerId, status: 'pending' }, readProjection).lean<ReadOfferDocument>());
    },

    /** Stores a new pending offer; undefined when the dealer already has one (the unique live key decides). */
    async createPending(id: string, offer: NewOffer, events: EventEnvelope[]): Promise<Offer | undefined> {
      const vehicleId = new Types.ObjectId(offer.vehicleId);
      try {
        const created = await model.create(
          withInitialEvents({ _id: new Types.ObjectId(id), ...offer, vehicleId, status: 'pending' as OfferStatus, liveKey: liveKeyOf(vehicleId, offer.dealerId) }, events),
        );
        return toOffer(created.toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) return undefined;
        throw error;
      }
    },

    /**
     * Raises a still-pending offer to a higher amount; undefined when it was decided meanwhile or
     * its amount is no longer lower (two raises at once: the lower one never overwrites the higher).
     */
    async raisePending(id: string, changes: Pick<Offer, 'amount' | 'message' | 'expiresAt'>, events: EventEnvelope[]): Promise<Offer | undefined> {
      const update = changes.message === undefined ? { $set: changes, $unset: { message: '' } } : { $set: changes };
      const updated = await model
        .findOneAndUpdate({ _id: new Types.ObjectId(id), status: 'pending', amount: { $lt: changes.amount } }, withEvents<OfferDocument>(update, events), {
          returnDocument: 'after',
          projection: readProjection,
        })
        .lean<ReadOfferDocument>();
      return toOfferOrUndefined(updated);
    },

    /**
     * Takes a pending offer back, by its dealer or because CarDirect suspended the dealer, with the
     * events that announce it in the same write: only while it is still pending and its time is
     * not over, so a withdrawal never undoes a decision or an expiry. Undefined otherwise.
     */
    async withdraw(id: string, now: Date, withdrawnBy: OfferWithdrawer, events: EventEnvelope[] = []): Promise<Offer | undefined> {
      const update = { $set: { status: 'withdrawn' satisfies OfferStatus, decidedAt: now, withdrawnBy }, $unset: { liveKey: '' } };
      const withdrawn = await model
        .findOneAndUpdate({ _id: new Types.ObjectId(id), status: 'pending', expiresAt: { $gt: now } }, events.length > 0 ? withEvents<OfferDocument>(update, events) : update, {
          returnDocument: 'after',
          projection: readProjection,
        })
        .lean<ReadOfferDocument>();
      return toOfferOrUndefined(withdrawn);
    },

    /** A batch of one dealer's pending offers, on any car (expired or not). */
    async findPendingOfDealer(dealerId: string, limit: number): Promise<Offer[]> {
      const found = await model.find({ dealerId, status: 'pending' }, readProjection).limit(limit).lean<ReadOfferDocument[]>();
      return found.map(toOffer);
    },

    /** Offers on one car (only one dealer's when dealerId is given), highest first. */
    async listForVehicle(vehicleId: string, dealerId?: string): Promise<Offer[]> {
      const onCar = new Types.ObjectId(vehicleId);
      const filter: QueryFilter<OfferDocument> = dealerId === undefined ? { vehicleId: onCar } : { vehicleId: onCar, dealerId };
      const found = await model.find(filter, readProjection).sort({ amount: -1, createdAt: 1 }).lean<ReadOfferDocument[]>();
      return found.map(toOffer);
    },

    /**
     * One dealer's latest offer on each of these cars, by vehicle id (cars without one, and ids
     * that name no car, are left out).
     */
    async latestOfDealer(dealerId: string, vehicleIds: readonly string[]): Promise<Map<string, Offer>> {
      const ids = toObjectIds(vehicleIds);
      if (ids.length === 0) return new Map();
      const found = await model
        .find({ dealerId, vehicleId: { $in: ids } }, readProjection)
        .sort({ createdAt: -1 })
        .lean<ReadOfferDocument[]>();
      const latest = new Map<string, Offer>();
      // Newest first: the first offer on a car is the latest.
      for (const offer of found.map(toOffer)) if (!latest.has(offer.vehicleId)) latest.set(offer.vehicleId, offer);
      return latest;
    },

    /** One dealer's offers on every car, newest first, at most `limit`. */
    async listOfDealer(dealerId: string, limit: number): Promise<Offer[]> {
      const found = await model.find({ dealerId }, readProjection).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<ReadOfferDocument[]>();
      return found.map(toOffer);
    },

    /** How many offers each of these dealers has made (a raised offer is still one), by dealer; one query for them all. */
    async countByDealers(dealerIds: readonly string[]): Promise<Map<string, number>> {
      if (dealerIds.length === 0) return new Map();
      const counts = await model.aggregate<{ _id: string; count: number }>([
        { $match: { dealerId: { $in: [...new Set(dealerIds)] } } },
        { $group: { _id: '$dealerId', count: { $sum: 1 } } },
      ]);
      return new Map(counts.map((row) => [row._id, row.count]));
    },

    async listForVehicles(vehicleIds: readonly string[]): Promise<Offer[]> {
      const found = await model.find({ vehicleId: { $in: toObjectIds(vehicleIds) } }, readProjection).sort({ amount: -1, createdAt: 1 }).lean<ReadOfferDocument[]>();
      return found.map(toOffer);
    },

    /**
     * Moves a pending offer to its decided status together with the event that announces it, in
     * one write. `unexpiredAt` refuses the change once the offer's time is over; `declineReason`
     * says why a decline happened. Undefined when the offer is no longer pending (or has expired),
     * so two deciders never both win.
     */
    async decide(
      id: string,
      status: Exclude<OfferStatus, 'pending'>,
      event: EventEnvelope,
      options: { unexpiredAt?: Date; declineReason?: OfferDeclineReason } = {},
    ): Promise<Offer | undefined> {
      const filter: QueryFilter<OfferDocument> = { _id: new Types.ObjectId(id), status: 'pending' };
      if (options.unexpiredAt) filter.expiresAt = { $gt: options.unexpiredAt };
      const decision = { status, decidedAt: new Date(), ...(options.declineReason ? { declineReason: options.declineReason } : {}) };
      const decided = await model
        .findOneAndUpdate(filter, withEvents<OfferDocument>({ $set: decision, $unset: { liveKey: '' } }, [event]), {
          returnDocument: 'after',
          projection: readProjection,
        })
        .lean<ReadOfferDocument>();
      return toOfferOrUndefined(decided);
    },

    /** Pending offers whose time is over (on some cars only, when vehicleIds is given). */
    async findDue(now: Date, limit: number, vehicleIds?: readonly string[]): Promise<Offer[]> {
      const filter: QueryFilter<OfferDocument> = { status: 'pending', expiresAt: { $lte: now } };
      if (vehicleIds) filter.vehicleId = { $in: toObjectIds(vehicleIds) };
      const found = await model.find(filter, readProjection).limit(limit).lean<ReadOfferDocument[]>();
      return found.map(toOffer);
    },

    async findOtherPending(vehicleId: string, exceptOfferId: string): Promise<Offer[]> {
      const found = await model
        .find({ vehicleId: new Types.ObjectId(vehicleId), status: 'pending', _id: { $ne: new Types.ObjectId(exceptOfferId) } }, readProjection)
        .lean<ReadOfferDocument[]>();
      return found.map(toOffer);
    },
  };
}

export type OfferRepository = ReturnType<typeof createOfferRepository>;

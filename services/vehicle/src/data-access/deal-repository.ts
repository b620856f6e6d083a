import { Types, type QueryFilter, type UpdateQuery } from 'mongoose';
import { OPEN_DEAL_STATES, type DealState, type EventEnvelope } from '@cardirect/contracts';
import { withEvents, withInitialEvents } from '@cardirect/service-kit';
import type { AdminDealFilter, CarUpdate, ClearableDealField, Deal, DealCar, DealChanges, DealPage, DealTimelineItem, NewDeal } from '../domain/deals/deal';
import { logEntriesOf, logEntry, type DealLogEntry } from '../domain/deals/deal-log';
import { RECORD_LOG_NAMES, type DealOfRecord } from '../domain/track-record/track-record';
import { DEAL_LIST_KEY_FIELDS, dealListKeyOf, dealSearchTextOf, type DealDocument, type DealModel } from './deal-model';
import { toObjectId, toObjectIds } from './object-id';
import { escapeRegex } from './regex';

const DUPLICATE_KEY = 11000;

function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;
}

type ReadDealDocument = Omit<DealDocument, 'outbox' | 'eventLog' | 'listKey' | 'searchText'>;

// The log is read only by the track records, which ask for the part they fold; the list's key and
// search text only by the list's query.
const readProjection = { outbox: 0, eventLog: 0, listKey: 0, searchText: 0 } as const;

// A page of the list keeps the key of its last deal: where the next page starts.
const listPageProjection = { outbox: 0, eventLog: 0, searchText: 0 } as const;

type RecordDealDocument = Pick<DealDocument, '_id' | 'vehicleId' | 'dealerId' | 'agreedPrice' | 'acceptedAt' | 'state' | 'completedAt' | 'finalPrice' | 'cancellation' | 'priceChange' | 'eventLog'>;

function toDeal(found: ReadDealDocument): Deal {
  return {
    id: String(found._id),
    vehicleId: String(found.vehicleId),
    offerId: String(found.offerId),
    dealerId: found.dealerId,
    dealerEmail: found.dealerEmail,
    dealershipName: found.dealershipName,
    dealerPhone: found.dealerPhone,
    agreedPrice: found.agreedPrice,
    state: found.state,
    version: found.version,
    vehicleStatusBefore: found.vehicleStatusBefore,
    acceptedAt: found.acceptedAt,
    proposalDueAt: found.proposalDueAt,
    proposalReminderAt: found.proposalReminderAt,
    overdue: found.overdue,
    place: found.place,
    placeAddress: found.placeAddress,
    slots: found.slots ?? [],
    dealerMessage: found.dealerMessage,
    otherTimesMessage: found.otherTimesMessage,
    booked: found.booked,
    bookings: found.bookings ?? 0,
    appointmentReminderAt: found.appointmentReminderAt,
    rescheduled: { seller: found.rescheduled?.seller ?? false, dealer: found.rescheduled?.dealer ?? false },
    priceChange: found.priceChange && { ...found.priceChange, faults: found.priceChange.faults ?? [] },
    completionDueAt: found.completionDueAt,
    completedAt: found.completedAt,
    finalPrice: found.finalPrice,
    cancellation: found.cancellation,
    clocksDone: found.clocksDone ?? [],
    timeline: found.timeline ?? [],
    carUpdates: found.carUpdates ?? [],
  };
}

function toDealOrUndefined(found: ReadDealDocument | null): Deal | undefined {
  return found ? toDeal(found) : undefined;
}

/**
 * What a step's write requires of the stored deal: the version it read (a person's step), or the
 * states and version a clock belongs to, that clock not done yet, and the overdue mark as read.
 */
export interface DealStepCondition {
  version: number;
  states?: readonly DealState[];
  clockNotDone?: string;
  overdue?: boolean;
}

/** One step of a deal, written at once with its events, its timeline entry and the car changes it leaves to do. */
export interface DealStep {
  set?: DealChanges;
  unset?: readonly ClearableDealField[];
  timeline: DealTimelineItem[];
  events: EventEnvelope[];
  /** What only the deal's log records, e-mailed to nobody (an admin's verdict); the step's deal events are logged anyway. */
  log?: DealLogEntry[];
  carUpdate?: CarUpdate;
  clockDone?: string;
  /** A person's step, or the completion clock: moves the version, so clocks of the old one do nothing. */
  movesVersion: boolean;
}

function stepFilter(id: Types.ObjectId, condition: DealStepCondition): QueryFilter<DealDocument> {
  const filter: QueryFilter<DealDocument> = { _id: id, version: condition.version };
  if (condition.states) filter.state = { $in: [...condition.states] };
  if (condition.clockNotDone) filter.clocksDone = { $ne: condition.clockNotDone };
  if (condition.overdue !== undefined) filter.overdue = condition.overdue;
  return filter;
}

/** The deal as the step leaves it: what it read, with the step's changes. */
function dealAfter(read: Deal, step: DealStep): Deal {
  const after: Deal = { ...read, ...step.set };
  for (const field of step.unset ?? []) delete after[field];
  return after;
}

/**
 * Whether the step changes the deal's place in the admin's list. The new key is made from the deal
 * as read and the step's changes, and that is the deal the write leaves: the write requires the
 * version that was read, and every change of what the key is made of moves the version, but the
 * overdue mark. That mark only the overdue clock sets, and only while the dealer owes times, where
 * the steps that leave the deal open (the dealer's proposal) clear it themselves and a cancellation
 * requires it as read.
 */
function movesInList(step: DealStep): boolean {
  const changed = [...Object.keys(step.set ?? {}), ...(step.unset ?? [])];
  return DEAL_LIST_KEY_FIELDS.some((field) => changed.includes(field));
}

function stepUpdate(read: Deal, step: DealStep, at: Date): UpdateQuery<DealDocument> {
  const set: Record<string, unknown> = { ...step.set };
  if (movesInList(step)) set.listKey = dealListKeyOf(dealAfter(read, step));
  const unset: Record<string, ''> = Object.fromEntries((step.unset ?? []).map((field) => [field, '']));
  // The open key goes with the deal's end, in the same write: the car may take a new deal at once.
  if (step.set?.state !== undefined && !OPEN_DEAL_STATES.includes(step.set.state)) unset.openKey = '';
  const push: Record<string, unknown> = {};
  if (step.timeline.length > 0) push.timeline = { $each: step.timeline };
  if (step.carUpdate) push.carUpdates = step.carUpdate;
  // Every deal event of the step goes to the append-only log as well as to the outbox, in this one write.
  const logged = [...logEntriesOf(step.events, at), ...(step.log ?? [])];
  if (logged.length > 0) push.eventLog = { $each: logged };
  const update: UpdateQuery<DealDocument> = {};
  if (Object.keys(set).length > 0) update.$set = set;
  if (Object.keys(unset).length > 0) update.$unset = unset;
  if (Object.keys(push).length > 0) update.$push = push;
  if (step.clockDone) update.$addToSet = { clocksDone: step.clockDone };
  if (step.movesVersion) update.$inc = { version: 1 };
  return withEvents<DealDocument>(update, step.events);
}

/** The deals of this service, as plain objects with string ids. */
export function createDealRepository(model: DealModel) {
  return {
    newId: (): string => String(new Types.ObjectId()),

    /**
     * Stores the deal of an accepted offer, its log opened with the acceptance; undefined when that
     * offer already has one or the car already has an open deal (the unique keys decide).
     */
    async create(id: string, deal: NewDeal, car: DealCar, events: EventEnvelope[]): Promise<Deal | undefined> {
      try {
        const created = await model.create(
          withInitialEvents(
            {
              _id: new Types.ObjectId(id),
              ...deal,
              vehicleId: new Types.ObjectId(deal.vehicleId),
              offerId: new Types.ObjectId(deal.offerId),
              openKey: deal.vehicleId,
              version: 1,
              listKey: dealListKeyOf({ ...deal, id, overdue: false }),
              searchText: dealSearchTextOf(car, deal.dealershipName),
              eventLog: [logEntry('deal.opened', deal.acceptedAt, { by: 'seller', agreedPrice: deal.agreedPrice }), ...logEntriesOf(events, deal.acceptedAt)],
            },
            events,
          ),
        );
        return toDeal(created.toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) return undefined;
        throw error;
      }
    },

    async findById(id: string): Promise<Deal | undefined> {
      const objectId = toObjectId(id);
      if (!objectId) return undefined;
      return toDealOrUndefined(await model.findById(objectId, readProjection).lean<ReadDealDocument>());
    },

    async findByOfferId(offerId: string): Promise<Deal | undefined> {
      const objectId = toObjectId(offerId);
      if (!objectId) return undefined;
      return toDealOrUndefined(await model.findOne({ offerId: objectId }, readProjection).lean<ReadDealDocument>());
    },

    /** The deals of these offers, by offer id. */
    async findByOfferIds(offerIds: readonly string[]): Promise<Map<string, Deal>> {
      const ids = toObjectIds(offerIds);
      if (ids.length === 0) return new Map();
      const found = await model.find({ offerId: { $in: ids } }, readProjection).lean<ReadDealDocument[]>();
      return new Map(found.map(toDeal).map((deal) => [deal.offerId, deal]));
    },

    /** The car's latest deal: its open one, or the last that ended. */
    async latestForVehicle(vehicleId: string): Promise<Deal | undefined> {
      const objectId = toObjectId(vehicleId);
      if (!objectId) return undefined;
      return toDealOrUndefined(await model.findOne({ vehicleId: objectId }, readProjection).sort({ acceptedAt: -1 }).lean<ReadDealDocument>());
    },

    /** Each car's latest deal, by car id (cars without one are left out). */
    async latestForVehicles(vehicleIds: readonly string[]): Promise<Map<string, Deal>> {
      const ids = toObjectIds(vehicleIds);
      if (ids.length === 0) return new Map();
      const found = await model.find({ vehicleId: { $in: ids } }, readProjection).sort({ acceptedAt: -1 }).lean<ReadDealDocument[]>();
      const latest = new Map<string, Deal>();
      for (const deal of found.map(toDeal)) if (!latest.has(deal.vehicleId)) latest.set(deal.vehicleId, deal);
      return latest;
    },

    /**
     * Writes one step of the deal as `read` (at its version) if it still is as the step read it
     * (see DealStepCondition); undefined when it changed meanwhile (or the clock's work is done),
     * so two steps at once never both win. `at` is the step's time, which its log entries carry.
     */
    async applyStep(read: Deal, condition: Omit<DealStepCondition, 'version'>, step: DealStep, at: Date): Promise<Deal | undefined> {
      const objectId = toObjectId(read.id);
      if (!objectId) return undefined;
      const updated = await model
        .findOneAndUpdate(stepFilter(objectId, { ...condition, version: read.version }), stepUpdate(read, step, at), { returnDocument: 'after', projection: readProjection })
        .lean<ReadDealDocument>();
      return toDealOrUndefined(updated);
    },

    /**
     * What the track records of these dealers are folded from, by dealer: each deal's log (only the
     * entries the record reads) and the state an unlogged deal's record is read from. One query for
     * all the dealers of a page.
     */
    async ofRecordForDealers(dealerIds: readonly string[]): Promise<Map<string, DealOfRecord[]>> {
      const byDealer = new Map<string, DealOfRecord[]>();
      if (dealerIds.length === 0) return byDealer;
      const found = await model.aggregate<RecordDealDocument>([
        { $match: { dealerId: { $in: [...new Set(dealerIds)] } } },
        {
          $project: {
            vehicleId: 1,
            dealerId: 1,
            agreedPrice: 1,
            acceptedAt: 1,
            state: 1,
            completedAt: 1,
            finalPrice: 1,
            cancellation: 1,
            'priceChange.verdict': 1,
            eventLog: { $filter: { input: { $ifNull: ['$eventLog', []] }, cond: { $in: ['$$this.name', [...RECORD_LOG_NAMES]] } } },
          },
        },
      ]);
      for (const deal of found) {
        const ofDealer = byDealer.get(deal.dealerId) ?? [];
        ofDealer.push({
          id: String(deal._id),
          vehicleId: String(deal.vehicleId),
          agreedPrice: deal.agreedPrice,
          acceptedAt: deal.acceptedAt,
          state: deal.state,
          completedAt: deal.completedAt,
          finalPrice: deal.finalPrice,
          cancellation: deal.cancellation,
          verdict: deal.priceChange?.verdict,
          eventLog: deal.eventLog,
        });
        byDealer.set(deal.dealerId, ofDealer);
      }
      return byDealer;
    },

    /**
     * The dealers whose deals hold at least `atLeast` strikes in all (dealer id → the dealership's
     * name on its latest such deal): those the flag rule may find past it. A strike as the track
     * record folds it (dealerFlagOf): a deal the dealer cancelled or let lapse, a price cut whose
     * standing verdict is unjustified; the deal's state holds each, as its log does. Found through
     * the indexes of the cancellations and of the verdicts, never by reading every deal.
     */
    async dealersWithStrikes(atLeast: number): Promise<Map<string, string>> {
      const cancellationStrike = { $cond: [{ $or: [{ $eq: ['$cancellation.by', 'dealer'] }, { $eq: ['$cancellation.dealerLapse', true] }] }, 1, 0] };
      const verdictStrike = { $cond: [{ $eq: ['$priceChange.verdict.verdict', 'unjustified'] }, 1, 0] };
      const found = await model.aggregate<{ _id: string; dealershipName: string }>([
        // A lapse is the seller's cancellation after the dealer's missed deadline.
        { $match: { $or: [{ 'cancellation.by': 'dealer' }, { 'cancellation.by': 'seller', 'cancellation.dealerLapse': true }, { 'priceChange.verdict.verdict': 'unjustified' }] } },
        { $sort: { acceptedAt: 1 } },
        { $group: { _id: '$dealerId', dealershipName: { $last: '$dealershipName' }, strikes: { $sum: { $add: [cancellationStrike, verdictStrike] } } } },
        { $match: { strikes: { $gte: atLeast } } },
      ]);
      return new Map(found.map((dealer) => [dealer._id, dealer.dealershipName]));
    },

    /**
     * One page of the admin's list, in its order (dealListKeyOf), after the key `after`; reads one
     * more than `limit` to know whether a next page exists.
     */
    async findListPage(filter: AdminDealFilter, limit: number, after?: string): Promise<DealPage> {
      // In $and, as the car lists do, so the embedded server walks the key's index and stops after a page.
      const conditions: QueryFilter<DealDocument>[] = [{ listKey: after === undefined ? { $exists: true } : { $gt: after } }];
      if (filter.state) conditions.push({ state: filter.state });
      if (filter.dealerId) conditions.push({ dealerId: filter.dealerId });
      if (filter.awaitingVerdict) conditions.push({ 'priceChange.at': { $exists: true } }, { 'priceChange.verdict': { $exists: false } });
      for (const word of filter.searchWords) conditions.push({ searchText: { $regex: escapeRegex(word) } });
      const found = await model
        .find({ $and: conditions }, listPageProjection)
        .sort({ listKey: 1 })
        .limit(limit + 1)
        .lean<Array<ReadDealDocument & Pick<DealDocument, 'listKey'>>>();
      const shown = found.slice(0, limit);
      const lastKey = found.length > limit ? shown.at(-1)!.listKey : undefined;
      return { deals: shown.map(toDeal), ...(lastKey ? { next: { sort: 'deals', key: lastKey } } : {}) };
    },

    /** Forgets a car change once it is applied. */
    async clearCarUpdate(id: string, carUpdateId: string): Promise<void> {
      const objectId = toObjectId(id);
      if (objectId) await model.updateOne({ _id: objectId }, { $pull: { carUpdates: { id: carUpdateId } } }, { timestamps: false });
    },

    /** Deals with car changes still to apply (a process died between a step and its car change), a batch at a time after `afterId`. */
    async findWithCarUpdates(limit: number, afterId?: string): Promise<Deal[]> {
      const filter: QueryFilter<DealDocument> = { 'carUpdates.id': { $exists: true } };
      const after = afterId ? toObjectId(afterId) : undefined;
      if (after) filter._id = { $gt: after };
      const found = await model.find(filter, readProjection).sort({ _id: 1 }).limit(limit).lean<ReadDealDocument[]>();
      return found.map(toDeal);
    },

    /** Every open deal, a batch at a time after `afterId` (the resume pass schedules their clocks). */
    async findOpen(limit: number, afterId?: string): Promise<Deal[]> {
      const filter: QueryFilter<DealDocument> = { openKey: { $exists: true } };
      const after = afterId ? toObjectId(afterId) : undefined;
      if (after) filter._id = { $gt: after };
      const found = await model.find(filter, readProjection).sort({ _id: 1 }).limit(limit).lean<ReadDealDocument[]>();
      return found.map(toDeal);
    },
  };
}

export type DealRepository = ReturnType<typeof createDealRepository>;

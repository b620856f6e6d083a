import { lowerMinimumMessage, RESERVE_CHECK_DAYS, type ChangeReservePriceInput, type OfferView, type VehicleView } from '@cardirect/contracts';
import { badRequest, conflict, createEvent, forbidden, notFound } from '@cardirect/service-kit';
import { isSellerOf, type Caller } from './caller';
import type { DomainContext } from './context';
import { isOnMarket } from './dealer-visibility';
import { expireDueOffers } from './offers/expire-offers';
import type { Offer, ReservePrice, Vehicle } from './types';
import { shapeVehicle } from './vehicle-view';
import { vehicleSummaryOf } from './vehicle-summary';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 100;

/** When the minimum's check falls due if it starts now: at the listing's confirmation, and at each lowering. */
export function reserveCheckDueFrom(now: Date): Date {
  return new Date(now.getTime() + RESERVE_CHECK_DAYS * DAY_MS);
}

/** The seller's and the admin's offers, each saying whether it is below the car's current minimum (never a dealer's). */
export function withMinimumMarks(offers: OfferView[], reserve: ReservePrice | undefined): OfferView[] {
  return offers.map((offer) => ({ ...offer, belowMinimum: reserve !== undefined && offer.amount < reserve.amount }));
}

function isOpen(offer: Offer, now: Date): boolean {
  return offer.status === 'pending' && offer.expiresAt > now;
}

/**
 * The seller lowers the private minimum or removes it, while the listing is on the market. A new
 * minimum restarts the seven days of its check, which is over at once when an open offer already
 * reaches it. Raising is refused: offers made against the lower minimum would turn "below" unseen.
 */
export async function changeReservePrice(context: DomainContext, vehicleId: string, input: ChangeReservePriceInput, caller: Caller): Promise<VehicleView> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  if (!isSellerOf(caller, vehicle.seller.email)) throw forbidden('Only the seller of this vehicle can change its minimum price');
  if (!vehicle.reserve) throw conflict('This listing has no minimum price');
  if (!isOnMarket(vehicle)) throw conflict('The minimum price can only be changed while the listing is on the market');
  const current = vehicle.reserve.amount;
  if (input.reservePrice !== null && input.reservePrice >= current) {
    const message = lowerMinimumMessage(current);
    throw badRequest({ reservePrice: message }, message);
  }

  const now = context.now();
  const next = input.reservePrice === null ? undefined : { amount: input.reservePrice, checkDueAt: reserveCheckDueFrom(now) };
  if (!(await context.vehicles.changeReserve(vehicle.id, current, next))) {
    throw conflict('The listing changed at the same time; reload your dashboard and try again');
  }
  if (next) {
    // An open offer the lower minimum no longer exceeds has reached it: no e-mail will say otherwise.
    const offers = await context.offers.listForVehicle(vehicle.id);
    const best = offers.find((offer) => isOpen(offer, now));
    if (best) await context.vehicles.markReserveReached(vehicle.id, best.amount);
  }
  return shapeVehicle({ ...vehicle, reserve: next }, { kind: 'owner' });
}

/**
 * One car's due check: on a car still on the market with no open offer at or above the minimum,
 * the seller is e-mailed once (`vehicle.minimum-not-reached`, with the best offer still open);
 * otherwise the check just ends. Ended in one conditional write with its event, so two sweeps, or
 * an offer or a lowering at the same moment, never send it twice or late. True when it was sent.
 */
async function runReserveCheck(context: DomainContext, vehicle: Vehicle & { reserve: Required<ReservePrice> }): Promise<boolean> {
  const { amount, checkDueAt } = vehicle.reserve;
  if (!isOnMarket(vehicle)) {
    await context.vehicles.closeReserveCheck(vehicle.id, checkDueAt, []);
    return false;
  }
  await expireDueOffers(context, [vehicle.id]);
  const now = context.now();
  // Highest first: the first open offer is the best one.
  const best = (await context.offers.listForVehicle(vehicle.id)).find((offer) => isOpen(offer, now));
  if (best && best.amount >= amount) {
    await context.vehicles.closeReserveCheck(vehicle.id, checkDueAt, []);
    return false;
  }
  const event = createEvent('vehicle.minimum-not-reached', {
    vehicleId: vehicle.id,
    vehicle: vehicleSummaryOf(vehicle),
    sellerEmail: vehicle.seller.email,
    zipCode: vehicle.zipCode,
    reservePrice: amount,
    days: RESERVE_CHECK_DAYS,
    ...(best ? { bestOpenOffer: { dealershipName: best.dealershipName, amount: best.amount, expiresAt: best.expiresAt.toISOString() } } : {}),
  });
  return context.vehicles.closeReserveCheck(vehicle.id, checkDueAt, [event]);
}

/** Runs every minimum price check that came due (the periodic sweep); answers how many e-mails it asked for. */
export async function runDueReserveChecks(context: DomainContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await context.vehicles.findReserveChecksDue(context.now(), BATCH_SIZE);
    for (const vehicle of due) {
      const { reserve } = vehicle;
      if (reserve?.checkDueAt && (await runReserveCheck(context, { ...vehicle, reserve: { amount: reserve.amount, checkDueAt: reserve.checkDueAt } }))) sent++;
    }
    if (due.length < BATCH_SIZE) return sent;
  }
}

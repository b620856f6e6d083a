import { higherOfferMessage, trackRecordWords, type MakeOfferInput, type OfferView } from '@cardirect/contracts';
import { badRequest, conflict, createEvent, notFound } from '@cardirect/service-kit';
import type { DealerCaller } from '../caller';
import type { DomainContext } from '../context';
import { LISTED_STATUSES } from '../dealer-visibility';
import type { Offer, Vehicle } from '../types';
import { trackRecordOfDealer } from '../track-record/read-track-records';
import { vehicleSummaryOf } from '../vehicle-summary';
import { expireOffer } from './expire-offers';
import { toOfferView } from './offer-view';

const HOUR_MS = 60 * 60 * 1000;

export interface MadeOffer {
  offer: OfferView;
  /** false when the dealer's pending offer was replaced by this one. */
  created: boolean;
}

function offerMadeEvent(
  offer: Pick<Offer, 'id' | 'amount' | 'message' | 'expiresAt' | 'dealershipName'>,
  vehicle: Vehicle,
  dealerRecordWords: string[],
  previousAmount?: number,
) {
  return createEvent('offer.made', {
    offerId: offer.id,
    vehicleId: vehicle.id,
    vehicle: vehicleSummaryOf(vehicle),
    dealershipName: offer.dealershipName,
    amount: offer.amount,
    ...(previousAmount !== undefined ? { previousAmount } : {}),
    ...(offer.message ? { message: offer.message } : {}),
    expiresAt: offer.expiresAt.toISOString(),
    sellerEmail: vehicle.seller.email,
    zipCode: vehicle.zipCode,
    dealerRecordWords,
    ...(vehicle.reserve ? { belowMinimum: offer.amount < vehicle.reserve.amount } : {}),
  });
}

function notHigher(currentAmount: number) {
  const message = higherOfferMessage(currentAmount);
  return badRequest({ amount: message }, message);
}

/**
 * Replaces the dealer's pending offer with a higher one: never a lower amount in place of one the
 * seller may already have read (withdrawing is the way out). Undefined when the offer was decided
 * meanwhile.
 */
async function raiseOffer(context: DomainContext, pending: Offer, input: MakeOfferInput, expiresAt: Date, vehicle: Vehicle, recordWords: string[]): Promise<Offer | undefined> {
  if (input.amount <= pending.amount) throw notHigher(pending.amount);
  const event = offerMadeEvent({ ...pending, amount: input.amount, message: input.message, expiresAt }, vehicle, recordWords, pending.amount);
  const raised = await context.offers.raisePending(pending.id, { amount: input.amount, message: input.message, expiresAt }, [event]);
  if (raised) return raised;
  // Raised (or decided) at the same moment: the amount that stands now decides.
  const current = await context.offers.findById(pending.id);
  if (current?.status === 'pending' && input.amount <= current.amount) throw notHigher(current.amount);
  return undefined;
}

/**
 * An approved dealer makes a sealed offer on a car, valid for the configured hours. A dealer has
 * at most one live offer per car: a higher amount replaces the pending one. Sets that dealer's
 * "offer made" flag and announces the offer to the seller (`offer.made`).
 */
export async function makeOffer(context: DomainContext, vehicleId: string, input: MakeOfferInput, dealer: DealerCaller): Promise<MadeOffer> {
  const vehicle = await context.vehicles.findById(vehicleId);
  // A listing not yet confirmed by its seller does not exist for dealers.
  if (!vehicle || vehicle.pendingConfirmation) throw notFound('Vehicle not found');
  if (vehicle.withdrawal) throw conflict('The seller has withdrawn this listing');
  if (vehicle.acceptedOffer) throw conflict('The seller has already accepted an offer on this vehicle');
  if (!LISTED_STATUSES.includes(vehicle.status)) throw conflict('This vehicle is no longer available');

  const now = context.now();
  const expiresAt = new Date(now.getTime() + context.offerValidityHours * HOUR_MS);
  const existing = await context.offers.findPending(vehicle.id, dealer.userId);
  if (existing && existing.expiresAt <= now) await expireOffer(context, existing);
  // The seller's e-mail says what the dashboard says beside the offer (only the words: the name is the offer's).
  const recordWords = trackRecordWords(await trackRecordOfDealer(context, dealer.userId, dealer.email));

  let made: { offer: Offer | undefined; created: boolean };
  if (existing && existing.expiresAt > now) {
    made = { offer: await raiseOffer(context, existing, input, expiresAt, vehicle, recordWords), created: false };
  } else {
    const dealershipName = (await context.dealerDirectory.dealershipNameOf(dealer.userId, dealer.requestId)) ?? dealer.email;
    const offerId = context.offers.newId();
    const offer = {
      vehicleId: vehicle.id,
      dealerId: dealer.userId,
      dealerEmail: dealer.email,
      dealershipName,
      amount: input.amount,
      message: input.message,
      expiresAt,
      vehicle: vehicleSummaryOf(vehicle),
      sellerEmail: vehicle.seller.email,
    };
    made = { offer: await context.offers.createPending(offerId, offer, [offerMadeEvent({ id: offerId, ...offer }, vehicle, recordWords)]), created: true };
    if (!made.offer) {
      // Two offers from the same dealer raced; the other one was stored first, so this one raises it (if higher).
      const racing = await context.offers.findPending(vehicle.id, dealer.userId);
      made = { offer: racing && (await raiseOffer(context, racing, input, expiresAt, vehicle, recordWords)), created: false };
    }
  }
  if (!made.offer) throw conflict('Your offer changed at the same time; please try again');

  await context.dealerRecords.save(dealer.userId, vehicle.id, { offerMade: true });
  // An offer at or above the seller's minimum (as it stands now, lowered or not) ends its check.
  if (vehicle.reserve) await context.vehicles.markReserveReached(vehicle.id, made.offer.amount);
  return { offer: toOfferView(made.offer), created: made.created };
}

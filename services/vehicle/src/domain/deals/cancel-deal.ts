import { randomUUID } from 'node:crypto';
import { DEAL_CANCEL_REASON_LABELS, type AdminCancelDealInput, type CancelDealInput, type DealParty, type DealView, type EventEnvelope, type EventPayloads } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';
import type { DealStep } from '../../data-access/deal-repository';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import type { Offer } from '../types';
import { vehicleSummaryOf } from '../vehicle-summary';
import { watchersToTell } from '../watchlist';
import type { Deal, DealCancellation } from './deal';
import { dealEventBase } from './deal-events';
import { commitStep, dealForStep, timelineEntry, type DealAtHand } from './deal-step';

/** A seller's or dealer's cancellation (a reason from the short list), or an admin's (a written reason). */
export type CancelRequest = { by: 'party'; input: CancelDealInput } | { by: 'admin'; input: AdminCancelDealInput };

const CANCELLED_BY: Record<DealParty, string> = {
  seller: 'The seller cancelled the deal',
  dealer: 'The dealer cancelled the deal',
  admin: 'CarDirect cancelled the deal',
};

/**
 * The dealers to tell that the car is available again: those whose latest offer on it was declined
 * because the seller accepted another (their old offers stay declined), never the deal's own dealer.
 */
function dealersDeclinedForAnother(offers: readonly Offer[], dealerIdOfDeal: string): Array<{ dealershipName: string; email: string }> {
  const latestByDealer = new Map<string, Offer>();
  for (const offer of [...offers].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    if (!latestByDealer.has(offer.dealerId)) latestByDealer.set(offer.dealerId, offer);
  }
  return [...latestByDealer.values()]
    .filter((offer) => offer.dealerId !== dealerIdOfDeal && offer.status === 'declined' && offer.declineReason === 'another-offer-accepted')
    .map((offer) => ({ dealershipName: offer.dealershipName, email: offer.dealerEmail, why: 'declined-offer' as const }));
}

/**
 * The booked appointment the cancellation takes out of both calendars, with the SEQUENCE after the
 * last booking's (bookings count from 0), so the calendars apply the withdrawal over the booking.
 */
function calendarWithdrawalOf(deal: Deal): Pick<EventPayloads['deal.cancelled'], 'appointment'> {
  const { booked, place, placeAddress, bookings } = deal;
  if (!booked || !place || !placeAddress || bookings === 0) return {};
  return { appointment: { startsAt: booked.startsAt.toISOString(), endsAt: booked.endsAt.toISOString(), place, placeAddress, sequence: bookings } };
}

function cancelledText(cancellation: DealCancellation): string {
  return `${CANCELLED_BY[cancellation.by]}: ${DEAL_CANCEL_REASON_LABELS[cancellation.reason]}`;
}

/**
 * The step that cancels a deal, by whoever and for whatever reason: the car goes back on the
 * dealers' list with the status it had before the acceptance (the deal's dealer then no longer sees
 * the seller's contact, which followed the accepted offer), both sides hear of it
 * (`deal.cancelled`), and the dealers declined for this sale, and those watching the car, hear it
 * is available again.
 */
export async function cancellationStep(
  context: DomainContext,
  atHand: Pick<DealAtHand, 'deal' | 'vehicle'>,
  cancellation: DealCancellation,
  text = cancelledText(cancellation),
): Promise<DealStep> {
  const { deal, vehicle } = atHand;
  const events: EventEnvelope[] = [
    createEvent('deal.cancelled', {
      ...dealEventBase(deal, vehicle),
      by: cancellation.by,
      reason: cancellation.reason,
      ...(cancellation.note ? { note: cancellation.note } : {}),
      dealerLapse: cancellation.dealerLapse,
      ...calendarWithdrawalOf(deal),
    }),
  ];
  const declined = dealersDeclinedForAnother(await context.offers.listForVehicle(deal.vehicleId), deal.dealerId);
  // A watcher that also made an offer hears of it once, as the dealer whose offer was declined.
  const watching = (await watchersToTell(context, deal.vehicleId, deal.dealerId))
    .filter((watcher) => !declined.some((dealer) => dealer.email === watcher.email))
    .map((watcher) => ({ ...watcher, why: 'watching' as const }));
  const dealers = [...declined, ...watching];
  if (dealers.length > 0) {
    events.push(createEvent('vehicle.available-again', { vehicleId: vehicle.id, vehicle: vehicleSummaryOf(vehicle), mileage: vehicle.mileage, zipCode: vehicle.zipCode, dealers }));
  }
  return {
    set: { state: 'cancelled', cancellation },
    unset: ['proposalDueAt', 'proposalReminderAt', 'appointmentReminderAt', 'completionDueAt'],
    timeline: [timelineEntry(context, 'cancelled', text, cancellation.by)],
    events,
    carUpdate: { id: randomUUID(), kind: 'listed-again', statusBefore: deal.vehicleStatusBefore },
    movesVersion: true,
  };
}

/**
 * The seller, the dealer or an admin cancels an open deal. A seller's cancellation of a deal whose
 * dealer let the deadline for times pass counts as the dealer's lapse, whatever reason was picked:
 * that is what the one-click cancel of the overdue e-mail means.
 */
export async function cancelDeal(context: DomainContext, dealId: string, request: CancelRequest, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'cancel');
  const { deal, party } = atHand;
  const at = context.now();
  let cancellation: DealCancellation;
  if (request.by === 'admin') cancellation = { by: 'admin', reason: 'admin', note: request.input.note, at, dealerLapse: false };
  else if (party === 'seller' && deal.overdue) cancellation = { by: 'seller', reason: 'dealer-missed-deadline', ...(request.input.note ? { note: request.input.note } : {}), at, dealerLapse: true };
  else cancellation = { by: party, reason: request.input.reason, ...(request.input.note ? { note: request.input.note } : {}), at, dealerLapse: false };
  const step = await cancellationStep(context, atHand, cancellation);
  return commitStep(context, atHand, 'cancel', step, { overdue: deal.overdue });
}

import type { DealParty, DealSlotView, DealView } from '@cardirect/contracts';
import type { Deal, DealSlot } from './deal';
import { allowedActions, nextStepOf } from './deal-machine';

export function dealPhotoUrl(dealId: string, photoId: string): string {
  return `/api/deals/${dealId}/photos/${photoId}`;
}

function slotView(slot: DealSlot): DealSlotView {
  return { id: slot.id, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() };
}

/**
 * The dealer of a cancelled deal keeps its record of the deal, but never the seller's contact
 * again: an appointment at the seller's address loses the address.
 */
function showsPlaceAddress(deal: Deal, party: DealParty): boolean {
  return !(party === 'dealer' && deal.state === 'cancelled' && deal.place === 'seller-address');
}

/** Whether this view of the deal carries the seller's street address to a dealer (a serving of contact details to log). */
export function carriesSellerAddressToDealer(deal: Deal, party: DealParty): boolean {
  return party === 'dealer' && deal.place === 'seller-address' && deal.placeAddress !== undefined && showsPlaceAddress(deal, party);
}

/** One deal for one of its parties: what it may do now comes from the state machine. */
export function toDealView(deal: Deal, party: DealParty): DealView {
  const nextStep = nextStepOf(deal);
  const { priceChange, cancellation } = deal;
  return {
    id: deal.id,
    vehicleId: deal.vehicleId,
    offerId: deal.offerId,
    dealerId: deal.dealerId,
    dealershipName: deal.dealershipName,
    state: deal.state,
    agreedPrice: deal.agreedPrice,
    ...(deal.finalPrice !== undefined ? { finalPrice: deal.finalPrice } : {}),
    acceptedAt: deal.acceptedAt.toISOString(),
    ...(deal.proposalDueAt ? { proposalDueAt: deal.proposalDueAt.toISOString() } : {}),
    overdue: deal.overdue,
    ...(deal.place ? { place: deal.place } : {}),
    ...(deal.placeAddress && showsPlaceAddress(deal, party) ? { placeAddress: deal.placeAddress } : {}),
    slots: deal.slots.map(slotView),
    ...(deal.dealerMessage ? { dealerMessage: deal.dealerMessage } : {}),
    ...(deal.otherTimesMessage ? { otherTimesMessage: deal.otherTimesMessage } : {}),
    ...(deal.booked ? { booked: slotView(deal.booked) } : {}),
    rescheduled: { ...deal.rescheduled },
    ...(priceChange
      ? {
          priceChange: {
            price: priceChange.price,
            faults: priceChange.faults,
            reason: priceChange.reason,
            photos: priceChange.photos.map((photo) => ({ id: photo.id, url: dealPhotoUrl(deal.id, photo.id) })),
            at: priceChange.at.toISOString(),
            ...(priceChange.verdict
              ? { verdict: { verdict: priceChange.verdict.verdict, ...(priceChange.verdict.note ? { note: priceChange.verdict.note } : {}), at: priceChange.verdict.at.toISOString() } }
              : {}),
          },
        }
      : {}),
    ...(deal.completionDueAt ? { completionDueAt: deal.completionDueAt.toISOString() } : {}),
    ...(deal.completedAt ? { completedAt: deal.completedAt.toISOString() } : {}),
    ...(cancellation
      ? {
          cancellation: {
            by: cancellation.by,
            reason: cancellation.reason,
            ...(cancellation.note ? { note: cancellation.note } : {}),
            at: cancellation.at.toISOString(),
            dealerLapse: cancellation.dealerLapse,
          },
        }
      : {}),
    ...(nextStep ? { nextStep } : {}),
    allowed: allowedActions(deal, party),
    timeline: deal.timeline.map((entry) => ({ at: entry.at.toISOString(), kind: entry.kind, ...(entry.by ? { by: entry.by } : {}), text: entry.text })),
  };
}

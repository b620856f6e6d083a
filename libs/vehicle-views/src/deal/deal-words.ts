import { DEAL_CANCEL_REASON_LABELS, type DealNextStep, type DealParty, type DealState, type DealView } from '@cardirect/contracts';
import type { BadgeTone } from '@cardirect/ui';

/** Whose screen the deal is drawn on: the words say "you" for its own side. */
export type DealViewer = DealParty;

export const DEAL_STATE_LABELS: Record<DealState, string> = {
  accepted: 'Waiting for appointment times',
  'appointment-proposed': 'Appointment times proposed',
  'other-times-requested': 'Other times requested',
  'appointment-booked': 'Appointment booked',
  'sale-recorded': 'Sale recorded, to be confirmed',
  'price-change-proposed': 'Lower price proposed',
  completed: 'Sale completed',
  cancelled: 'Deal cancelled',
};

export const DEAL_STATE_TONES: Record<DealState, BadgeTone> = {
  accepted: 'yellow',
  'appointment-proposed': 'yellow',
  'other-times-requested': 'yellow',
  'appointment-booked': 'blue',
  'sale-recorded': 'blue',
  'price-change-proposed': 'yellow',
  completed: 'green',
  cancelled: 'grey',
};

/** Who took a step, as the viewer reads it ("You" for the seller's or the dealer's own; admins are many, so never for theirs). */
export function partyName(party: DealParty | undefined, deal: DealView, viewer: DealViewer): string {
  if (!party) return 'CarDirect (automatic)';
  if (party === viewer && viewer !== 'admin') return 'You';
  if (party === 'dealer') return deal.dealershipName;
  return party === 'seller' ? 'The seller' : 'CarDirect';
}

/** Where the appointment is, in words, when the deal has no address to show yet. */
export function placeText(deal: DealView, viewer: DealViewer): string | undefined {
  if (deal.placeAddress) return deal.placeAddress;
  if (deal.place === 'seller-address') return viewer === 'seller' ? 'Your address (you give it when you book)' : "The seller's address (given when booking)";
  if (deal.place === 'dealership') return `${deal.dealershipName}'s dealership`;
  return undefined;
}

/** The one step due now, as the viewer reads it: their own to take, or the other side's. */
export function nextStepText(step: DealNextStep, deal: DealView, viewer: DealViewer): string {
  const own = step.actor === viewer;
  const dealer = deal.dealershipName;
  switch (step.action) {
    case 'propose-slots':
      return own ? 'Propose 1 to 3 appointment times.' : `${dealer} must propose appointment times.`;
    case 'book-slot':
      return own ? 'Book one of the proposed times, or ask for other times.' : 'The seller must book one of the proposed times.';
    case 'record-hand-over':
      return own ? 'Record the outcome of the hand-over after the appointment.' : `${dealer} records the sale at the appointment.`;
    case 'confirm-sale':
      return own ? `Confirm the sale to ${dealer}, or cancel it if it did not happen.` : 'The seller must confirm the sale.';
    case 'decide-price-change':
      return own ? 'Accept or refuse the lower price.' : 'The seller must accept or refuse the lower price.';
  }
}

/** Why and by whom a deal was cancelled, in one sentence. */
export function cancellationText(cancellation: NonNullable<DealView['cancellation']>, deal: DealView, viewer: DealViewer): string {
  const by = partyName(cancellation.by, deal, viewer);
  // The admin's own reason is its note; the label would only repeat who cancelled.
  return cancellation.reason === 'admin' ? `${by} cancelled the deal.` : `${by} cancelled the deal: ${DEAL_CANCEL_REASON_LABELS[cancellation.reason]}.`;
}

import {
  DEAL_COMPLETION_HOURS,
  declaredFaultRefusal,
  priceNotLowerMessage,
  type ConditionReport,
  type DealView,
  type HandOverFault,
  type RecordHandOverInput,
} from '@cardirect/contracts';
import { badRequest, createEvent } from '@cardirect/service-kit';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import { preparePhotos } from '../photos/prepare-photos';
import type { DealPhoto } from './deal';
import { dealEventBase } from './deal-events';
import { commitStep, dealForStep, dollars, timelineEntry, type DealAtHand } from './deal-step';

const HOUR_MS = 60 * 60 * 1000;

type LowerPrice = Extract<RecordHandOverInput, { outcome: 'lower-price' }>;

/** The sale at the agreed price: it completes when the seller confirms, or by itself after DEAL_COMPLETION_HOURS without objection. */
function recordSale(context: DomainContext, atHand: DealAtHand): Promise<DealView> {
  const { deal, vehicle } = atHand;
  const completionDueAt = new Date(context.now().getTime() + DEAL_COMPLETION_HOURS * HOUR_MS);
  return commitStep(context, atHand, 'record-hand-over', {
    set: { state: 'sale-recorded', completionDueAt },
    unset: ['appointmentReminderAt'],
    timeline: [timelineEntry(context, 'sale-recorded', `Recorded the sale at the agreed ${dollars(deal.agreedPrice)}`, 'dealer')],
    events: [createEvent('deal.sale-recorded', { ...dealEventBase(deal, vehicle), completionDueAt: completionDueAt.toISOString() })],
    movesVersion: true,
  });
}

/**
 * Stores the photos of the faults cleaned exactly as a listing's photos are (prepare-photos.ts:
 * re-encoded, every byte of metadata such as a GPS position gone); no thumbnails, which no screen shows.
 */
async function storeFaultPhotos(context: DomainContext, vehicleId: string, photoUrls: string[]): Promise<DealPhoto[]> {
  const prepared = await preparePhotos(photoUrls);
  const stored: DealPhoto[] = [];
  try {
    for (const photo of prepared) {
      const id = await context.photos.save(photo.bytes, { vehicleId, contentType: photo.contentType, kind: 'photo' });
      stored.push({ id, contentType: photo.contentType });
    }
    return stored;
  } catch (error) {
    await context.photos.remove(stored.map((photo) => photo.id));
    throw error;
  }
}

/**
 * The hand-over holds to the listing: a fault the seller declared was priced into the offer, so it
 * cannot lower the price. The first such fault is named; a car listed without a questionnaire
 * declared nothing.
 */
function refuseDeclaredFaults(faults: readonly HandOverFault[], report: ConditionReport | undefined): void {
  for (const fault of faults) {
    const refusal = declaredFaultRefusal(fault, report);
    if (refusal) throw badRequest({ faults: refusal }, refusal);
  }
}

/**
 * A lower price, only downward, only for faults the listing did not declare and only with photos
 * of them: the seller decides it (`deal.price-change-proposed`). The photos go only if the step is written.
 */
async function proposeLowerPrice(context: DomainContext, atHand: DealAtHand, input: LowerPrice): Promise<DealView> {
  const { deal, vehicle } = atHand;
  if (input.price >= deal.agreedPrice) {
    const message = priceNotLowerMessage(deal.agreedPrice);
    throw badRequest({ price: message }, message);
  }
  refuseDeclaredFaults(input.faults, vehicle.conditionReport);
  const photos = await storeFaultPhotos(context, deal.vehicleId, input.photoUrls);
  const photoWords = photos.length === 1 ? 'one photo' : `${photos.length} photos`;
  const faultWords = input.faults.length === 1 ? 'one fault' : `${input.faults.length} faults`;
  try {
    return await commitStep(context, atHand, 'record-hand-over', {
      set: { state: 'price-change-proposed', priceChange: { price: input.price, faults: input.faults, reason: input.reason, photos, at: context.now() } },
      unset: ['appointmentReminderAt'],
      timeline: [
        timelineEntry(context, 'price-change-proposed', `Asked to lower the price to ${dollars(input.price)} for ${faultWords} not in the listing, with ${photoWords}`, 'dealer'),
      ],
      events: [createEvent('deal.price-change-proposed', { ...dealEventBase(deal, vehicle), price: input.price, faults: input.faults, reason: input.reason, photoCount: photos.length })],
      movesVersion: true,
    });
  } catch (error) {
    await context.photos.remove(photos.map((photo) => photo.id));
    throw error;
  }
}

/** The dealer records the outcome of the booked hand-over: the sale at the agreed price, or a lower price for the seller to decide. */
export async function recordHandOver(context: DomainContext, dealId: string, input: RecordHandOverInput, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'record-hand-over');
  return input.outcome === 'agreed-price' ? recordSale(context, atHand) : proposeLowerPrice(context, atHand, input);
}

import { randomUUID } from 'node:crypto';
import { DEAL_SLOT_MAX_AHEAD_DAYS, DEAL_SLOT_MIN_LEAD_HOURS, type DealView, type ProposeSlotsInput } from '@cardirect/contracts';
import { badRequest, createEvent } from '@cardirect/service-kit';
import type { ClearableDealField, DealSlot } from './deal';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import { dealEventBase } from './deal-events';
import { commitStep, dealForStep, timelineEntry } from './deal-step';

const HOUR_MS = 60 * 60 * 1000;

const PLACE_WORDS = { 'seller-address': "at the seller's address", dealership: 'at the dealership' } as const;

/**
 * The proposed times as stored: each must start far enough ahead for the seller to read it, and
 * not so far that the sale drags on; each is proposed once. Refused field by field (`slots.0.startsAt`).
 */
function slotsOf(input: ProposeSlotsInput, now: Date): DealSlot[] {
  const earliest = now.getTime() + DEAL_SLOT_MIN_LEAD_HOURS * HOUR_MS;
  const latest = now.getTime() + DEAL_SLOT_MAX_AHEAD_DAYS * 24 * HOUR_MS;
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  const slots = input.slots.map((slot, index) => {
    const startsAt = new Date(slot.startsAt);
    const field = `slots.${index}.startsAt`;
    if (startsAt.getTime() < earliest) errors[field] = `Choose a time at least ${DEAL_SLOT_MIN_LEAD_HOURS} hours from now`;
    else if (startsAt.getTime() > latest) errors[field] = `Choose a time within the next ${DEAL_SLOT_MAX_AHEAD_DAYS} days`;
    else if (seen.has(startsAt.getTime())) errors[field] = 'This time is already proposed';
    seen.add(startsAt.getTime());
    return { id: randomUUID(), startsAt, endsAt: new Date(startsAt.getTime() + slot.hours * HOUR_MS) };
  });
  const [first] = Object.values(errors);
  if (first) throw badRequest(errors, first);
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * The dealer proposes 1 to 3 times, at the seller's address or at the dealership: first after the
 * acceptance, again after the seller asked for other times (which clears the overdue mark), or, from
 * a booked appointment, as its one reschedule. The seller hears of it (`deal.slots-proposed`).
 */
export async function proposeSlots(context: DomainContext, dealId: string, input: ProposeSlotsInput, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'propose-slots');
  const { deal, vehicle } = atHand;
  const slots = slotsOf(input, context.now());
  const reschedule = deal.state === 'appointment-booked';
  // At the seller's address, the seller gives the address when booking.
  const placeAddress =
    input.place === 'dealership' ? ((await context.dealerDirectory.addressOf(deal.dealerId, caller.requestId)) ?? deal.dealershipName) : undefined;
  const message = input.message || undefined;
  const event = createEvent('deal.slots-proposed', {
    ...dealEventBase(deal, vehicle),
    slots: slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() })),
    place: input.place,
    ...(placeAddress ? { placeAddress } : {}),
    ...(message ? { message } : {}),
    reschedule,
  });
  const unset: ClearableDealField[] = ['proposalDueAt', 'proposalReminderAt', 'booked', 'appointmentReminderAt'];
  if (!placeAddress) unset.push('placeAddress');
  if (!message) unset.push('dealerMessage');
  const count = slots.length === 1 ? 'one time' : `${slots.length} times`;
  const text = `${reschedule ? 'Moved the appointment: proposed' : 'Proposed'} ${count} ${PLACE_WORDS[input.place]}`;
  return commitStep(context, atHand, 'propose-slots', {
    set: {
      state: 'appointment-proposed',
      slots,
      place: input.place,
      overdue: false,
      rescheduled: { ...deal.rescheduled, dealer: deal.rescheduled.dealer || reschedule },
      ...(placeAddress ? { placeAddress } : {}),
      ...(message ? { dealerMessage: message } : {}),
    },
    unset,
    timeline: [timelineEntry(context, 'slots-proposed', text, 'dealer')],
    events: [event],
    movesVersion: true,
  });
}

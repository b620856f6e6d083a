import { randomUUID } from 'node:crypto';
import { DEAL_APPOINTMENT_REMINDER_HOURS, STREET_ADDRESS_REQUIRED_MESSAGE, type BookSlotInput, type DealView } from '@cardirect/contracts';
import { badRequest, conflict, createEvent } from '@cardirect/service-kit';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import type { CarUpdate } from './deal';
import { dealEventBase, sellerAddressOf } from './deal-events';
import { commitStep, dealForStep, timelineEntry } from './deal-step';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The seller books one of the proposed times. At the seller's address, the seller gives the street
 * address (unless the car has one already), which becomes the car's. Both sides get the
 * appointment with a calendar invitation (`deal.booked`, whose sequence moves with each booking, so
 * a new booking updates the same calendar entry), and a reminder the day before, unless that day
 * has already begun. Of two bookings at once (two tabs), one wins and the other is refused.
 */
export async function bookSlot(context: DomainContext, dealId: string, input: BookSlotInput, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'book-slot');
  const { deal, vehicle } = atHand;
  const slot = deal.slots.find((candidate) => candidate.id === input.slotId);
  if (!slot) throw badRequest({ slotId: 'Choose one of the proposed times' }, 'Choose one of the proposed times');
  const now = context.now();
  if (slot.startsAt <= now) throw conflict('This time has already begun: choose a later one, or ask the dealer for other times');

  let placeAddress = deal.placeAddress;
  let carUpdate: CarUpdate | undefined;
  if (deal.place === 'seller-address') {
    const streetAddress = input.streetAddress || vehicle.streetAddress;
    if (!streetAddress) throw badRequest({ streetAddress: STREET_ADDRESS_REQUIRED_MESSAGE }, STREET_ADDRESS_REQUIRED_MESSAGE);
    placeAddress = sellerAddressOf(vehicle, streetAddress);
    if (streetAddress !== vehicle.streetAddress) carUpdate = { id: randomUUID(), kind: 'street-address', streetAddress };
  }
  // Set by the proposal; a deal without one cannot have reached this state.
  if (!deal.place || !placeAddress) throw conflict('This appointment has no place yet; ask the dealer for other times');

  const reminderAt = new Date(slot.startsAt.getTime() - DEAL_APPOINTMENT_REMINDER_HOURS * HOUR_MS);
  const event = createEvent('deal.booked', {
    ...dealEventBase(deal, vehicle),
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    place: deal.place,
    placeAddress,
    sequence: deal.bookings,
  });
  return commitStep(context, atHand, 'book-slot', {
    set: { state: 'appointment-booked', booked: slot, bookings: deal.bookings + 1, placeAddress, ...(reminderAt > now ? { appointmentReminderAt: reminderAt } : {}) },
    unset: reminderAt > now ? [] : ['appointmentReminderAt'],
    timeline: [timelineEntry(context, 'booked', 'Booked the appointment', 'seller')],
    events: [event],
    ...(carUpdate ? { carUpdate } : {}),
    movesVersion: true,
  });
}

import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EventPayloads } from '@cardirect/contracts';
import { describeVehicle } from './format';
import { PRODUCT_NAME, type CalendarInvite } from './layout';

export interface Mailbox {
  name: string;
  email: string;
}

/** The name and address of a From header ("CarDirect <no-reply@cardirect.local>", or a bare address). */
export function mailboxOf(address: string): Mailbox {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(address);
  if (named) return { name: named[1] || PRODUCT_NAME, email: named[2] };
  return { name: PRODUCT_NAME, email: address.trim() };
}

/**
 * One UID per deal, whatever the slot: a calendar that holds the booking replaces it when a
 * reschedule arrives with the same UID and a higher SEQUENCE, instead of showing two appointments.
 */
export function appointmentUid(dealId: string): string {
  return `deal-${dealId}@cardirect`;
}

export const APPOINTMENT_INVITE_FILENAME = 'appointment.ics';

/**
 * The booked appointment as an iCalendar REQUEST, in UTC. Both parties are attendees who already
 * agreed in the product (the dealer proposed the slot, the seller booked it): they are listed as
 * accepted and no reply is asked for, since the organizer is the product's address, which reads none.
 * DTSTAMP is the event's time, so every retry of the same e-mail carries the same file.
 */
export function appointmentInvite(
  booked: EventPayloads['deal.booked'],
  options: { organizer: Mailbox; issuedAt: string; description: string },
): CalendarInvite {
  const calendar = ical({ method: ICalCalendarMethod.REQUEST, prodId: { company: PRODUCT_NAME, product: 'Deals', language: 'EN' } });
  const attendee = (name: string, email: string) => ({ name, email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false });
  calendar.createEvent({
    id: appointmentUid(booked.dealId),
    sequence: booked.sequence,
    stamp: new Date(options.issuedAt),
    start: new Date(booked.startsAt),
    end: new Date(booked.endsAt),
    status: ICalEventStatus.CONFIRMED,
    summary: `Sale of the ${describeVehicle(booked.vehicle)}: ${booked.seller.fullName} and ${booked.dealer.dealershipName}`,
    location: booked.placeAddress,
    description: options.description,
    organizer: options.organizer,
    attendees: [attendee(booked.seller.fullName, booked.seller.email), attendee(booked.dealer.dealershipName, booked.dealer.email)],
  });
  return { filename: APPOINTMENT_INVITE_FILENAME, method: 'REQUEST', content: calendar.toString() };
}

/**
 * The withdrawal of a cancelled deal's booked appointment: the same UID with a higher SEQUENCE and
 * METHOD:CANCEL, so a calendar that holds the booking removes it.
 */
export function appointmentCancellation(
  cancelled: EventPayloads['deal.cancelled'] & { appointment: NonNullable<EventPayloads['deal.cancelled']['appointment']> },
  options: { organizer: Mailbox; issuedAt: string },
): CalendarInvite {
  const { appointment } = cancelled;
  const calendar = ical({ method: ICalCalendarMethod.CANCEL, prodId: { company: PRODUCT_NAME, product: 'Deals', language: 'EN' } });
  const attendee = (name: string, email: string) => ({ name, email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.DECLINED, rsvp: false });
  calendar.createEvent({
    id: appointmentUid(cancelled.dealId),
    sequence: appointment.sequence,
    stamp: new Date(options.issuedAt),
    start: new Date(appointment.startsAt),
    end: new Date(appointment.endsAt),
    status: ICalEventStatus.CANCELLED,
    summary: `Cancelled: sale of the ${describeVehicle(cancelled.vehicle)}`,
    location: appointment.placeAddress,
    organizer: options.organizer,
    attendees: [attendee(cancelled.seller.fullName, cancelled.seller.email), attendee(cancelled.dealer.dealershipName, cancelled.dealer.email)],
  });
  return { filename: APPOINTMENT_INVITE_FILENAME, method: 'CANCEL', content: calendar.toString() };
}

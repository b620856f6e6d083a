import type { EventName } from '@cardirect/contracts';

/**
 * One rendered e-mail waiting to be sent: the unit of work of the e-mail queue. Fanning an event
 * out into one delivery per recipient lets every notifier process share a large fan-out, and lets
 * a failing recipient retry on its own without holding up (or re-sending to) the others.
 */
export interface EmailDelivery {
  eventId: string;
  eventName: EventName;
  purpose: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

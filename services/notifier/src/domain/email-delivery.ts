import type { EventName } from '@cardirect/contracts';
import type { CalendarInvite, EmailAttachment, ListUnsubscribe } from './emails/layout';

/** One rendered e-mail to one recipient. */
export interface EmailDelivery {
  eventId: string;
  eventName: EventName;
  purpose: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Rendered with the e-mail and queued with it (a bill of sale is a few KB), so every retry sends
   * the very same bytes under the same Message-ID.
   */
  attachments?: EmailAttachment[];
  calendarInvite?: CalendarInvite;
  replyTo?: string;
  /** Plain JSON in the job like the rest, so every attempt sends the same header. */
  listUnsubscribe?: ListUnsubscribe;
}

/**
 * The unit of work of the e-mail queue: up to EMAIL_BATCH_SIZE e-mails of one event. Splitting a
 * large fan-out into batches lets several notifier processes share it, while keeping the queue's
 * per-job cost small next to the e-mails themselves.
 */
export interface EmailBatch {
  eventId: string;
  eventName: EventName;
  emails: EmailDelivery[];
}

export const EMAIL_BATCH_SIZE = 50;

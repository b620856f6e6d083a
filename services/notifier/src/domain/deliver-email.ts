import { createHash } from 'node:crypto';
import { emailKey, type IdempotencyStore } from '../data-access/idempotency-store';
import type { MailSender } from '../data-access/mail-sender';
import type { EmailDelivery } from './email-delivery';

/** Another worker is sending this very e-mail right now; retry later to learn whether it succeeded. */
export class DeliveryInProgressError extends Error {
  constructor() {
    super('Another worker is sending this e-mail; retrying later');
    this.name = 'DeliveryInProgressError';
  }
}

export type DeliveryOutcome = 'sent' | 'already-sent';

/**
 * One Message-ID per (event, purpose, recipient). A notifier killed after the SMTP server took an
 * e-mail but before it was marked sent sends it again once the claim expires (SMTP offers no
 * exactly-once); the repeat then carries the same Message-ID, which mailboxes use to drop
 * duplicates. Hashed, so the header does not show the recipient or the event.
 */
export function messageIdOf(key: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@notifier.cardirect>`;
}

/**
 * Sends one e-mail at most once per (event, purpose, recipient), however often the event or the
 * delivery is processed. A failed send gives the claim back and rejects, so BullMQ retries it.
 */
export async function deliverEmail(delivery: EmailDelivery, deps: { sender: MailSender; idempotency: IdempotencyStore }): Promise<DeliveryOutcome> {
  const key = emailKey(delivery.eventId, delivery.purpose, delivery.to);
  const claim = await deps.idempotency.claim(key);
  if (claim === 'already-sent') return 'already-sent';
  if (claim === 'in-progress') throw new DeliveryInProgressError();
  try {
    await deps.sender.send({
      to: delivery.to,
      subject: delivery.subject,
      text: delivery.text,
      html: delivery.html,
      attachments: delivery.attachments,
      calendarInvite: delivery.calendarInvite,
      replyTo: delivery.replyTo,
      listUnsubscribe: delivery.listUnsubscribe,
      messageId: messageIdOf(key),
    });
  } catch (error) {
    await deps.idempotency.release(key).catch(() => undefined);
    throw error;
  }
  await deps.idempotency.markSent(key);
  return 'sent';
}

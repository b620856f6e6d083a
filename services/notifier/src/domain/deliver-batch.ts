import { isAwaitedEvent } from '@cardirect/contracts';
import type { IdempotencyStore } from '../data-access/idempotency-store';
import type { MailSender } from '../data-access/mail-sender';
import { deliverEmail } from './deliver-email';
import type { EmailBatch } from './email-delivery';
import type { SendLimit } from './send-limit';

export interface BatchReport {
  emails: number;
  sent: number;
  alreadySent: number;
}

/** Some e-mails of a batch did not go out; a retry of the batch sends only those. */
export class BatchIncompleteError extends Error {
  constructor(
    readonly report: BatchReport & { notSent: number },
    cause: unknown,
  ) {
    super(`${report.notSent} of ${report.emails} e-mails not sent: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'BatchIncompleteError';
  }
}

/**
 * Sends every e-mail of a batch, several at once (the process-wide limit keeps the SMTP pool busy
 * without flooding it; an e-mail a person waits for skips the line), each at most once. All are
 * attempted even when some fail; then the batch fails if any did, so BullMQ retries it and the
 * idempotency keys skip those already sent.
 */
export async function deliverBatch(batch: EmailBatch, deps: { sender: MailSender; idempotency: IdempotencyStore; limit: SendLimit }): Promise<BatchReport> {
  const urgent = isAwaitedEvent(batch.eventName);
  const outcomes = await Promise.allSettled(batch.emails.map((email) => deps.limit.run(() => deliverEmail(email, deps), { urgent })));
  const report = {
    emails: batch.emails.length,
    sent: outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === 'sent').length,
    alreadySent: outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === 'already-sent').length,
  };
  const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failures.length > 0) throw new BatchIncompleteError({ ...report, notSent: failures.length }, failures[0].reason);
  return report;
}

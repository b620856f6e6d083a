import type { EventEnvelope } from '@cardirect/contracts';
import { EMAIL_BATCH_SIZE, type EmailBatch, type EmailDelivery } from './email-delivery';
import { planEmails, type PlanContext } from './plan-emails';

export interface DeliveryQueue {
  /** Adds the batches of one event; adding the same batch twice (a redelivered event) keeps one. */
  enqueue(batches: EmailBatch[]): Promise<void>;
}

function inBatches(event: EventEnvelope, emails: EmailDelivery[]): EmailBatch[] {
  const batches: EmailBatch[] = [];
  for (let start = 0; start < emails.length; start += EMAIL_BATCH_SIZE) {
    batches.push({ eventId: event.id, eventName: event.name, emails: emails.slice(start, start + EMAIL_BATCH_SIZE) });
  }
  return batches;
}

/** Decides who gets which e-mail for an event, renders them, and queues them in batches. */
export async function fanOutEvent(event: EventEnvelope, deps: { planContext: PlanContext; deliveries: DeliveryQueue }): Promise<number> {
  const planned = await planEmails(event, deps.planContext);
  const emails = planned.map((email) => ({ eventId: event.id, eventName: event.name, purpose: email.purpose, to: email.to, ...email.content }));
  await deps.deliveries.enqueue(inBatches(event, emails));
  return emails.length;
}

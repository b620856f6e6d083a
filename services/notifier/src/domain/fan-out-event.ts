import type { EventEnvelope } from '@cardirect/contracts';
import type { EmailDelivery } from './email-delivery';
import { planEmails, type PlanContext } from './plan-emails';

export interface DeliveryQueue {
  /** Adds the deliveries; adding the same delivery twice (a redelivered event) keeps one. */
  enqueue(deliveries: EmailDelivery[]): Promise<void>;
}

/** Decides who gets which e-mail for an event, renders them, and queues one delivery per e-mail. */
export async function fanOutEvent(event: EventEnvelope, deps: { planContext: PlanContext; deliveries: DeliveryQueue }): Promise<number> {
  const planned = await planEmails(event, deps.planContext);
  await deps.deliveries.enqueue(
    planned.map((email) => ({ eventId: event.id, eventName: event.name, purpose: email.purpose, to: email.to, ...email.content })),
  );
  return planned.length;
}

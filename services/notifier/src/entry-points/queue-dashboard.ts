import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Router } from 'express';
import { requireRole } from '@cardirect/service-kit';
import type { EmailDelivery } from '../domain/email-delivery';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** Event payloads may carry a login code or reset token: an admin sees everything else. */
function withoutSecrets(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('payload' in data)) return data;
  const { payload } = data as { payload: unknown };
  if (typeof payload !== 'object' || payload === null) return data;
  const visible: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  for (const secret of ['code', 'resetToken']) if (secret in visible) visible[secret] = '[hidden]';
  return { ...data, payload: visible };
}

/** A delivery is shown by its envelope; the body is left out (it is the e-mail, code included). */
function deliverySummary(data: EmailDelivery): Omit<EmailDelivery, 'text' | 'html'> {
  return { eventId: data.eventId, eventName: data.eventName, purpose: data.purpose, to: data.to, subject: data.subject };
}

/**
 * bull-board at /admin/queues, read-only, for admins only: the identity must be verified (the
 * service app does that) and have role 'admin', so the gateway can proxy it behind the admin session.
 */
export function mountQueueDashboard(router: Router, queues: { events: Queue; emails: Queue<EmailDelivery> }): void {
  const events = new BullMQAdapter(queues.events, { readOnlyMode: true, description: 'Domain events from every service (job id = event id)' });
  events.setFormatter('data', withoutSecrets);
  const emails = new BullMQAdapter(queues.emails, { readOnlyMode: true, description: 'One job per e-mail to send' });
  emails.setFormatter('data', deliverySummary);

  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues: [events, emails], serverAdapter, options: { uiConfig: { boardTitle: 'CarDirect queues' } } });
  router.use(QUEUE_DASHBOARD_PATH, requireRole('admin'), serverAdapter.getRouter());
}

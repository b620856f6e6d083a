import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Router } from 'express';
import { requireRole } from '@cardirect/service-kit';
import type { EmailBatch } from '../domain/email-delivery';

const QUEUE_DASHBOARD_PATH = '/admin/queues';
/** Where the dashboard's way back leads: the admin's own screen of the product (same origin, behind the gateway). */
const PRODUCT_ADMIN_PATH = '/admin/dashboard';

/** Payload fields that log someone in or act for them (codes and the tokens of e-mailed links). */
const secretFields = ['code', 'resetToken', 'signInToken', 'confirmationToken', 'unsubscribeToken'];

/** Event payloads may carry a login code or a link's token: an admin sees everything else. */
function withoutSecrets(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('payload' in data)) return data;
  const { payload } = data as { payload: unknown };
  if (typeof payload !== 'object' || payload === null) return data;
  const visible: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  for (const secret of secretFields) if (secret in visible) visible[secret] = '[hidden]';
  return { ...data, payload: visible };
}

/** A batch is shown by its envelopes; the bodies are left out (they are the e-mails, codes included). */
function batchSummary(data: EmailBatch): unknown {
  return {
    eventId: data.eventId,
    eventName: data.eventName,
    emails: data.emails.map((email) => ({ purpose: email.purpose, to: email.to, subject: email.subject })),
  };
}

/**
 * bull-board at /admin/queues, read-only, for admins only: the identity must be verified (the
 * service app does that) and have role 'admin', so the gateway can proxy it behind the admin session.
 * Its header's menu leads back to the admin dashboard: the board is a page of its own, outside the
 * product's header.
 */
export function mountQueueDashboard(router: Router, queues: { events: Queue; emails: Queue<EmailBatch> }): void {
  const events = new BullMQAdapter(queues.events, { readOnlyMode: true, description: 'Domain events from every service (job id = event id)' });
  events.setFormatter('data', withoutSecrets);
  const emails = new BullMQAdapter(queues.emails, { readOnlyMode: true, description: 'E-mails to send, in batches of up to 50 per event' });
  emails.setFormatter('data', batchSummary);

  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: [events, emails],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'CarDirect queues', miscLinks: [{ text: 'Back to CarDirect', url: PRODUCT_ADMIN_PATH }] } },
  });
  router.use(QUEUE_DASHBOARD_PATH, requireRole('admin'), serverAdapter.getRouter());
}

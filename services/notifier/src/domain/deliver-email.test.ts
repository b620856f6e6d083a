import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '@cardirect/service-kit/testing';
import { createIdempotencyStore, emailKey, type IdempotencyStore } from '../data-access/idempotency-store';
import type { MailSender, OutgoingMail } from '../data-access/mail-sender';
import { uniqueEmail } from '../test-support/events';
import { DeliveryInProgressError, deliverEmail } from './deliver-email';
import type { EmailDelivery } from './email-delivery';

let redis: TestRedis;
let client: Redis;
let idempotency: IdempotencyStore;

beforeAll(async () => {
  redis = await startTestRedis();
  client = new Redis(redis.url);
  idempotency = createIdempotencyStore(client);
});

afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

function recordingSender(options: { failWith?: Error } = {}): MailSender & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      if (options.failWith) throw options.failWith;
      sent.push(mail);
    },
    close: () => undefined,
  };
}

function delivery(overrides: Partial<EmailDelivery> = {}): EmailDelivery {
  return { eventId: randomUUID(), eventName: 'dealer.approved', purpose: 'dealer-approved', to: uniqueEmail('dealer'), subject: 'S', text: 'T', html: '<p>T</p>', ...overrides };
}

describe('deliverEmail', () => {
  it('When an e-mail was already sent for this event and recipient, then it is not sent again', async () => {
    // Arrange
    const email = delivery();
    const sender = recordingSender();
    await deliverEmail(email, { sender, idempotency });

    // Act
    const outcome = await deliverEmail({ ...email, to: email.to.toUpperCase() }, { sender, idempotency });

    // Assert
    expect(outcome).toBe('already-sent');
    expect(sender.sent).toHaveLength(1);
  });

  it('When another worker is sending the same e-mail right now, then this one does not send and asks for a retry', async () => {
    // Arrange
    const email = delivery();
    await idempotency.claim(emailKey(email.eventId, email.purpose, email.to));
    const sender = recordingSender();

    // Act
    const attempt = deliverEmail(email, { sender, idempotency });

    // Assert
    await expect(attempt).rejects.toBeInstanceOf(DeliveryInProgressError);
    expect(sender.sent).toHaveLength(0);
  });

  it('When the send fails, then the claim is given back, a retry sends it, and it is remembered for 7 days', async () => {
    // Arrange
    const email = delivery();
    const key = emailKey(email.eventId, email.purpose, email.to);
    await expect(deliverEmail(email, { sender: recordingSender({ failWith: new Error('connect ECONNREFUSED') }), idempotency })).rejects.toThrow('ECONNREFUSED');
    const working = recordingSender();

    // Act
    const outcome = await deliverEmail(email, { sender: working, idempotency });

    // Assert
    expect(outcome).toBe('sent');
    expect(working.sent.map((mail) => mail.to)).toEqual([email.to]);
    expect(working.sent[0]?.messageId).toMatch(/^<[0-9a-f]{40}@notifier\.cardirect>$/);
    expect(await client.get(key)).toBe('sent');
    expect(await client.ttl(key)).toBeGreaterThan(7 * 24 * 60 * 60 - 10);
  });

  it('When the same e-mail is for two purposes of one event, then both are sent', async () => {
    // Arrange
    const email = delivery({ eventName: 'vehicle.submitted', purpose: 'seller-confirmation' });
    const sender = recordingSender();

    // Act
    await deliverEmail(email, { sender, idempotency });
    await deliverEmail({ ...email, purpose: 'new-car-near-you' }, { sender, idempotency });

    // Assert
    expect(sender.sent).toHaveLength(2);
    expect(sender.sent[0]?.messageId).not.toBe(sender.sent[1]?.messageId);
  });

  it('When a claim ran out without a "sent" mark (a notifier killed after the SMTP server took the e-mail), then the repeat carries the same Message-ID', async () => {
    // Arrange
    const email = delivery();
    const first = recordingSender();
    await deliverEmail(email, { sender: first, idempotency });
    await client.del(emailKey(email.eventId, email.purpose, email.to)); // the mark that never got written
    const second = recordingSender();

    // Act
    await deliverEmail(email, { sender: second, idempotency });

    // Assert
    expect(second.sent[0]?.messageId).toBe(first.sent[0]?.messageId);
  });

  it('When an e-mail carries a bill of sale and an invitation, then the sender gets both, and a repeat carries the same files under the same Message-ID', async () => {
    // Arrange
    const email = delivery({
      eventName: 'deal.completed',
      purpose: 'deal-completed-seller',
      attachments: [{ filename: 'bill-of-sale-2019-toyota-camry-2026-12-03.pdf', contentType: 'application/pdf', contentBase64: Buffer.from('%PDF-1.3').toString('base64') }],
      calendarInvite: { filename: 'appointment.ics', method: 'REQUEST', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' },
    });
    const first = recordingSender();
    await deliverEmail(email, { sender: first, idempotency });
    await client.del(emailKey(email.eventId, email.purpose, email.to));
    const second = recordingSender();

    // Act
    await deliverEmail(email, { sender: second, idempotency });

    // Assert
    expect(first.sent[0]?.attachments).toEqual(email.attachments);
    expect(first.sent[0]?.calendarInvite).toEqual(email.calendarInvite);
    expect(second.sent[0]).toEqual(first.sent[0]);
  });

  it('When an e-mail asks for a reply, then the sender gets its Reply-To, and an e-mail that does not ask gets none', async () => {
    // Arrange
    const answerable = delivery({ eventName: 'dealer.suspended', purpose: 'dealer-suspended', replyTo: 'CarDirect <support@cardirect.test>' });
    const plain = delivery();
    const sender = recordingSender();

    // Act
    await deliverEmail(answerable, { sender, idempotency });
    await deliverEmail(plain, { sender, idempotency });

    // Assert
    expect(sender.sent.map((mail) => mail.replyTo)).toEqual(['CarDirect <support@cardirect.test>', undefined]);
  });
});

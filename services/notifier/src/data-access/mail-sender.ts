import nodemailer from 'nodemailer';
import type { CalendarInvite, EmailAttachment, ListUnsubscribe } from '../domain/emails/layout';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  calendarInvite?: CalendarInvite;
  replyTo?: string;
  listUnsubscribe?: ListUnsubscribe;
  /** The Message-ID header, `<...@...>`: the same for every attempt at the same e-mail. */
  messageId: string;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailSenderOptions {
  smtpUrl: string;
  from: string;
  /** Parallel SMTP connections of the pool; a fan-out to hundreds of dealers needs several. */
  maxConnections: number;
}

/**
 * A pooled nodemailer SMTP transport: connections are reused across messages and jobs, which is
 * what makes a fan-out of hundreds of e-mails take seconds instead of minutes. Timeouts are short
 * so a hanging server fails the attempt (and BullMQ retries it) instead of blocking the worker.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections,
    maxMessages: 1_000,
    // E-mail comes in bursts (a fan-out, a code); between them the SMTP server gets its connections back.
    idleTimeout: 5_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        messageId: mail.messageId,
        // nodemailer writes `List-Unsubscribe: <url> (comment)`. No List-Unsubscribe-Post (RFC 8058
        // one-click) on purpose: the URL is a page that asks for a press of a button (mail scanners
        // open links), and the API's unsubscribe is a JSON POST behind the gateway's origin check,
        // not the form POST a mail app would send.
        list: mail.listUnsubscribe && { unsubscribe: { url: mail.listUnsubscribe.url, comment: mail.listUnsubscribe.comment } },
        attachments: mail.attachments?.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.contentBase64,
          encoding: 'base64',
        })),
        // nodemailer sends it as the text/calendar alternative mail apps show as an invitation, and as the .ics attachment.
        icalEvent: mail.calendarInvite && { filename: mail.calendarInvite.filename, method: mail.calendarInvite.method, content: mail.calendarInvite.content },
      });
    },
    close() {
      transport.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  /** The Reply-To addresses ([] when the sender set none). */
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
  /** The Message-ID header ('' when the sender set none): a mailbox keeps one message per id. */
  messageId: string;
  /** The List-Unsubscribe header as sent, unfolded ('' when the sender set none): what a mail app's own unsubscribe control opens. */
  listUnsubscribe: string;
  /** Files sent with the message (a calendar invitation, a bill of sale), in the order sent. */
  attachments: CaughtAttachment[];
}

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  /** Left out of the JSON listing; GET /messages/:id/attachments/:index serves it. */
  content: Buffer;
}

export interface MailCatcher {
  smtpUrl: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages(): CaughtMail[];
  /** Resolves with the first message (already caught or still to come) that matches; rejects after timeoutMs. */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  clear(): void;
  /**
   * GET /messages (JSON, newest first) and GET /messages/:id/html. A plain node handler, so it works
   * as express middleware and in a bare http.createServer; anything else goes to next (or 404).
   */
  httpHandler: (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;
  stop(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character);
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? '').filter(Boolean));
}

/** A header's value as sent (mailparser's parsed form of List-* headers drops the comments). */
function headerValue(lines: ReadonlyArray<{ key: string; line: string }>, key: string): string {
  const line = lines.find((candidate) => candidate.key === key)?.line ?? '';
  // Unfolding removes the line breaks only; the whitespace after each is part of the value (RFC 5322 2.2.3).
  return line.replace(/\r?\n(?=[ \t])/g, '').replace(/^[^:]*:\s*/, '').trim();
}

/** A message as the inbox lists it: each attachment by name, type, size and address, not its bytes. */
function listedMail(mail: CaughtMail) {
  return {
    ...mail,
    attachments: mail.attachments.map((attachment, index) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      bytes: attachment.content.length,
      url: `messages/${mail.id}/attachments/${index}`,
    })),
  };
}

/**
 * An SMTP server that keeps every message in memory instead of delivering it: the local default's
 * inbox and what tests read e-mail from. Accepts any sender and recipient, no TLS, no auth.
 */
export async function startMailCatcher(options: { port?: number; host?: string } = {}): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const waiters = new Set<(mail: CaughtMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 25 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeRecipients = session.envelope.rcptTo.map((recipient) => recipient.address);
          const mail: CaughtMail = {
            id: randomUUID(),
            from: addresses(parsed.from)[0] ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: envelopeRecipients.length > 0 ? envelopeRecipients : addresses(parsed.to),
            replyTo: addresses(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: (parsed.date ?? new Date()).toISOString(),
            messageId: parsed.messageId ?? '',
            listUnsubscribe: headerValue(parsed.headerLines, 'list-unsubscribe'),
            attachments: parsed.attachments.map((attachment, index) => ({
              filename: attachment.filename ?? `attachment-${index + 1}`,
              contentType: attachment.contentType,
              content: attachment.content,
            })),
          };
          caught.push(mail);
          for (const waiter of waiters) waiter(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  // A sender that vanishes mid-session (a notifier killed with its pooled connections open) makes
  // the server emit ECONNRESET; unheard, that error would end the process hosting the catcher
  // (npm start's stack). The catcher has nothing to do about it: the sender retries its message.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;

  const httpHandler: MailCatcher['httpHandler'] = (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://catcher').pathname;
    const htmlMatch = /^\/messages\/([^/]+)\/html$/.exec(path);
    const attachmentMatch = /^\/messages\/([^/]+)\/attachments\/(\d+)$/.exec(path);
    // The inbox's own address (/dev/mail, as npm start prints it) lists the messages too.
    if (req.method === 'GET' && (path === '/messages' || path === '/')) {
      sendJson(res, 200, [...caught].reverse().map(listedMail));
    } else if (req.method === 'GET' && htmlMatch) {
      // Ids are plain (no escapes); a malformed escape must not throw in this bare handler.
      const mail = caught.find((candidate) => candidate.id === htmlMatch[1]);
      if (mail) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(mail.html || `<pre>${escapeHtml(mail.text)}</pre>`);
      } else sendJson(res, 404, { message: 'Message not found' });
    } else if (req.method === 'GET' && attachmentMatch) {
      const attachment = caught.find((candidate) => candidate.id === attachmentMatch[1])?.attachments[Number(attachmentMatch[2])];
      if (attachment) {
        res.writeHead(200, {
          'content-type': attachment.contentType,
          'content-disposition': `attachment; filename="${attachment.filename.replace(/["\\\r\n]/g, '_')}"`,
          'cache-control': 'no-store',
        });
        res.end(attachment.content);
      } else sendJson(res, 404, { message: 'Attachment not found' });
    } else if (next) next();
    else sendJson(res, 404, { message: 'Not found' });
  };

  return {
    smtpUrl: `smtp://${host}:${port}`,
    port,
    messages: () => [...caught],
    waitFor(predicate, timeoutMs = 5_000) {
      const already = caught.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = (mail: CaughtMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching e-mail within ${timeoutMs} ms (caught ${caught.length})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear: () => {
      caught.length = 0;
    },
    httpHandler,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

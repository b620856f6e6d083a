/**
 * One layout for every e-mail. A template describes its message as blocks of plain strings; this
 * module renders them twice (HTML and plain text), so the two parts never drift apart and every
 * interpolated value is escaped in the HTML part by construction.
 */

export const PRODUCT_NAME = 'CarDirect';

/** A file sent with an e-mail. Base64, because the e-mail waits in a Redis job, as JSON, until it is sent. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * A calendar invitation (iCalendar text). Sent twice in one message, as mail apps expect: as a
 * text/calendar alternative (the app shows the event with its buttons) and as a .ics attachment.
 */
export interface CalendarInvite {
  filename: string;
  /** REQUEST adds or updates the appointment in a calendar; CANCEL withdraws it. */
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

/**
 * The List-Unsubscribe header (RFC 2369) of an e-mail one can stop receiving: mail apps show their
 * own unsubscribe control, which opens `url` (the same page as the e-mail's unsubscribe button).
 */
export interface ListUnsubscribe {
  url: string;
  /** Shown by some mail apps next to the link; sent as the header's comment. */
  comment: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  calendarInvite?: CalendarInvite;
  /** The Reply-To header, on an e-mail that asks for a reply: the sending address reads none. */
  replyTo?: string;
  listUnsubscribe?: ListUnsubscribe;
}

export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: Array<[label: string, value: string]> }
  | { kind: 'steps'; items: string[] }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'code'; value: string };

export interface EmailMessage {
  subject: string;
  heading: string;
  blocks: EmailBlock[];
  /** Why this person receives the message; shown in the footer. */
  reason: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]);
}

/** A subject is a header: a line break in seller-entered text must not start another header. */
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

function blockToHtml(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text)}</p>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:4px 16px 4px 0;color:#555;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'steps':
      return `<ol style="margin:0 0 16px;padding-left:20px;line-height:1.5">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol>`;
    case 'button':
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>`;
    case 'code':
      return `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${escapeHtml(block.value)}</p>`;
  }
}

function blockToText(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'steps':
      return block.items.map((item, index) => `${index + 1}. ${item}`).join('\n');
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'code':
      return block.value;
  }
}

/** Renders a message in the shared layout: product name on top, the blocks, then the footer. */
export function renderEmail(message: EmailMessage, publicUrl: string): EmailContent {
  const year = new Date().getUTCFullYear();
  const footerText = `${message.reason}\n${PRODUCT_NAME}: Sell Your Car Directly to Dealers. ${publicUrl}\n© ${year} ${PRODUCT_NAME}`;
  const text = [PRODUCT_NAME, '', message.heading, '', ...message.blocks.map(blockToText).flatMap((part) => [part, '']), '--', footerText].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(singleLine(message.subject))}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#1d4ed8">${PRODUCT_NAME}</p>
<div style="background:#fff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(message.heading)}</h1>
${message.blocks.map(blockToHtml).join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#666;line-height:1.5">${escapeHtml(message.reason)}<br>${PRODUCT_NAME}: Sell Your Car Directly to Dealers. <a href="${escapeHtml(publicUrl)}" style="color:#666">${escapeHtml(publicUrl)}</a><br>© ${year} ${PRODUCT_NAME}</p>
</div>
</body></html>`;
  return { subject: singleLine(message.subject), text, html };
}

// Reading the e-mails a story sent: what kind each is, and the links a reader can follow.
import type { CaughtMail } from '@cardirect/service-kit';

/** The kinds of e-mail the product sends, told apart by subject (services/notifier/src/domain/emails). */
const kinds: ReadonlyArray<[kind: string, subject: RegExp]> = [
  ['dealer registration received', /^Registration received/],
  ['new dealer to review (admin)', /^New dealer to review/],
  ['dealer approved', /^Your dealer account is approved/],
  ['new car near you (dealer)', /^New car near you/],
  ['confirm your listing (seller)', /^Confirm your car listing on CarDirect$/],
  ['new offer (seller)', /^New offer of/],
  ['seller login code', /^Your CarDirect login code$/],
  ['offer accepted (dealer)', /^Offer accepted:/],
  ['offer accepted (seller)', /^You accepted the offer of/],
  ['offer declined (dealer)', /was declined$/],
  ['another offer accepted (dealer)', /^Another offer accepted for/],
  ['listing withdrawn (dealer)', /^The seller withdrew/],
  ['password changed (dealer)', /^Your CarDirect password was changed$/],
];

export function mailKind(mail: CaughtMail): string {
  return kinds.find(([, subject]) => subject.test(mail.subject))?.[0] ?? `other: ${mail.subject}`;
}

/** How many e-mails of each kind, in the order kinds are listed above. */
export function countByKind(mails: readonly CaughtMail[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const mail of mails) counts[mailKind(mail)] = (counts[mailKind(mail)] ?? 0) + 1;
  return counts;
}

/** Every link of the e-mail's text and HTML parts that points into the product (deduplicated). */
export function productLinks(mail: CaughtMail, baseUrl: string): string[] {
  const inText = mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  const inHtml = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  const origin = new URL(baseUrl).origin;
  return [...new Set([...inText, ...inHtml])].filter((link) => link.startsWith('http') && new URL(link).origin === origin);
}

/** The first link of the e-mail's text part that leads to `pathname` on the product. */
export function linkIn(mail: CaughtMail, pathname: string): string {
  const link = mail.text.match(/https?:\/\/[^\s<>"')\]]+/g)?.find((url) => new URL(url).pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in "${mail.subject}"`);
  return link;
}

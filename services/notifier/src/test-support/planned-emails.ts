import type { EventName, EventPayloads } from '@cardirect/contracts';
import { mailboxOf } from '../domain/emails/calendar-invite';
import { createLinks } from '../domain/emails/links';
import { planEmails, type PlannedEmail } from '../domain/plan-emails';
import { event } from './events';

/** The product's public address in the e-mail tests, and the links built from it. */
export const testLinks = createLinks('https://cardirect.example/');

/** The e-mails an event calls for, planned as the notifier plans them, for events that name their recipients. */
export function planAddressedEmails<Name extends EventName>(name: Name, payload: EventPayloads[Name]): Promise<PlannedEmail[]> {
  const unused = () => Promise.reject(new Error('these e-mails are addressed by their event'));
  return planEmails(event(name, payload), {
    links: testLinks,
    radiusMiles: 100,
    organizer: mailboxOf('CarDirect <no-reply@cardirect.example>'),
    replyTo: 'CarDirect Support <support@cardirect.example>',
    recipients: { nearbyDealers: unused, admins: unused },
  });
}

/** Every address a part of an e-mail links to: the HTML's hrefs, or the text's URLs. */
export function linksIn(part: string): string[] {
  const hrefs = [...part.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
  return part.startsWith('<!doctype html>') ? hrefs : [...part.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}

import type { EventPayloads } from '@cardirect/contracts';
import { renderEmail, type EmailContent } from './layout';
import type { Links } from './links';

type DealerEvent = EventPayloads['dealer.registered'];

const dealerReason = 'You receive this e-mail because this address was used to register a dealership on CarDirect.';

export function registrationReceivedEmail(dealer: DealerEvent, links: Links): EmailContent {
  return renderEmail(
    {
      subject: 'Registration received: pending approval',
      heading: 'Thank you for registering',
      blocks: [
        { kind: 'paragraph', text: `We have received the registration of ${dealer.dealershipName}.` },
        {
          kind: 'paragraph',
          text: 'Your account is pending approval by our team, typically within 1-2 business days. We will e-mail you as soon as it is approved; until then you cannot log in.',
        },
      ],
      reason: dealerReason,
    },
    links.home,
  );
}

/** To every admin: a registration waits for a decision. Admins may see the dealer's contact. */
export function dealerToReviewEmail(dealer: DealerEvent, links: Links): EmailContent {
  return renderEmail(
    {
      subject: `New dealer to review: ${dealer.dealershipName}`,
      heading: 'A new dealer is waiting for approval',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Dealership', dealer.dealershipName],
            ['E-mail', dealer.email],
          ],
        },
        { kind: 'button', label: 'Review it in the admin dashboard', url: links.adminDashboard },
      ],
      reason: 'You receive this e-mail because you are an administrator of CarDirect.',
    },
    links.home,
  );
}

export function dealerApprovedEmail(dealer: DealerEvent, links: Links): EmailContent {
  return renderEmail(
    {
      subject: 'Your dealer account is approved',
      heading: 'Welcome to CarDirect',
      blocks: [
        { kind: 'paragraph', text: `Good news: ${dealer.dealershipName} is approved. You can now log in, browse cars from local sellers and make offers.` },
        { kind: 'button', label: 'Log in', url: links.dealerLogin },
      ],
      reason: dealerReason,
    },
    links.home,
  );
}

export function dealerRejectedEmail(dealer: DealerEvent, links: Links): EmailContent {
  return renderEmail(
    {
      subject: 'Your dealer registration was not approved',
      heading: 'Registration not approved',
      blocks: [
        { kind: 'paragraph', text: `We are sorry: the registration of ${dealer.dealershipName} was not approved, and the account has been removed.` },
        { kind: 'paragraph', text: 'You are welcome to register again with updated details.' },
      ],
      reason: dealerReason,
    },
    links.home,
  );
}

type DealerStanding = EventPayloads['dealer.suspended'];

const accountReason = 'You receive this e-mail because your dealership has a dealer account on CarDirect.';

/**
 * To the suspended dealer: the admin's reason, what the suspension does, and where to answer. No
 * login link, since it cannot log in; the reply goes to CarDirect's staff (`replyTo`).
 */
export function dealerSuspendedEmail(dealer: DealerStanding, links: Links, replyTo: string): EmailContent {
  const content = renderEmail(
    {
      subject: 'Your CarDirect dealer account is suspended',
      heading: 'Your dealer account is suspended',
      blocks: [
        { kind: 'paragraph', text: `CarDirect has suspended the dealer account of ${dealer.dealershipName}.` },
        { kind: 'paragraph', text: `The reason: “${dealer.reason}”` },
        { kind: 'paragraph', text: 'While the account is suspended, you cannot log in or make offers.' },
        { kind: 'paragraph', text: 'Your pending offers were withdrawn, and each seller was told that the offer no longer stands.' },
        { kind: 'paragraph', text: 'Any sale you had already agreed with a seller will be settled by CarDirect: we will contact you about each one.' },
        { kind: 'paragraph', text: 'To contact CarDirect about the suspension, reply to this e-mail.' },
      ],
      reason: accountReason,
    },
    links.home,
  );
  return { ...content, replyTo };
}

/** To the reinstated dealer: the reason and the way back in; what the suspension withdrew stays withdrawn. */
export function dealerReinstatedEmail(dealer: DealerStanding, links: Links): EmailContent {
  return renderEmail(
    {
      subject: 'Your CarDirect dealer account is active again',
      heading: 'Your dealer account is active again',
      blocks: [
        { kind: 'paragraph', text: `CarDirect has reinstated the dealer account of ${dealer.dealershipName}: you can log in and make offers again.` },
        { kind: 'paragraph', text: `The reason: “${dealer.reason}”` },
        { kind: 'paragraph', text: 'The offers withdrawn when the account was suspended stay withdrawn. You can make new offers on cars that are still for sale.' },
        { kind: 'button', label: 'Log in', url: links.dealerLogin },
      ],
      reason: accountReason,
    },
    links.home,
  );
}

import type { EventPayloads } from '@cardirect/contracts';
import { formatDateTime, formatValidity } from './format';
import { renderEmail, type EmailContent } from './layout';
import type { Links } from './links';
import { FALLBACK_TIME_ZONE } from './time-zone';

/**
 * The seller's one-time login code and this e-mail's own sign-in link. The subject leaves the code
 * out, so it never shows in a lock-screen preview; the code comes before the link, so the first six
 * digits of the text are the code.
 */
export function sellerCodeEmail(event: EventPayloads['seller.code.requested'], issuedAt: string, links: Links): EmailContent {
  return renderEmail(
    {
      subject: 'Your CarDirect login code',
      heading: 'Your login code',
      blocks: [
        { kind: 'paragraph', text: 'Enter this code on the Seller Access page to log in:' },
        { kind: 'code', value: event.code },
        { kind: 'paragraph', text: `The code is valid for ${formatValidity(issuedAt, event.expiresAt)} and can be used once.` },
        { kind: 'paragraph', text: 'Or sign in without typing the code:' },
        { kind: 'button', label: 'Sign in to CarDirect', url: links.sellerSignIn(event.signInToken) },
        { kind: 'paragraph', text: `The link works once within ${formatValidity(issuedAt, event.signInExpiresAt)}.` },
        { kind: 'paragraph', text: 'If you did not request this code, you can ignore this e-mail: nobody can log in without it.' },
      ],
      reason: 'You receive this e-mail because a login code was requested for this address on CarDirect.',
    },
    links.home,
  );
}

export function passwordResetEmail(event: EventPayloads['dealer.password-reset.requested'], issuedAt: string, links: Links): EmailContent {
  return renderEmail(
    {
      subject: 'Reset your CarDirect password',
      heading: 'Reset your password',
      blocks: [
        { kind: 'paragraph', text: 'We received a request to reset the password of your dealer account.' },
        { kind: 'button', label: 'Choose a new password', url: links.passwordReset(event.resetToken) },
        { kind: 'paragraph', text: `The link is valid for ${formatValidity(issuedAt, event.expiresAt)} and can be used once.` },
        { kind: 'paragraph', text: 'If you did not ask for this, you can ignore this e-mail: your password stays unchanged.' },
      ],
      reason: 'You receive this e-mail because a password reset was requested for this address on CarDirect.',
    },
    links.home,
  );
}

/**
 * After a reset: the account's own address hears of it, so a dealer whose e-mail or reset link
 * someone else used finds out. The time is in UTC, named: nothing ties a dealer account to a zone.
 */
export function passwordChangedEmail(event: EventPayloads['dealer.password-changed'], links: Links): EmailContent {
  return renderEmail(
    {
      subject: 'Your CarDirect password was changed',
      heading: 'Your password was changed',
      blocks: [
        {
          kind: 'paragraph',
          text: `The password of your dealer account was changed with a reset link on ${formatDateTime(event.changedAt, FALLBACK_TIME_ZONE)}. Every device that was signed in to the account was signed out.`,
        },
        { kind: 'paragraph', text: 'If this was you, there is nothing else to do.' },
        { kind: 'button', label: 'Log in', url: links.dealerLogin },
        {
          kind: 'paragraph',
          text: 'If it was not you, someone can read your e-mail or used your reset link: secure your e-mail account, then choose a new password right away.',
        },
        { kind: 'button', label: 'Choose a new password', url: links.forgotPassword },
      ],
      reason: 'You receive this e-mail because the password of your dealer account on CarDirect was changed.',
    },
    links.home,
  );
}

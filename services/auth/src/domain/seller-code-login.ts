import { createEvent, unauthorized } from '@cardirect/service-kit';
import type { SellerOtpRequest, SellerOtpVerify, SellerSignInLink } from '@cardirect/contracts';
import type { MailedCode, SellerCode, SellerLogin } from '../data-access/seller-login-repository';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { enforceRateLimit, fitsWithinLimit, guardAttempt, RATE_LIMITS } from './rate-limits';
import { codesMatch, deriveSixDigitCode, digestSecret, newCodeNonce, newLinkToken } from './secret-digest';
import { startSession, type StartedSession } from './sessions';

const SELLER_CODE_LIFETIME_MS = 10 * 60 * 1000;
const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;
/** Links of older e-mails stay usable too (each once), so the latest e-mail's always is. */
const LIVE_SIGN_IN_LINKS = 5;
/** A concurrent request or login can change the code between read and write; then read again. */
const MAIL_CODE_TRIES = 3;

const invalidCode = () => unauthorized('Invalid or expired OTP');
const useTheLinkInstead = (wait: string) =>
  `Too many wrong codes were entered for this email address. Use the sign-in link in your latest email, or try again in ${wait}.`;

/** The code when it can still be used at `now`. */
const liveCode = (code: SellerCode | null, now: Date): SellerCode | null => (code && !code.usedAt && code.expiresAt > now ? code : null);
const codeOf = (email: string, nonce: string, deps: Pick<AuthDependencies, 'digestSecret'>) => deriveSixDigitCode(`${email}:${nonce}`, deps.digestSecret);

/**
 * A seller asks for a login code. While the address's code is live it is mailed again (valid 10
 * minutes from now), so a request, whoever makes it, never ends the code the owner is typing; a new
 * code only follows an expired or used one. Each e-mail also carries its own sign-in link (15
 * minutes, once). Over the address's e-mail cap the request is answered the same but sends nothing:
 * that only happens when an e-mail went out in the last 10 minutes, whose code (valid 10 minutes
 * from its sending) and link (15) therefore still work, so strangers never earn the owner a 429.
 */
export async function requestSellerCode(input: SellerOtpRequest, context: RequestContext, deps: AuthDependencies): Promise<void> {
  await enforceRateLimit(RATE_LIMITS.codeRequestPerIp, context.ip, deps);
  await enforceRateLimit(RATE_LIMITS.codeRequestPerIpAndEmail, `${context.ip}:${input.email}`, deps);
  if (!(await fitsWithinLimit(RATE_LIMITS.codeEmailsPerEmail, input.email, deps))) return;
  await mailCode(input.email, deps);
  deps.relayNow();
}

/** Stores the e-mail (the live code or a new one, a new link, the event) in one write that a concurrent change makes fail. */
async function mailCode(email: string, deps: AuthDependencies): Promise<void> {
  for (let attempt = 1; attempt <= MAIL_CODE_TRIES; attempt++) {
    const now = deps.now();
    const current = await deps.sellerLogins.findCode(email);
    const live = liveCode(current, now);
    const mailed = codeEmail(email, live?.nonce ?? newCodeNonce(), now, deps);
    const stored = live ? await deps.sellerLogins.resendCode(email, mailed) : await deps.sellerLogins.replaceCode(email, mailed, current?.nonce ?? null);
    if (stored) return;
  }
  throw new Error(`The seller code kept changing while it was being mailed (${MAIL_CODE_TRIES} tries)`);
}

function codeEmail(email: string, nonce: string, now: Date, deps: AuthDependencies): MailedCode {
  const expiresAt = new Date(now.getTime() + SELLER_CODE_LIFETIME_MS);
  const signInToken = newLinkToken();
  const signInExpiresAt = new Date(now.getTime() + SIGN_IN_LINK_LIFETIME_MS);
  return {
    nonce,
    expiresAt,
    link: { tokenHash: digestSecret(signInToken, deps.digestSecret), expiresAt: signInExpiresAt },
    keepLinks: LIVE_SIGN_IN_LINKS,
    event: createEvent('seller.code.requested', {
      email,
      code: codeOf(email, nonce, deps),
      expiresAt: expiresAt.toISOString(),
      signInToken,
      signInExpiresAt: signInExpiresAt.toISOString(),
    }),
  };
}

/**
 * The seller proves the address with the code: a seller session whose e-mail is that address.
 * Wrong codes do not end the code; they are limited per client address and e-mail (5 in 10
 * minutes) and per address from anywhere (100 a day, after which the sign-in link is the way in).
 */
export async function verifySellerCode(input: SellerOtpVerify, context: RequestContext, deps: AuthDependencies): Promise<StartedSession> {
  const attempt = await guardAttempt(
    [
      { rule: RATE_LIMITS.wrongCodesPerIpAndEmail, subject: `${context.ip}:${input.email}` },
      { rule: RATE_LIMITS.wrongCodesPerAccount, subject: input.email, refusal: useTheLinkInstead },
    ],
    deps,
  );
  const seller = await useMatchingCode(input, deps);
  if (!seller) throw invalidCode();
  await attempt.succeeded();
  return startSession({ userId: seller.id, role: 'seller', email: seller.email }, context, deps);
}

async function useMatchingCode(input: SellerOtpVerify, deps: AuthDependencies): Promise<SellerLogin | null> {
  const now = deps.now();
  const code = liveCode(await deps.sellerLogins.findCode(input.email), now);
  if (!code || !codesMatch(codeOf(input.email, code.nonce, deps), input.otp)) return null;
  return deps.sellerLogins.useCode(input.email, code.nonce, now);
}

/**
 * The seller follows the sign-in link of a code e-mail: the same session as with the code. The
 * token is unguessable, so no guessing limit stands in the way; each link works once.
 */
export async function signInWithLink(input: SellerSignInLink, context: RequestContext, deps: AuthDependencies): Promise<StartedSession> {
  const seller = await deps.sellerLogins.useSignInLink(digestSecret(input.token, deps.digestSecret), deps.now());
  if (!seller) throw unauthorized('This sign-in link has expired or was already used. Request a new code.');
  return startSession({ userId: seller.id, role: 'seller', email: seller.email }, context, deps);
}

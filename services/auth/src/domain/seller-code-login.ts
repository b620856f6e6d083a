import { createEvent, unauthorized } from '@cardirect/service-kit';
import type { SellerOtpRequest, SellerOtpVerify } from '@cardirect/contracts';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { enforceRateLimit, RATE_LIMITS } from './rate-limits';
import { digestSecret, newSixDigitCode } from './secret-digest';
import { startSession, type StartedSession } from './sessions';

const SELLER_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** After this many wrong codes the code is dead; the seller asks for a new one. */
const SELLER_CODE_MAX_FAILED_ATTEMPTS = 5;

/**
 * A seller asks for a login code: a new 6-digit code replaces any earlier one, is stored hashed,
 * and `seller.code.requested` (which the notifier e-mails) is stored in the same write and sent
 * on at once.
 */
export async function requestSellerCode(input: SellerOtpRequest, context: RequestContext, deps: AuthDependencies): Promise<void> {
  await enforceRateLimit(RATE_LIMITS.codeRequestPerIp, context.ip, deps);
  await enforceRateLimit(RATE_LIMITS.codeRequestPerEmail, input.email, deps);
  const code = newSixDigitCode();
  const expiresAt = new Date(deps.now().getTime() + SELLER_CODE_LIFETIME_MS);
  await deps.sellerLogins.issueCode(
    input.email,
    digestSecret(code, deps.digestSecret),
    expiresAt,
    createEvent('seller.code.requested', { email: input.email, code, expiresAt: expiresAt.toISOString() }),
  );
  deps.relayNow();
}

/** The seller proves the address with the code: a seller session whose e-mail is that address. */
export async function verifySellerCode(input: SellerOtpVerify, context: RequestContext, deps: AuthDependencies): Promise<StartedSession> {
  const now = deps.now();
  const seller = await deps.sellerLogins.useCode(input.email, digestSecret(input.otp, deps.digestSecret), now, SELLER_CODE_MAX_FAILED_ATTEMPTS);
  if (!seller) {
    await deps.sellerLogins.recordFailedAttempt(input.email, now, SELLER_CODE_MAX_FAILED_ATTEMPTS);
    throw unauthorized('Invalid or expired OTP');
  }
  return startSession({ userId: seller.id, role: 'seller', email: seller.email }, context, deps);
}

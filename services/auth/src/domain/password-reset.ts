import { badRequest, createEvent } from '@cardirect/service-kit';
import type { ForgotPasswordInput, ResetLinkCheck, ResetPasswordInput } from '@cardirect/contracts';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { hashPassword } from './passwords';
import { enforceRateLimit, RATE_LIMITS } from './rate-limits';
import { digestSecret, newLinkToken } from './secret-digest';

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const invalidResetLink = 'Reset link is invalid or has expired';

/**
 * A dealer forgot their password: when the address is a registered dealer's, a single-use reset
 * token (stored hashed, valid one hour) goes out with `dealer.password-reset.requested`. The caller
 * learns nothing either way: the answer is the same whether the address exists or not.
 */
export async function requestPasswordReset(input: ForgotPasswordInput, context: RequestContext, deps: AuthDependencies): Promise<void> {
  await enforceRateLimit(RATE_LIMITS.resetRequestPerIp, context.ip, deps);
  await enforceRateLimit(RATE_LIMITS.resetRequestPerEmail, input.email, deps);
  const account = await deps.accounts.findByEmail(input.email);
  if (!account || account.role !== 'dealer' || account.status !== 'active') return;
  const resetToken = newLinkToken();
  const expiresAt = new Date(deps.now().getTime() + RESET_TOKEN_LIFETIME_MS);
  await deps.accounts.storeResetToken(
    account.id,
    digestSecret(resetToken, deps.digestSecret),
    expiresAt,
    createEvent('dealer.password-reset.requested', { email: account.email, resetToken, expiresAt: expiresAt.toISOString() }),
  );
  deps.relayNow();
}

/**
 * Whether a reset link still works, so the screen says so before a new password is typed: the
 * same 400 as a reset with a used or expired token. The token has 256 random bits, so answering
 * this reveals nothing a guesser could use.
 */
export async function checkResetLink(input: ResetLinkCheck, deps: AuthDependencies): Promise<void> {
  const account = await deps.accounts.findByLiveResetToken(digestSecret(input.token, deps.digestSecret), deps.now());
  if (!account) throw badRequest({ token: invalidResetLink }, invalidResetLink);
}

/**
 * The dealer sets a new password with the token; it works once, every session of theirs ends, and
 * the account's address is told (`dealer.password-changed`, stored in the same write), so a reset
 * made by someone else does not go unnoticed.
 */
export async function resetPassword(input: ResetPasswordInput, deps: AuthDependencies): Promise<void> {
  const tokenHash = digestSecret(input.token, deps.digestSecret);
  const account = await deps.accounts.findByLiveResetToken(tokenHash, deps.now());
  if (!account) throw badRequest({ token: invalidResetLink }, invalidResetLink);
  const newPasswordHash = await hashPassword(input.password);
  const changedAt = deps.now();
  const event = createEvent('dealer.password-changed', { email: account.email, changedAt: changedAt.toISOString() });
  // Still conditional on the live token: of two resets with one link, only one changes the password.
  const changed = await deps.accounts.consumeResetToken(tokenHash, changedAt, newPasswordHash, event);
  if (!changed) throw badRequest({ token: invalidResetLink }, invalidResetLink);
  await deps.sessions.destroyAllForUser(changed.id);
}

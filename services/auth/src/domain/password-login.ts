import { forbidden, unauthorized } from '@cardirect/service-kit';
import { DEALER_SUSPENDED_MESSAGE, type AdminLoginInput, type DealerLoginInput } from '@cardirect/contracts';
import type { Account } from '../data-access/account-repository';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { verifyPassword } from './passwords';
import { guardAttempt, RATE_LIMITS } from './rate-limits';
import { digestSecret } from './secret-digest';
import { endSession, startSession, type StartedSession } from './sessions';

const invalidCredentials = () => unauthorized('Invalid email or password');
const accountUnderAttack = (wait: string) => `Too many failed logins for this email. Please try again in ${wait}, or from a network you logged in from before.`;

/** Addresses an account logged in from within this time may still try while the account is under attack. */
const KNOWN_ADDRESSES = { forgetAfterMs: 30 * 24 * 60 * 60 * 1000, keepLatest: 20 };

/**
 * Only failures count: 10 from one address for one e-mail lock that pair for 15 minutes, and
 * beyond 50 for one account from anywhere within an hour, only addresses it logged in from in the
 * last 30 days get to try. A stranger's failures therefore never lock the owner out where the owner
 * logs in as usual, and the owner's own logins are never refused for being many.
 */
async function guardLogin(email: string, context: RequestContext, deps: AuthDependencies) {
  const address = digestSecret(context.ip, deps.digestSecret);
  const since = new Date(deps.now().getTime() - KNOWN_ADDRESSES.forgetAfterMs);
  const knownAddress = await deps.knownAddresses.seenSince(email, address, since);
  const attempt = await guardAttempt(
    [
      { rule: RATE_LIMITS.loginFailuresPerIpAndEmail, subject: `${context.ip}:${email}` },
      { rule: RATE_LIMITS.loginFailuresPerAccount, subject: email, enforced: !knownAddress, refusal: accountUnderAttack },
    ],
    deps,
  );
  return {
    async succeeded() {
      await attempt.succeeded();
      await deps.knownAddresses.remember(email, address, deps.now(), KNOWN_ADDRESSES);
    },
  };
}

/**
 * The account whose password matches, else 401. An unknown e-mail and a wrong password get the
 * same answer after the same work (one argon2 verification), so neither reveals the other.
 */
async function checkCredentials(input: DealerLoginInput, context: RequestContext, deps: AuthDependencies): Promise<Account> {
  const attempt = await guardLogin(input.email, context, deps);
  const account = await deps.accounts.findByEmail(input.email);
  const passwordMatches = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !passwordMatches || account.status !== 'active') throw invalidCredentials();
  await attempt.succeeded();
  return account;
}

/**
 * Approval and suspension live in the dealer service; asking it at every login lets an approved
 * dealer in at once and keeps a suspended one out from the moment of its suspension.
 */
async function refuseUnlessDealerMayWork(account: Account, context: RequestContext, deps: AuthDependencies): Promise<void> {
  const profile = await deps.dealers.findProfile(account.id, context.requestId);
  if (!profile) throw invalidCredentials();
  if (!profile.isApproved) throw forbidden('Your dealer account is awaiting approval');
  if (profile.isSuspended) throw forbidden(DEALER_SUSPENDED_MESSAGE);
}

/** A dealer logs in: only once an admin approved them, and never while suspended. */
export async function loginDealer(input: DealerLoginInput, context: RequestContext, deps: AuthDependencies): Promise<StartedSession> {
  const account = await checkCredentials(input, context, deps);
  if (account.role !== 'dealer') throw forbidden('This login is for dealers. Administrators sign in at /admin/login.');
  await refuseUnlessDealerMayWork(account, context, deps);
  const session = await startSession({ userId: account.id, role: 'dealer', email: account.email }, context, deps);
  // A suspension that landed between the look above and this session's start ended the dealer's
  // sessions before this one existed; looking again after the start catches it.
  try {
    await refuseUnlessDealerMayWork(account, context, deps);
  } catch (error) {
    await endSession(session.sessionId, deps);
    throw error;
  }
  return session;
}

/** An admin logs in; anyone else gets 403 and no session. */
export async function loginAdmin(input: AdminLoginInput, context: RequestContext, deps: AuthDependencies): Promise<StartedSession> {
  const account = await checkCredentials(input, context, deps);
  if (account.role !== 'admin') throw forbidden('Access Denied: This login is for administrators only.');
  return startSession({ userId: account.id, role: 'admin', email: account.email }, context, deps);
}

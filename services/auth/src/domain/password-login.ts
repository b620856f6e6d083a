import { forbidden, unauthorized } from '@cardirect/service-kit';
import type { AdminLoginInput, DealerLoginInput } from '@cardirect/contracts';
import type { Account } from '../data-access/account-repository';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { verifyPassword } from './passwords';
import { enforceRateLimit, RATE_LIMITS } from './rate-limits';
import { startSession, type StartedSession } from './sessions';

const invalidCredentials = () => unauthorized('Invalid email or password');

/**
 * The account whose password matches, else 401. An unknown e-mail and a wrong password get the
 * same answer after the same work (one argon2 verification), so neither reveals the other.
 */
async function checkCredentials(input: DealerLoginInput, context: RequestContext, deps: AuthDependencies): Promise<Account> {
  await enforceRateLimit(RATE_LIMITS.loginPerIpAndEmail, `${context.ip}:${input.email}`, deps);
  const account = await deps.accounts.findByEmail(input.email);
  const passwordMatches = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !passwordMatches || account.status !== 'active') throw invalidCredentials();
  return account;
}

/** A dealer logs in: only once an admin approved them. */
export async function loginDealer(input: DealerLoginInput, context: RequestContext, deps: AuthDependencies): Promise<StartedSession> {
  const account = await checkCredentials(input, context, deps);
  if (account.role !== 'dealer') throw forbidden('This login is for dealers. Administrators sign in at /admin/login.');
  // Approval lives in the dealer service; asking it at every login lets an approved dealer in at once.
  const profile = await deps.dealers.findProfile(account.id, context.requestId);
  if (!profile) throw invalidCredentials();
  if (!profile.isApproved) throw forbidden('Your dealer account is awaiting approval');
  return startSession({ userId: account.id, role: 'dealer', email: account.email }, context, deps);
}

/** An admin logs in; anyone else gets 403 and no session. */
export async function loginAdmin(input: AdminLoginInput, context: RequestContext, deps: AuthDependencies): Promise<StartedSession> {
  const account = await checkCredentials(input, context, deps);
  if (account.role !== 'admin') throw forbidden('Access Denied: This login is for administrators only.');
  return startSession({ userId: account.id, role: 'admin', email: account.email }, context, deps);
}

import type { AuthDependencies } from './auth-dependencies';

/**
 * The dealer service rejected a dealer: the account goes, with every session of it. Idempotent, so
 * the dealer service can simply retry a rejection that failed half-way.
 */
export async function removeDealerAccount(userId: string, deps: Pick<AuthDependencies, 'accounts' | 'sessions'>): Promise<void> {
  await deps.accounts.deleteDealer(userId);
  await deps.sessions.destroyAllForUser(userId);
}

import type { EndedSessions } from '@cardirect/contracts';
import type { AuthDependencies } from './auth-dependencies';

/**
 * The dealer service suspended a dealer: every session of its account ends, so its next request is
 * anonymous (its login is refused already). Idempotent, so a suspension can be finished again.
 */
export async function endDealerSessions(userId: string, deps: Pick<AuthDependencies, 'sessions'>): Promise<EndedSessions> {
  return { ended: await deps.sessions.destroyAllForUser(userId) };
}

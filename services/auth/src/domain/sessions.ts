import type { CurrentUser } from '@cardirect/contracts';
import type { SessionUser } from '@cardirect/service-kit';
import type { AuthDependencies, RequestContext } from './auth-dependencies';

export interface StartedSession {
  sessionId: string;
  user: CurrentUser;
}

/** A fresh session id at every login; the session the caller held before ends. */
export async function startSession(user: SessionUser, context: RequestContext, deps: Pick<AuthDependencies, 'sessions'>): Promise<StartedSession> {
  const sessionId = await deps.sessions.create(user);
  if (context.currentSessionId) await deps.sessions.destroy(context.currentSessionId);
  return { sessionId, user: { email: user.email, role: user.role } };
}

/** Logout: the session is deleted server-side, so its cookie no longer works anywhere. */
export async function endSession(sessionId: string | undefined, deps: Pick<AuthDependencies, 'sessions'>): Promise<void> {
  if (sessionId) await deps.sessions.destroy(sessionId);
}

import type { RequestHandler } from 'express';
import { currentUserSchema } from '@cardirect/contracts';
import { unauthorized } from '@cardirect/service-kit';
import { callerOf } from './resolve-caller';

/**
 * `GET /api/auth/user`, answered by the gateway from the session admitApiRequests has just read:
 * the session holds the user's e-mail and role, so asking the auth service would add a second
 * HTTP exchange to every page load for nothing it knows better (docs/decisions.md). A logout or an
 * expired session is seen at once, as the session is read on every request.
 */
export function currentUser(): RequestHandler {
  return (_req, res, next) => {
    const user = currentUserSchema.safeParse(callerOf(res));
    if (!user.success) {
      next(unauthorized('Not logged in'));
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    // The schema keeps only the e-mail and role of the caller (its user and session ids stay here).
    res.json(user.data);
  };
}

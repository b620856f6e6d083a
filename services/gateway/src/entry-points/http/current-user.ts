import type { RequestHandler } from 'express';
import type { CurrentUser } from '@cardirect/contracts';
import { unauthorized } from '@cardirect/service-kit';
import { callerOf } from './resolve-caller';

const signedInRoles: ReadonlySet<string> = new Set<CurrentUser['role']>(['admin', 'dealer', 'seller']);

/**
 * `GET /api/auth/user`, answered by the gateway from the session admitApiRequests has just read:
 * the session holds the user's e-mail and role, so asking the auth service would add a second
 * HTTP exchange to every page load for nothing it knows better (docs/decisions.md). A logout or an
 * expired session is seen at once, as the session is read on every request.
 */
export function currentUser(): RequestHandler {
  return (_req, res, next) => {
    const caller = callerOf(res);
    if (!signedInRoles.has(caller.role) || caller.email === undefined) {
      next(unauthorized('Not logged in'));
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json({ email: caller.email, role: caller.role as CurrentUser['role'] } satisfies CurrentUser);
  };
}

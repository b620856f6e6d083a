import type { RequestHandler, Response } from 'express';
import { IDENTITY_HEADER, SIGNATURE_HEADER, serviceUnavailable, type Identity, type SessionStore } from '@cardirect/service-kit';
import { SESSION_COOKIE } from '@cardirect/contracts';

/** The caller as the gateway vouches for it; the request id and time are added when signing. */
export type Caller = Omit<Identity, 'requestId' | 'issuedAt'>;

const anonymous: Caller = { role: 'anonymous' };

/** The caller resolveCaller found for this request. */
export function callerOf(res: Response): Caller {
  return (res.locals.caller as Caller | undefined) ?? anonymous;
}

/**
 * Drops any identity headers the client sent (only the gateway may vouch for a caller) and
 * resolves the session cookie to the caller. When Redis cannot be asked, a request with a
 * session cookie gets 503 rather than silently being treated as anonymous.
 */
export function resolveCaller(sessions: SessionStore): RequestHandler {
  return async (req, res, next) => {
    delete req.headers[IDENTITY_HEADER];
    delete req.headers[SIGNATURE_HEADER];
    const sessionId: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof sessionId !== 'string' || sessionId === '') {
      res.locals.caller = anonymous;
      next();
      return;
    }
    let session;
    try {
      session = await sessions.get(sessionId);
    } catch (error) {
      req.log.warn({ err: error }, 'Session lookup failed');
      next(serviceUnavailable());
      return;
    }
    res.locals.caller = session ? ({ userId: session.userId, role: session.role, email: session.email, sessionId: session.id } satisfies Caller) : anonymous;
    next();
  };
}

import type { Request, RequestHandler } from 'express';
import { forbidden, unauthorized } from '../errors/app-error';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity, type Identity, type IdentityRole } from './identity';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by verifyIdentity; read it through getIdentity(req). */
    identity?: Identity;
  }
}

/** Probes must answer without a signature: orchestrators and the gateway's /readyz call them directly. */
const unsignedPaths = new Set(['/healthz', '/readyz']);

function headerValue(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Refuses (401 JSON) any request without a valid identity signed by the gateway or a fellow
 * service for this method and path, so a service reached directly cannot be fooled by a forged
 * header, and a signed header cannot serve a request it was not signed for.
 */
export function verifyIdentity(secret: string): RequestHandler {
  return (req, _res, next) => {
    if (unsignedPaths.has(req.path)) {
      next();
      return;
    }
    const check = readSignedIdentity(headerValue(req, IDENTITY_HEADER), headerValue(req, SIGNATURE_HEADER), secret, { method: req.method, target: req.originalUrl });
    if (!check.ok) {
      req.log?.warn({ reason: check.reason }, 'Request without a valid identity refused');
      next(unauthorized('Missing or invalid identity'));
      return;
    }
    req.identity = check.identity;
    next();
  };
}

/** The verified caller; only valid behind verifyIdentity (which createService always installs). */
export function getIdentity(req: Request): Identity {
  if (!req.identity) throw new Error('getIdentity called on a route that is not behind verifyIdentity');
  return req.identity;
}

/** 401 for an anonymous caller, 403 for a caller with another role. */
export function requireRole(...allowed: IdentityRole[]): RequestHandler {
  return (req, _res, next) => {
    const { role } = getIdentity(req);
    if (allowed.includes(role)) {
      next();
      return;
    }
    next(role === 'anonymous' ? unauthorized() : forbidden());
  };
}

import type { RequestHandler } from 'express';
import { forbidden } from '@cardirect/service-kit';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests sent by another site's page: a browser always sends Origin (or
 * at least Referer) with them, and it must be our public origin. Requests with neither come from
 * curl or servers, which cannot ride on a victim's cookies, so they pass.
 */
export function rejectCrossSiteRequests(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (!unsafeMethods.has(req.method)) {
      next();
      return;
    }
    const origin = req.headers.origin;
    const referer = req.headers.referer;
    const claimedOrigin = origin !== undefined ? origin : referer !== undefined ? originOf(referer) : publicOrigin;
    if (claimedOrigin !== publicOrigin) {
      req.log.warn({ origin, referer }, 'Cross-site request refused');
      next(forbidden('Cross-site request refused'));
      return;
    }
    next();
  };
}

import type { RequestHandler } from 'express';
import {
  forbidden,
  IDENTITY_HEADER,
  SIGNATURE_HEADER,
  serviceUnavailable,
  tooManyRequests,
  type RateLimitCount,
  type RateLimitStore,
  type SessionStore,
} from '@cardirect/service-kit';
import { crossSiteRefusal } from './csrf';
import { anonymous, type Caller } from './resolve-caller';
import { sessionIdOf } from './session-cookie';

const WINDOW_SECONDS = 60;

export interface AdmissionOptions {
  rateLimits: RateLimitStore;
  /** Requests per client address per minute. */
  perMinute: number;
  publicUrl: string;
  sessions: SessionStore;
}

/**
 * What every API request passes before it is forwarded, in this order:
 * 1. a ceiling on requests per client address (per minute, shared by every gateway instance
 *    through Redis) that stops one client from flooding the services; the auth service keeps its
 *    own, much tighter limits on logins and codes. While Redis cannot count, requests pass:
 *    refusing every caller would turn a Redis outage into a full one;
 * 2. state-changing requests sent by another site's page are refused (see crossSiteRefusal);
 * 3. any identity headers the client sent are dropped (only the gateway may vouch for a caller)
 *    and the session cookie is resolved to the caller. When Redis cannot be asked, a request with
 *    a session cookie gets 503 rather than silently being treated as anonymous.
 * Counting the hit and reading the session are one Redis round trip (RateLimitStore.hitAndRead),
 * not two one after the other; the session's idle expiry is renewed only for a request that
 * passes steps 1 and 2, and a request refused by step 2 does not read it at all.
 */
export function admitApiRequests({ rateLimits, perMinute, publicUrl, sessions }: AdmissionOptions): RequestHandler {
  const crossSite = crossSiteRefusal(publicUrl);
  return async (req, res, next) => {
    const refusal = crossSite(req);
    const sessionId = sessionIdOf(req);
    // Undefined too for a cookie that cannot be one of our sessions: the caller is anonymous.
    const plan = sessionId !== undefined && !refusal ? sessions.readPlan(sessionId) : undefined;

    const rateKey = `gateway:${req.ip ?? 'unknown'}`;
    let counted: (RateLimitCount & { value?: string | null }) | undefined;
    try {
      counted = plan
        ? await rateLimits.hitAndRead(rateKey, WINDOW_SECONDS, { key: plan.key, renewSeconds: plan.idleSeconds, limit: perMinute })
        : await rateLimits.hit(rateKey, WINDOW_SECONDS);
    } catch (error) {
      req.log.warn({ err: error }, 'Rate limit not counted');
    }
    if (counted && counted.count > perMinute) {
      next(tooManyRequests('Too many requests. Please try again in a minute.', counted.secondsLeft));
      return;
    }
    if (refusal) {
      req.log.warn(refusal, 'Cross-site request refused');
      next(forbidden('Cross-site request refused'));
      return;
    }

    delete req.headers[IDENTITY_HEADER];
    delete req.headers[SIGNATURE_HEADER];
    if (!plan || sessionId === undefined) {
      res.locals.caller = anonymous;
      next();
      return;
    }
    if (!counted) {
      // Redis could not be asked: the session is unknown, and the caller is not made anonymous.
      next(serviceUnavailable());
      return;
    }
    let session;
    try {
      session = await sessions.resolveRead(sessionId, counted.value ?? null);
    } catch (error) {
      req.log.warn({ err: error }, 'Session lookup failed');
      next(serviceUnavailable());
      return;
    }
    res.locals.caller = session ? ({ userId: session.userId, role: session.role, email: session.email, sessionId: session.id } satisfies Caller) : anonymous;
    next();
  };
}

import type { RequestHandler } from 'express';
import { tooManyRequests, type RateLimitStore } from '@cardirect/service-kit';

const WINDOW_SECONDS = 60;

/**
 * A ceiling on requests per client address (per minute, shared by every gateway instance through
 * Redis) that stops one client from flooding the services. The auth service keeps its own, much
 * tighter limits on logins and codes. While Redis cannot count, requests pass: refusing every
 * caller would turn a Redis outage into a full one.
 */
export function limitRequestsPerClient(store: RateLimitStore, perMinute: number): RequestHandler {
  return async (req, _res, next) => {
    let counted;
    try {
      counted = await store.hit(`gateway:${req.ip ?? 'unknown'}`, WINDOW_SECONDS);
    } catch (error) {
      req.log.warn({ err: error }, 'Rate limit not counted');
      next();
      return;
    }
    if (counted.count > perMinute) {
      next(tooManyRequests('Too many requests. Please try again in a minute.', counted.secondsLeft));
      return;
    }
    next();
  };
}

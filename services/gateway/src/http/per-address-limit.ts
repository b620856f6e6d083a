import type { RequestHandler } from 'express';
import { tooManyRequests, type RateLimitStore } from '@cardirect/service-kit';

export interface PerAddressLimit {
  rateLimits: RateLimitStore;
  /** Names the counter, apart from the other limits of an address. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the refused client reads. */
  message: string;
}

/**
 * A ceiling on one kind of request per client address (as TRUST_PROXY lets the gateway find it),
 * shared by every gateway instance through Redis. While Redis cannot count, requests pass, as the
 * general ceiling does (see admitApiRequests).
 */
export function limitPerClientAddress({ rateLimits, name, limit, windowSeconds, message }: PerAddressLimit): RequestHandler {
  return async (req, _res, next) => {
    try {
      const { count, secondsLeft } = await rateLimits.hit(`gateway:${name}:${req.ip ?? 'unknown'}`, windowSeconds);
      if (count > limit) {
        next(tooManyRequests(message, secondsLeft));
        return;
      }
    } catch (error) {
      req.log.warn({ err: error, limit: name }, 'Rate limit not counted');
    }
    next();
  };
}

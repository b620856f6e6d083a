import type { ErrorRequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { AppError, serviceUnavailable } from '@cardirect/service-kit';

/**
 * Sessions, codes' rate limits and logins all need Redis. While it is down, an error of any such
 * call is an outage, not a bug: answer 503 so the caller knows to try again, instead of a 500.
 */
export function redisOutageAs503(redis: Redis): ErrorRequestHandler {
  return (error: unknown, _req, _res, next) => {
    if (!(error instanceof AppError) && redis.status !== 'ready') {
      next(serviceUnavailable('Sign-in is unavailable right now. Please try again in a moment.'));
      return;
    }
    next(error);
  };
}

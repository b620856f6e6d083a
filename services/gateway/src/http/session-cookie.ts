import { parseCookie } from 'cookie';
import type { Request } from 'express';
import { SESSION_COOKIE } from '@cardirect/contracts';

/**
 * The session id the request's cookie carries, if any. Only that cookie is read (cookie-parser also
 * made signed and JSON copies of every cookie for each request: 3% of the gateway's CPU and 8% of
 * its allocation, for nothing used).
 */
export function sessionIdOf(req: Request): string | undefined {
  return (req.headers.cookie && parseCookie(req.headers.cookie)[SESSION_COOKIE]) || undefined;
}

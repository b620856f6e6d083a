import type { Response } from 'express';
import { SESSION_COOKIE } from '@cardirect/contracts';
import { sessionCookieOptions } from '@cardirect/service-kit';

/** httpOnly, SameSite=Lax, Path=/, Secure when the public URL is https. */
export function setSessionCookie(res: Response, sessionId: string, publicUrl: string): void {
  res.cookie(SESSION_COOKIE, sessionId, sessionCookieOptions(publicUrl));
}

export function clearSessionCookie(res: Response, publicUrl: string): void {
  const { maxAge: _maxAge, ...attributes } = sessionCookieOptions(publicUrl);
  res.clearCookie(SESSION_COOKIE, attributes);
}

import type { Response } from 'express';
import type { Identity } from '@cardirect/service-kit';

/** The caller as the gateway vouches for it; the request id, the request and the time are added when signing. */
export type Caller = Omit<Identity, 'requestId' | 'issuedAt' | 'method' | 'targetHash'>;

export const anonymous: Caller = { role: 'anonymous' };

/** The caller admitApiRequests found for this request. */
export function callerOf(res: Response): Caller {
  return (res.locals.caller as Caller | undefined) ?? anonymous;
}

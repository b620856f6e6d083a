import type { Identity } from '@cardirect/service-kit';

/** Who asks, as the domain needs it: the verified identity's role, account id and e-mail. */
export type Caller = Pick<Identity, 'role' | 'userId' | 'email' | 'requestId'>;

export type DealerCaller = Caller & { userId: string; email: string };

/** A dealer identity is only issued to approved dealers (the auth service refuses pending ones). */
export function isDealer(caller: Caller): caller is DealerCaller {
  return caller.role === 'dealer' && typeof caller.userId === 'string' && typeof caller.email === 'string';
}

export function isAdmin(caller: Caller): boolean {
  return caller.role === 'admin';
}

/** A seller session proves its e-mail with a one-time code; their cars are those with that contact e-mail. */
export function isSellerOf(caller: Caller, contactEmail: string): boolean {
  return caller.role === 'seller' && typeof caller.email === 'string' && caller.email.toLowerCase() === contactEmail;
}

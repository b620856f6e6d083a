import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ROLES } from '@cardirect/contracts';
import { z } from 'zod';

export const IDENTITY_HEADER = 'x-cardirect-identity';
export const SIGNATURE_HEADER = 'x-cardirect-signature';

/** The user roles of the product, plus callers without a session and fellow services. */
export const identityRoles = ['anonymous', ...ROLES, 'service'] as const;
export type IdentityRole = (typeof identityRoles)[number];

const identitySchema = z.object({
  userId: z.string().optional(),
  role: z.enum(identityRoles),
  email: z.string().optional(),
  sessionId: z.string().optional(),
  /** The client's network address as the gateway determined it (behind its trusted proxies). */
  clientAddress: z.string().optional(),
  requestId: z.string(),
  /** The request the identity was signed for: a service refuses it on any other (see requestMatches). */
  method: z.string(),
  /**
   * SHA-256 (base64url) of the path with its query as sent on the request line: a digest, so that a
   * long query does not double the size of the headers.
   */
  targetHash: z.string(),
  issuedAt: z.number(),
});

/** Who is calling, as the gateway (or a calling service) vouches for it. */
export type Identity = z.infer<typeof identitySchema>;

export type IdentityHeaders = { [IDENTITY_HEADER]: string; [SIGNATURE_HEADER]: string };

/** How long a signed identity stays valid: long enough for a slow upload, short enough to stop replays. */
export const IDENTITY_MAX_AGE_MS = 60_000;
/** Clocks of different hosts drift; a signature from slightly in the future is still accepted. */
const CLOCK_SKEW_MS = 5_000;

function hmac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

function targetHashOf(target: string): string {
  return createHash('sha256').update(target).digest('base64url');
}

/** The headers that carry `identity` to a service for one request (`method` and `target`), signed with the shared secret. */
export function signIdentity(
  identity: Omit<Identity, 'issuedAt' | 'method' | 'targetHash'> & { issuedAt?: number },
  request: SignedRequest,
  secret: string,
): IdentityHeaders {
  const signed: Identity = { ...identity, method: request.method.toUpperCase(), targetHash: targetHashOf(request.target), issuedAt: identity.issuedAt ?? Date.now() };
  const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
  return { [IDENTITY_HEADER]: payload, [SIGNATURE_HEADER]: hmac(payload, secret) };
}

export type IdentityCheck = { ok: true; identity: Identity } | { ok: false; reason: string };

/** The method and request target (path and query) a request arrived with. */
export interface SignedRequest {
  method: string;
  target: string;
}

/**
 * Checks the signature and age of identity headers, and that they were signed for this very
 * request: headers that reach a service on another request (one smuggled onto a kept-alive
 * connection, or replayed) are refused. Never throws.
 */
export function readSignedIdentity(
  payload: string | undefined,
  signature: string | undefined,
  secret: string,
  request: SignedRequest,
  now = Date.now(),
): IdentityCheck {
  if (!payload || !signature) return { ok: false, reason: 'missing identity signature' };
  const expected = Buffer.from(hmac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid identity signature' };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'unreadable identity' };
  }
  const parsed = identitySchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'unreadable identity' };
  const age = now - parsed.data.issuedAt;
  if (age > IDENTITY_MAX_AGE_MS || age < -CLOCK_SKEW_MS) return { ok: false, reason: 'expired identity' };
  if (parsed.data.method !== request.method.toUpperCase() || parsed.data.targetHash !== targetHashOf(request.target)) {
    return { ok: false, reason: 'identity signed for another request' };
  }
  return { ok: true, identity: parsed.data };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Reset and sign-in tokens are stored as this keyed digest: a stolen database alone does not let
 * anyone use them, and lookups stay exact-match.
 */
export function digestSecret(value: string, key: string): string {
  return createHmac('sha256', key).update(`cardirect-auth:${value}`).digest('base64url');
}

/**
 * The 6-digit code of `seed` under `key`: the same seed always gives the same code, so a live code
 * can be mailed again while only its seed is stored, and without the key a stolen seed tells
 * nothing. 48 bits of the HMAC reduced modulo a million: each code is equally likely to within one
 * part in 10^8.
 */
export function deriveSixDigitCode(seed: string, key: string): string {
  const digest = createHmac('sha256', key).update(`cardirect-auth-code:${seed}`).digest();
  return String(digest.readUIntBE(0, 6) % 1_000_000).padStart(6, '0');
}

/** Compares a typed code with the expected one in time that does not depend on where they differ. */
export function codesMatch(expected: string, typed: string): boolean {
  const expectedBytes = Buffer.from(expected);
  const typedBytes = Buffer.from(typed);
  return expectedBytes.length === typedBytes.length && timingSafeEqual(expectedBytes, typedBytes);
}

/** 128 random bits from which a new code is derived. */
export function newCodeNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** 256 random bits: unguessable, so a reset or sign-in link needs no try counter. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

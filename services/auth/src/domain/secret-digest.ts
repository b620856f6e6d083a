import { createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * One-time codes and reset tokens are stored as this keyed digest: a stolen database alone does
 * not let anyone try the million possible codes offline, and lookups stay exact-match.
 */
export function digestSecret(value: string, key: string): string {
  return createHmac('sha256', key).update(`cardirect-auth:${value}`).digest('base64url');
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** 256 random bits: unguessable, so a reset link needs no try counter. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

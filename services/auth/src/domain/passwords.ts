import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost: about 19 MiB and two passes. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Hashed once, lazily: checking a login for an unknown e-mail against it costs what a real check
// costs, so the answer's timing does not tell whether the account exists.
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `passwordHash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-password-of-anyone');
  const matches = await verify(passwordHash ?? (await dummyHash), password).catch(() => false);
  return passwordHash !== undefined && matches;
}

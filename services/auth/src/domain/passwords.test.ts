import { describe, expect, it, vi } from 'vitest';

// Counts argon2 verifications while keeping the real hashing.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      verifications.count += 1;
      return argon2.verify(...args);
    },
  };
});

const { hashPassword, verifyPassword } = await import('./passwords');

describe('password checks', () => {
  it('When the password matches its argon2id hash, then it is accepted, and a wrong one is not', async () => {
    const stored = await hashPassword('correct horse');

    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'battery staple')).toBe(false);
  });

  it('When there is no account (no hash), then a full argon2 verification still runs and the answer is no', async () => {
    // Skipping the check for unknown e-mails would make their answers measurably faster.
    const before = verifications.count;

    expect(await verifyPassword(undefined, 'not-a-password-of-anyone')).toBe(false);
    expect(verifications.count - before).toBe(1);
  });
});

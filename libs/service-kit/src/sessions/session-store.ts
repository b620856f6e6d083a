import { randomBytes } from 'node:crypto';
import { ROLES, type Role } from '@cardirect/contracts';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** Defaults the gateway (which reads sessions) and auth (which creates them) both use unless configured. */
export const defaultSessionLifetimes = { idleSeconds: 2 * 60 * 60, absoluteSeconds: 7 * 24 * 60 * 60 };

const storedSessionSchema = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  createdAt: z.number(),
  /** Fixed at creation, so every reader enforces the same absolute limit. */
  expiresAt: z.number(),
});

export type SessionUser = { userId: string; role: Role; email: string };
export type Session = SessionUser & { id: string; createdAt: number; expiresAt: number };

export interface SessionStore {
  /** Starts a session and returns its opaque id (the cookie value). */
  create(user: SessionUser): Promise<string>;
  /** The live session, its idle expiry renewed; null when unknown, idle too long or past its absolute limit. */
  get(id: string): Promise<Session | null>;
  /**
   * For a caller that reads the session together with other commands (the gateway, in one round
   * trip with its rate limit): the Redis key holding the session and the idle expiry to renew it
   * to, or undefined when the id cannot be one of ours (get answers null without asking Redis).
   */
  readPlan(id: string): { key: string; idleSeconds: number } | undefined;
  /**
   * What get(id) answers, given the key's value as read with its idle expiry already renewed
   * (null when the key was missing).
   */
  resolveRead(id: string, raw: string | null): Promise<Session | null>;
  destroy(id: string): Promise<void>;
  /** Ends every session of a user (e.g. after a password reset), optionally keeping the current one. */
  /** Ends every session of the account (but `exceptId`); answers how many were still live. */
  destroyAllForUser(userId: string, exceptId?: string): Promise<number>;
}

/** 256 random bits, base64url: 43 characters. Anything else cannot be one of ours. */
const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;

const sessionKey = (id: string) => `session:${id}`;
const userSessionsKey = (userId: string) => `user-sessions:${userId}`;

export function createSessionStore(redis: Redis, lifetimes: { idleSeconds: number; absoluteSeconds: number } = defaultSessionLifetimes): SessionStore {
  const { absoluteSeconds } = lifetimes;
  /** What a session's expiry is set or renewed to: the idle time, never past the absolute limit. */
  const idleSeconds = Math.min(lifetimes.idleSeconds, absoluteSeconds);

  async function destroy(id: string): Promise<void> {
    if (!sessionIdPattern.test(id)) return;
    const raw = await redis.get(sessionKey(id));
    await redis.del(sessionKey(id));
    if (raw) {
      const stored = storedSessionSchema.safeParse(JSON.parse(raw));
      if (stored.success) await redis.srem(userSessionsKey(stored.data.userId), id);
    }
  }

  function readPlan(id: string): { key: string; idleSeconds: number } | undefined {
    return sessionIdPattern.test(id) ? { key: sessionKey(id), idleSeconds } : undefined;
  }

  async function resolveRead(id: string, raw: string | null): Promise<Session | null> {
    if (!raw) return null;
    const stored = storedSessionSchema.safeParse(JSON.parse(raw));
    if (!stored.success) return null;
    const remainingSeconds = Math.floor((stored.data.expiresAt - Date.now()) / 1000);
    if (remainingSeconds <= 0) {
      await destroy(id);
      return null;
    }
    // Only within the last idle period before the absolute limit does the renewed expiry need
    // a second command to be cut short.
    if (remainingSeconds < idleSeconds) await redis.expire(sessionKey(id), remainingSeconds);
    return { id, ...stored.data };
  }

  return {
    async create(user) {
      const id = randomBytes(32).toString('base64url');
      const createdAt = Date.now();
      const stored = { userId: user.userId, role: user.role, email: user.email, createdAt, expiresAt: createdAt + absoluteSeconds * 1000 };
      await redis
        .multi()
        .set(sessionKey(id), JSON.stringify(stored), 'EX', idleSeconds)
        .sadd(userSessionsKey(user.userId), id)
        .expire(userSessionsKey(user.userId), absoluteSeconds)
        .exec();
      return id;
    },

    async get(id) {
      const plan = readPlan(id);
      if (!plan) return null;
      // One command per request: GETEX reads the session and renews its idle expiry together (on
      // a missing key it does nothing; Redis 6.2 or later). A client that auto-pipelines (the
      // gateway's) batches it with the other requests' commands.
      return resolveRead(id, await redis.getex(plan.key, 'EX', plan.idleSeconds));
    },

    readPlan,
    resolveRead,

    destroy,

    async destroyAllForUser(userId, exceptId) {
      const ids = await redis.smembers(userSessionsKey(userId));
      const ending = ids.filter((id) => id !== exceptId);
      if (ending.length === 0) return 0;
      const results = await redis
        .multi()
        .del(...ending.map(sessionKey))
        .srem(userSessionsKey(userId), ...ending)
        .exec();
      // The set also names sessions that expired by themselves: DEL counts only the live ones.
      const [deleteError, deleted] = results?.[0] ?? [null, 0];
      if (deleteError) throw deleteError;
      return Number(deleted);
    },
  };
}

/** Cookie attributes for the session cookie; Secure whenever the public URL is https. */
export function sessionCookieOptions(publicUrl: string, lifetimes: { absoluteSeconds: number } = defaultSessionLifetimes) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: new URL(publicUrl).protocol === 'https:',
    maxAge: lifetimes.absoluteSeconds * 1000,
  };
}

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface AttemptWindow {
  windowMs: number;
  /** Attempts allowed in any window; without one, every attempt is logged and none refused. */
  limit?: number;
}

export type LoggedAttempt = { logged: true; attemptId: string } | { logged: false; retryAfterMs: number };

/**
 * Sliding-window logs of attempts in Redis, shared by every instance of the service. The caller
 * gives the time, so the service's clock (a test's movable one) decides what a window holds.
 */
export interface AttemptLog {
  /** Logs an attempt at `now`, unless `limit` attempts are logged in the window up to `now`: then when one more will fit. */
  log(key: string, window: AttemptWindow, now: Date): Promise<LoggedAttempt>;
  /** Takes a logged attempt back out of the log. */
  remove(key: string, attemptId: string): Promise<void>;
}

/**
 * One atomic step, so concurrent attempts never get past the limit together: drop what left the
 * window, refuse when the window is full (answering when the entry that must leave first does),
 * else log the attempt. Scores are the caller's times in ms; the key's expiry only cleans up.
 */
const LOG_SCRIPT = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local count = redis.call('ZCARD', KEYS[1])
if limit >= 0 and count >= limit then
  local leavingFirst = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return {0, tonumber(leavingFirst[2]) + windowMs - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], windowMs)
return {1, 0}
`;

const LOG_COMMAND = 'cardirectAuthLogAttempt';
const NO_LIMIT = -1;

type RedisWithLog = Redis & {
  [LOG_COMMAND](key: string, now: number, windowMs: number, limit: number, attemptId: string): Promise<[number, number]>;
};

const keyOf = (key: string) => `auth-attempts:${key}`;

export function createAttemptLog(redis: Redis): AttemptLog {
  if (!(LOG_COMMAND in redis)) redis.defineCommand(LOG_COMMAND, { numberOfKeys: 1, lua: LOG_SCRIPT });
  const client = redis as RedisWithLog;
  return {
    async log(key, window, now) {
      const attemptId = `${now.getTime()}:${randomUUID()}`;
      const [logged, retryAfterMs] = await client[LOG_COMMAND](keyOf(key), now.getTime(), window.windowMs, window.limit ?? NO_LIMIT, attemptId);
      return logged === 1 ? { logged: true, attemptId } : { logged: false, retryAfterMs: Number(retryAfterMs) };
    },
    async remove(key, attemptId) {
      await redis.zrem(keyOf(key), attemptId);
    },
  };
}

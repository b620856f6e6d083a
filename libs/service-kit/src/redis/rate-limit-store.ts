import type { Redis } from 'ioredis';

export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  secondsLeft: number;
}

/** A key read in the same round trip as a hit, its expiry renewed only if the hit is within the limit. */
export interface ReadAlong {
  key: string;
  /** The expiry (seconds) the key is renewed to when it exists and the hit's count is at most `limit`. */
  renewSeconds: number;
  limit: number;
}

export interface RateLimitStore {
  /** Counts one hit on `key` in a fixed window of `windowSeconds` that starts at the first hit. */
  hit(key: string, windowSeconds: number): Promise<RateLimitCount>;
  /**
   * hit(), and in the same atomic step reads `along.key` (null when missing), renewing its expiry
   * only when the count is within `along.limit`: one round trip where a hit and, say, a session
   * read would otherwise be two, one after the other.
   */
  hitAndRead(key: string, windowSeconds: number, along: ReadAlong): Promise<RateLimitCount & { value: string | null }>;
}

/**
 * One hit as a single atomic script: start the window (a counter with the window's expiry) unless
 * it runs, count, and read the seconds left. Atomic like a MULTI of the three commands, but one
 * command, so a client that auto-pipelines (the gateway's) sends it together with the other
 * requests' commands instead of writing a transaction of its own per request.
 */
const HIT_SCRIPT = `
redis.call('SET', KEYS[1], '0', 'EX', ARGV[1], 'NX')
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
return {count, ttl}
`;

/** HIT_SCRIPT, then GET the second key and, within the limit, renew its expiry. */
const HIT_AND_READ_SCRIPT = `
redis.call('SET', KEYS[1], '0', 'EX', ARGV[1], 'NX')
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
local value = redis.call('GET', KEYS[2])
if value and count <= tonumber(ARGV[3]) then
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
return {count, ttl, value}
`;

const HIT_COMMAND = 'cardirectRateLimitHit';
const HIT_AND_READ_COMMAND = 'cardirectRateLimitHitAndRead';

type RedisWithHit = Redis & {
  [HIT_COMMAND](key: string, windowSeconds: number): Promise<[number, number]>;
  [HIT_AND_READ_COMMAND](key: string, readKey: string, windowSeconds: number, renewSeconds: number, limit: number): Promise<[number, number, string | null]>;
};

/** Fixed-window counters in Redis, shared by every instance of a service. */
export function createRateLimitStore(redis: Redis): RateLimitStore {
  if (!(HIT_COMMAND in redis)) redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
  if (!(HIT_AND_READ_COMMAND in redis)) redis.defineCommand(HIT_AND_READ_COMMAND, { numberOfKeys: 2, lua: HIT_AND_READ_SCRIPT });
  const client = redis as RedisWithHit;
  return {
    async hit(key, windowSeconds) {
      const [count, ttl] = await client[HIT_COMMAND](`rate-limit:${key}`, windowSeconds);
      return { count: Number(count), secondsLeft: ttl > 0 ? Number(ttl) : windowSeconds };
    },
    async hitAndRead(key, windowSeconds, along) {
      const [count, ttl, value] = await client[HIT_AND_READ_COMMAND](`rate-limit:${key}`, along.key, windowSeconds, along.renewSeconds, along.limit);
      return { count: Number(count), secondsLeft: ttl > 0 ? Number(ttl) : windowSeconds, value: value ?? null };
    },
  };
}

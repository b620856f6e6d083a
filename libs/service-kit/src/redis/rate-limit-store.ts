import type { Redis } from 'ioredis';

export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  secondsLeft: number;
}

export interface RateLimitStore {
  /** Counts one hit on `key` in a fixed window of `windowSeconds` that starts at the first hit. */
  hit(key: string, windowSeconds: number): Promise<RateLimitCount>;
}

/** Fixed-window counters in Redis, shared by every instance of a service. */
export function createRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowSeconds) {
      const redisKey = `rate-limit:${key}`;
      const results = await redis.multi().set(redisKey, '0', 'EX', windowSeconds, 'NX').incr(redisKey).ttl(redisKey).exec();
      if (!results) throw new Error('Rate limit transaction was aborted');
      for (const [error] of results) if (error) throw error;
      const count = Number(results[1][1]);
      const ttl = Number(results[2][1]);
      return { count, secondsLeft: ttl > 0 ? ttl : windowSeconds };
    },
  };
}

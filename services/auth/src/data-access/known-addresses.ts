import type { Redis } from 'ioredis';

export interface KnownAddressPolicy {
  /** An address not seen again for this long is forgotten. */
  forgetAfterMs: number;
  /** Only the addresses seen last are kept, so one account's set stays small. */
  keepLatest: number;
}

/**
 * The client addresses each account logged in from, in Redis (one sorted set per account, scored
 * by the last login's time). The caller passes an address's keyed digest, never the address.
 */
export interface KnownAddresses {
  remember(account: string, addressDigest: string, now: Date, policy: KnownAddressPolicy): Promise<void>;
  /** Whether the account logged in from the address at `since` or later. */
  seenSince(account: string, addressDigest: string, since: Date): Promise<boolean>;
}

const keyOf = (account: string) => `auth-known-addresses:${account}`;

export function createKnownAddresses(redis: Redis): KnownAddresses {
  return {
    async remember(account, addressDigest, now, policy) {
      const key = keyOf(account);
      await redis
        .multi()
        .zadd(key, now.getTime(), addressDigest)
        .zremrangebyscore(key, '-inf', now.getTime() - policy.forgetAfterMs)
        .zremrangebyrank(key, 0, -(policy.keepLatest + 1))
        .pexpire(key, policy.forgetAfterMs)
        .exec();
    },
    async seenSince(account, addressDigest, since) {
      const lastSeen = await redis.zscore(keyOf(account), addressDigest);
      return lastSeen !== null && Number(lastSeen) >= since.getTime();
    },
  };
}

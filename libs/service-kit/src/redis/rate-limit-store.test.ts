import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../testing/test-redis';
import { createRateLimitStore } from './rate-limit-store';

let testRedis: TestRedis;
let redis: Redis;

beforeAll(async () => {
  testRedis = await startTestRedis();
  redis = new Redis(testRedis.url);
});

afterAll(async () => {
  redis.disconnect();
  await testRedis.stop();
});

describe('createRateLimitStore', () => {
  it('When a key is hit, then the count rises within a window that starts at the first hit', async () => {
    const store = createRateLimitStore(redis);
    const key = `test:${randomUUID()}`;

    const first = await store.hit(key, 60);
    const second = await store.hit(key, 60);

    expect(first).toEqual({ count: 1, secondsLeft: 60 });
    expect(second.count).toBe(2);
    expect(second.secondsLeft).toBeGreaterThan(55);
    expect(await redis.ttl(`rate-limit:${key}`)).toBeGreaterThan(55);
  });

  it('When a hit reads another key along, then it gets its value and renews its expiry only within the limit', async () => {
    const store = createRateLimitStore(redis);
    const key = `test:${randomUUID()}`;
    const along = `along:${randomUUID()}`;
    await redis.set(along, 'stored value', 'EX', 100);

    const within = await store.hitAndRead(key, 60, { key: along, renewSeconds: 1000, limit: 2 });
    const ttlWithin = await redis.ttl(along);
    await redis.expire(along, 100);
    await store.hit(key, 60);
    const over = await store.hitAndRead(key, 60, { key: along, renewSeconds: 1000, limit: 2 });
    const ttlOver = await redis.ttl(along);
    const missing = await store.hitAndRead(`test:${randomUUID()}`, 60, { key: `along:${randomUUID()}`, renewSeconds: 1000, limit: 2 });

    expect(within).toEqual({ count: 1, secondsLeft: 60, value: 'stored value' });
    expect(ttlWithin).toBeGreaterThan(990);
    expect(over).toMatchObject({ count: 3, value: 'stored value' });
    expect(ttlOver).toBeLessThanOrEqual(100);
    expect(missing).toEqual({ count: 1, secondsLeft: 60, value: null });
  });
});

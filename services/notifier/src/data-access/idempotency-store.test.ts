import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis, waitForRedis } from '@cardirect/service-kit';
import { startRedisServer, type RedisServerHandle } from '@cardirect/service-kit/testing';
import { createIdempotencyStore } from './idempotency-store';

let redis: RedisServerHandle;

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  await redis?.stop();
});

describe('idempotency store', () => {
  it('When Redis drops out just after a send, then the sent mark is written once Redis is back', async () => {
    // Arrange
    const client = createRedis(redis.url);
    await waitForRedis(client);
    const store = createIdempotencyStore(client);
    const key = `test:${Date.now()}`;
    expect(await store.claim(key)).toBe('claimed');
    await redis.stop();

    // Act
    const marking = store.markSent(key);
    redis = await startRedisServer({ port: redis.port });
    await marking;

    // Assert
    expect(await store.claim(key)).toBe('already-sent');
    await closeRedis(client);
  });
});

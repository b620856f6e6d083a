import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A Redis client for request paths: commands fail fast while Redis is down (instead of queueing
 * for ever) and the client keeps reconnecting in the background.
 */
export function createRedis(url: string, options: { logger?: Logger; name?: string } & RedisOptions = {}): Redis {
  const { logger, name, ...redisOptions } = options;
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    connectionName: name,
    ...redisOptions,
  });
  let reportedDown = false;
  redis.on('error', (error) => {
    // ioredis repeats the error at every reconnect attempt; one line per outage is enough.
    if (!reportedDown) logger?.warn({ err: error }, 'Redis unavailable');
    reportedDown = true;
  });
  redis.on('ready', () => {
    if (reportedDown) logger?.info('Redis available again');
    reportedDown = false;
  });
  return redis;
}

/** Waits until the client has connected, or rejects after timeoutMs. */
export async function waitForRedis(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    function onReady() {
      clearTimeout(timer);
      resolve();
    }
    redis.once('ready', onReady);
  });
}

/** A readiness check: Redis answers PING. */
export function redisReadinessCheck(redis: Redis): () => Promise<unknown> {
  return () => redis.ping();
}

/** Closes the client, dropping the connection if Redis does not answer QUIT. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await Promise.race([redis.quit(), new Promise((_resolve, reject) => setTimeout(() => reject(new Error('quit timeout')), 1_000))]);
  } catch {
    redis.disconnect();
  }
}

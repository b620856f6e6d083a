import { startRedisServer } from '../infra/redis-server';
import { dockerIsAvailable } from './docker';

export interface TestRedis {
  url: string;
  kind: 'external' | 'testcontainers' | 'redis-server';
  stop(): Promise<void>;
  /**
   * Stop and start again on the same port (private redis-server only). For a longer outage, call
   * stop() and later `startRedisServer({ port })` with the port from the url.
   */
  restart?: () => Promise<void>;
}

/**
 * A Redis for tests: REDIS_URL when set, else a testcontainers Redis when a Docker engine answers,
 * else a private redis-server from PATH on a free port (no persistence), killed on stop.
 * Each call gets its own server, except with REDIS_URL.
 */
export async function startTestRedis(): Promise<TestRedis> {
  if (process.env.REDIS_URL) {
    return { url: process.env.REDIS_URL, kind: 'external', stop: async () => undefined };
  }
  if (await dockerIsAvailable()) {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return {
      url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
      kind: 'testcontainers',
      stop: async () => {
        await container.stop();
      },
    };
  }
  const server = await startRedisServer();
  return { url: server.url, kind: 'redis-server', stop: server.stop, restart: server.restart };
}

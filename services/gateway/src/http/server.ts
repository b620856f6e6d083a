import { closeRedis, createLogger, createRedis, listen, waitForRedis, type RunningService } from '@cardirect/service-kit';
import type { GatewayConfig } from '../config';
import { createApp } from './app';
import { createGatewayUpstreams } from '../upstream/upstreams';

/**
 * Starts the gateway: Redis for sessions, a connection pool per service instance, the HTTP server.
 * Like the services, it listens only once Redis has connected, so its first answers are not 503s.
 */
export async function start(config: GatewayConfig): Promise<RunningService> {
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  // Every API request reads its session: auto-pipelining sends the commands of the requests in
  // flight together, one socket write per event-loop turn instead of one per command.
  const redis = createRedis(config.REDIS_URL, { logger, name: 'gateway', enableAutoPipelining: true });
  try {
    await waitForRedis(redis, 10_000);
  } catch (error) {
    await closeRedis(redis);
    throw error;
  }
  const upstreams = createGatewayUpstreams(config);
  const app = createApp({ config, logger, redis, upstreams });
  return listen(app, {
    host: config.HOST,
    port: config.PORT,
    logger,
    name: 'gateway',
    onClose: async () => {
      for (const upstream of Object.values(upstreams)) upstream?.close();
      await closeRedis(redis);
    },
  });
}

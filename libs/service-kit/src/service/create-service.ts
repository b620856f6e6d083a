import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import type { HttpServiceConfig } from '../config/service-env';
import { errorHandler, notFoundHandler } from '../errors/error-handler';
import { healthRoutes, type ReadinessCheck } from '../health/health-routes';
import { httpLogger } from '../http/http-logger';
import { jsonBodies } from '../http/json-body';
import { createHttpServer } from '../http/lingering-close';
import { verifyIdentity } from '../identity/identity-middleware';

export interface RunningService {
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then closes the service's connections. */
  stop(): Promise<void>;
}

export interface ServiceDefinition {
  name: string;
  config: HttpServiceConfig;
  logger: Logger;
  /** Mounts the service's routes (under the same /api/... paths the gateway forwards). */
  routes(router: Router): void;
  readinessChecks?: Record<string, ReadinessCheck>;
  /** Closes what the service opened (mongoose connection, Redis, queues) after the server stopped. */
  onClose?: () => Promise<void>;
  /** How long in-flight requests may take to finish on stop. */
  shutdownGraceMs?: number;
}

/**
 * The express app every service shares: request id + logging, probes, identity verification,
 * JSON body limit, the service's routes, JSON 404 and the single error handler.
 */
export function buildServiceApp(definition: Omit<ServiceDefinition, 'onClose' | 'shutdownGraceMs'>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(httpLogger(definition.logger));
  app.use(healthRoutes(definition.name, definition.readinessChecks ?? {}));
  app.use(verifyIdentity(definition.config.IDENTITY_SECRET));
  app.use(jsonBodies(definition.config.BODY_LIMIT));
  const router = express.Router();
  definition.routes(router);
  app.use(router);
  app.use(notFoundHandler());
  app.use(errorHandler(definition.logger));
  return app;
}

/** Listens on config.HOST:config.PORT (0 = a free port) and returns how to reach and stop it. */
export async function listen(
  app: Express,
  options: { host: string; port: number; logger: Logger; name: string; onClose?: () => Promise<void>; shutdownGraceMs?: number },
): Promise<RunningService> {
  const server: Server = createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${port}`;
  options.logger.info({ url }, `${options.name} listening`);

  let stopping: Promise<void> | undefined;
  async function stop(): Promise<void> {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
      await closed;
      clearTimeout(grace);
      await options.onClose?.();
      options.logger.info(`${options.name} stopped`);
    })();
    return stopping;
  }
  return { url, port, stop };
}

/** buildServiceApp + listen: what a service's start() usually is once its connections are open. */
export function createService(definition: ServiceDefinition): { app: Express; start(): Promise<RunningService> } {
  const app = buildServiceApp(definition);
  return {
    app,
    start: () =>
      listen(app, {
        host: definition.config.HOST,
        port: definition.config.PORT,
        logger: definition.logger,
        name: definition.name,
        onClose: definition.onClose,
        shutdownGraceMs: definition.shutdownGraceMs,
      }),
  };
}

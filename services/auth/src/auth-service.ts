import {
  closeEventsQueue,
  closeRedis,
  connectMongo,
  createEventsQueue,
  createLogger,
  createRedis,
  createService,
  createSessionStore,
  defaultSessionLifetimes,
  mongoReadinessCheck,
  redisReadinessCheck,
  startOutboxRelay,
  waitForRedis,
  type Logger,
  type OutboxRelay,
  type PeriodicTask,
  type RunningService,
} from '@cardirect/service-kit';
import type { AuthConfig } from './config';
import { accountModel } from './data-access/account-model';
import { createAccountRepository } from './data-access/account-repository';
import { createAttemptLog } from './data-access/attempt-log';
import { createDealerDirectoryClient } from './data-access/dealer-directory-client';
import { createKnownAddresses } from './data-access/known-addresses';
import { createListingConfirmationsClient } from './data-access/listing-confirmations-client';
import { sellerLoginModel } from './data-access/seller-login-model';
import { createSellerLoginRepository } from './data-access/seller-login-repository';
import { ensureConfiguredAdmin } from './domain/admin-accounts';
import type { AuthDependencies } from './domain/auth-dependencies';
import { mountAuthRoutes } from './entry-points/auth-routes';
import { redisOutageAs503 } from './entry-points/dependency-outage';
import { mountInternalRoutes } from './entry-points/internal-routes';
import { startUnfinishedRegistrationSweep } from './entry-points/unfinished-registration-sweep';

export interface StartAuthOptions {
  /** The clock of every use case; tests move it instead of waiting. */
  now?: () => Date;
  /** Replaces the service's own logger (tests read what it writes). */
  logger?: Logger;
  /** How often the outbox relay looks for events to send. */
  relayIntervalMs?: number;
  /** How often registrations cut off half-way are settled (default every minute). */
  registrationSweepIntervalMs?: number;
}

/** Opens MongoDB and Redis, makes sure the configured admin exists, and serves `/api/auth` and `/internal`. */
export async function startAuthService(config: AuthConfig, options: StartAuthOptions = {}): Promise<RunningService> {
  const logger = options.logger ?? createLogger({ name: 'auth', level: config.LOG_LEVEL });
  const connection = await connectMongo(config.MONGODB_URI, config.MONGODB_DB, { logger });
  const redis = createRedis(config.REDIS_URL, { logger, name: 'auth' });
  const queue = createEventsQueue(config.REDIS_URL);
  let relay: OutboxRelay | undefined;
  let registrationSweep: PeriodicTask | undefined;
  const close = async () => {
    await registrationSweep?.stop();
    await relay?.stop();
    await closeEventsQueue(queue);
    await closeRedis(redis);
    await connection.close();
  };
  try {
    await waitForRedis(redis, 10_000);
    const accounts = accountModel(connection);
    const sellerLogins = sellerLoginModel(connection);
    await Promise.all([accounts.init(), sellerLogins.init()]);

    const deps: AuthDependencies = {
      accounts: createAccountRepository(accounts),
      sellerLogins: createSellerLoginRepository(sellerLogins),
      sessions: createSessionStore(redis, defaultSessionLifetimes),
      dealers: createDealerDirectoryClient({ baseUrl: config.DEALER_SERVICE_URL, secret: config.IDENTITY_SECRET }),
      listings: createListingConfirmationsClient({ baseUrl: config.VEHICLE_SERVICE_URL, secret: config.IDENTITY_SECRET }),
      attempts: createAttemptLog(redis),
      knownAddresses: createKnownAddresses(redis),
      digestSecret: config.IDENTITY_SECRET,
      now: options.now ?? (() => new Date()),
      relayNow: () => relay?.nudge(),
    };
    await ensureConfiguredAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, deps, logger);
    relay = startOutboxRelay({ models: [accounts, sellerLogins], queue, logger, intervalMs: options.relayIntervalMs });
    registrationSweep = startUnfinishedRegistrationSweep(deps, { intervalMs: options.registrationSweepIntervalMs ?? 60_000, logger });

    const service = createService({
      name: 'auth',
      config,
      logger,
      routes: (router) => {
        mountAuthRoutes(router, deps, config.PUBLIC_URL);
        mountInternalRoutes(router, deps);
        router.use(redisOutageAs503(redis));
      },
      readinessChecks: { mongo: mongoReadinessCheck(connection), redis: redisReadinessCheck(redis) },
      onClose: close,
    });
    return await service.start();
  } catch (error) {
    await close();
    throw error;
  }
}

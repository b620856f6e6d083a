import {
  closeEventsQueue,
  connectMongo,
  createEventsQueue,
  createLogger,
  createService,
  mongoReadinessCheck,
  startOutboxRelay,
  type Logger,
  type OutboxRelay,
  type RunningService,
} from '@cardirect/service-kit';
import type { DealerConfig } from './config';
import { createAuthAccountsClient } from './data-access/auth-accounts-client';
import { dealerProfileModel } from './data-access/dealer-profile-model';
import { createDealerProfileRepository } from './data-access/dealer-profile-repository';
import { createVehicleOffersClient } from './data-access/vehicle-offers-client';
import type { DealerDependencies } from './domain/dealer-dependencies';
import { mountDealerRoutes } from './entry-points/dealer-routes';
import { mountInternalRoutes } from './entry-points/internal-routes';

export interface StartDealerOptions {
  /** The clock of every use case; tests move it instead of waiting. */
  now?: () => Date;
  /** Replaces the service's own logger (tests read what it writes). */
  logger?: Logger;
  /** How often the outbox relay looks for events to send. */
  relayIntervalMs?: number;
}

/** Opens MongoDB and the events queue, and serves `/api/dealers` and `/internal/dealers`. */
export async function startDealerService(config: DealerConfig, options: StartDealerOptions = {}): Promise<RunningService> {
  const logger = options.logger ?? createLogger({ name: 'dealer', level: config.LOG_LEVEL });
  const connection = await connectMongo(config.MONGODB_URI, config.MONGODB_DB, { logger });
  const queue = createEventsQueue(config.REDIS_URL);
  let relay: OutboxRelay | undefined;
  const close = async () => {
    await relay?.stop();
    await closeEventsQueue(queue);
    await connection.close();
  };
  try {
    const profiles = dealerProfileModel(connection);
    await profiles.init();
    const deps: DealerDependencies = {
      profiles: createDealerProfileRepository(profiles),
      authAccounts: createAuthAccountsClient({ baseUrl: config.AUTH_SERVICE_URL, secret: config.IDENTITY_SECRET }),
      vehicleOffers: createVehicleOffersClient({ baseUrl: config.VEHICLE_SERVICE_URL, secret: config.IDENTITY_SECRET }),
      now: options.now ?? (() => new Date()),
    };
    relay = startOutboxRelay({ models: [profiles], queue, logger, intervalMs: options.relayIntervalMs });
    const service = createService({
      name: 'dealer',
      config,
      logger,
      routes: (router) => {
        mountDealerRoutes(router, deps);
        mountInternalRoutes(router, deps);
      },
      readinessChecks: { mongo: mongoReadinessCheck(connection) },
      onClose: close,
    });
    return await service.start();
  } catch (error) {
    await close();
    throw error;
  }
}

import express, { type Express } from 'express';
import type { Logger } from 'pino';
import {
  buildServiceApp,
  closeEventsQueue,
  connectMongo,
  createEventsQueue,
  errorHandler,
  jsonBodies,
  listen,
  mongoReadinessCheck,
  startOutboxRelay,
  verifyIdentity,
  type RunningService,
} from '@cardirect/service-kit';
import { openCatalogue, type Catalogue } from './catalogue';
import type { VehicleConfig } from './config';
import { contactAccessModel } from './data-access/contact-access-model';
import { createContactAccessRepository } from './data-access/contact-access-repository';
import { createDealClockQueue } from './data-access/deal-clock-queue';
import { dealModel, fillMissingDealListFields } from './data-access/deal-model';
import { createDealRepository } from './data-access/deal-repository';
import { createDealerDirectory } from './data-access/dealer-directory';
import { dealerRecordModel } from './data-access/dealer-record-model';
import { createDealerRecordRepository } from './data-access/dealer-record-repository';
import { offerModel } from './data-access/offer-model';
import { createOfferRepository } from './data-access/offer-repository';
import { createPhotoStore } from './data-access/photo-store';
import { savedSearchMatchModel, savedSearchModel } from './data-access/saved-search-model';
import { createSavedSearchRepository } from './data-access/saved-search-repository';
import { fillMissingAdminSearchText, fillMissingDealerListKeys, vehicleModel } from './data-access/vehicle-model';
import { createVehiclePhotoFiles } from './data-access/vehicle-photo-files';
import { createVehicleRepository } from './data-access/vehicle-repository';
import type { DomainContext } from './domain/context';
import { cleanStoredPhotos } from './domain/photos/clean-stored-photos';
import { catalogueRoutes } from './entry-points/catalogue-routes';
import { startDealClockWorker } from './entry-points/deal-clock-worker';
import { startDealResume } from './entry-points/deal-resume';
import { dealRoutes } from './entry-points/deal-routes';
import { dealerSuspensionRoutes } from './entry-points/dealer-suspension-routes';
import { listingConfirmationRoutes } from './entry-points/listing-confirmation-routes';
import { offerRoutes } from './entry-points/offer-routes';
import { startOfferExpirySweep } from './entry-points/offer-expiry-sweep';
import { startReserveCheckSweep } from './entry-points/reserve-check-sweep';
import { photoRoutes } from './entry-points/photo-routes';
import { startSavedSearchDigests } from './entry-points/saved-search-digests';
import { startSavedSearchMatchSweep } from './entry-points/saved-search-match-sweep';
import { savedSearchRoutes } from './entry-points/saved-search-routes';
import { sellerListingRoutes } from './entry-points/seller-listing-routes';
import { startUnconfirmedListingSweep } from './entry-points/unconfirmed-listing-sweep';
import { vehicleRoutes } from './entry-points/vehicle-routes';
import { watchlistRoutes } from './entry-points/watchlist-routes';

export interface VehicleServiceOptions {
  logger: Logger;
  /** The clock of the domain (offer expiry, the deals' deadlines and timelines); tests move it. */
  now?: () => Date;
}

/**
 * Only the submission and the dealer's hand-over carry photos: they alone get the large body
 * limit, parsed before the service's shared app (whose parser then leaves the parsed body alone).
 * The identity is checked first, so an unsigned caller cannot make the service read 70 MB.
 */
function withLargeSubmissionBodies(app: Express, settings: VehicleConfig, logger: Logger): Express {
  const outer = express();
  outer.disable('x-powered-by');
  const largeJson = [verifyIdentity(settings.IDENTITY_SECRET), jsonBodies(settings.SUBMISSION_BODY_LIMIT)];
  outer.post('/api/vehicles', ...largeJson);
  outer.post('/api/deals/:dealId/hand-over', ...largeJson);
  outer.use(app);
  outer.use(errorHandler(logger));
  return outer;
}

function buildRoutes(catalogue: Catalogue, context: DomainContext) {
  return (router: express.Router) => {
    catalogueRoutes(router, catalogue);
    watchlistRoutes(router, context);
    savedSearchRoutes(router, context);
    vehicleRoutes(router, context);
    photoRoutes(router, context);
    offerRoutes(router, context);
    listingConfirmationRoutes(router, context);
    dealerSuspensionRoutes(router, context);
    sellerListingRoutes(router, context);
    dealRoutes(router, context);
  };
}

/**
 * Opens the catalogue and MongoDB, starts the outbox relay, the sweeps (expired offers, listings
 * never confirmed, minimum prices' checks, saved searches' matching), the saved searches' digest,
 * the deals' clock worker and resume pass, and serves the vehicle API. stop() closes all of it, in
 * the reverse order.
 */
export async function startVehicleService(settings: VehicleConfig, options: VehicleServiceOptions): Promise<RunningService> {
  const { logger } = options;
  const catalogue = await openCatalogue({ cacheDir: settings.CATALOGUE_CACHE_DIR, logger });
  const connection = await connectMongo(settings.MONGODB_URI, settings.MONGODB_DB, { logger }).catch((error: unknown) => {
    catalogue.close();
    throw error;
  });
  const vehicles = vehicleModel(connection);
  const offers = offerModel(connection);
  const deals = dealModel(connection);
  const savedSearches = savedSearchModel(connection);
  const savedSearchMatches = savedSearchMatchModel(connection);
  const models = [vehicles, offers, deals, dealerRecordModel(connection), contactAccessModel(connection), savedSearches, savedSearchMatches];
  await Promise.all(models.map((model) => model.init()));
  const searchTextsFilled = await fillMissingAdminSearchText(vehicles);
  if (searchTextsFilled > 0) logger.info({ vehicles: searchTextsFilled }, 'admin search text filled in for cars stored before it existed');
  const listKeysFilled = await fillMissingDealerListKeys(vehicles);
  if (listKeysFilled > 0) logger.info({ vehicles: listKeysFilled }, 'dealer list sort keys filled in for cars stored before them');
  const dealListFieldsFilled = await fillMissingDealListFields(deals, vehicles);
  if (dealListFieldsFilled > 0) logger.info({ deals: dealListFieldsFilled }, "admin's deal list keys and search texts filled in for deals stored before them");
  const now = options.now ?? (() => new Date());
  const photos = createPhotoStore(connection.db!);
  // Before serving: no instance then ever holds an uncleaned photo's file id or bytes in its memory.
  await cleanStoredPhotos({ photos, vehiclePhotos: createVehiclePhotoFiles(vehicles), now }, logger);

  const dealClocks = createDealClockQueue(settings.REDIS_URL, logger);
  const context: DomainContext = {
    catalogueNames: (make, model) => catalogue.names(make, model),
    knownCatalogueNames: (make, model) => catalogue.knownNames(make, model),
    vehicles: createVehicleRepository(vehicles, { listingStateCacheMs: settings.LISTING_STATE_CACHE_MS }),
    photos,
    dealerRecords: createDealerRecordRepository(dealerRecordModel(connection)),
    offers: createOfferRepository(offers),
    contactAccess: createContactAccessRepository(contactAccessModel(connection)),
    deals: createDealRepository(deals),
    dealClocks,
    dealerDirectory: createDealerDirectory({ baseUrl: settings.DEALER_SERVICE_URL, secret: settings.IDENTITY_SECRET, logger }),
    savedSearches: createSavedSearchRepository(savedSearches, savedSearchMatches),
    unsubscribeSecret: settings.IDENTITY_SECRET,
    offerValidityHours: settings.OFFER_VALIDITY_HOURS,
    now,
  };

  const queue = createEventsQueue(settings.REDIS_URL);
  const relay = startOutboxRelay({ models: [vehicles, offers, deals, savedSearches, savedSearchMatches], queue, logger, intervalMs: settings.OUTBOX_RELAY_INTERVAL_MS });
  const sweep = startOfferExpirySweep(context, { intervalMs: settings.OFFER_SWEEP_INTERVAL_MS, logger });
  const clockWorker = startDealClockWorker(context, { redisUrl: settings.REDIS_URL, logger, lockMs: settings.DEAL_CLOCK_LOCK_MS });
  // At once and then now and then: a crash between a step's write and the scheduling of its clocks loses nothing.
  const dealResume = startDealResume(context, { intervalMs: settings.DEAL_RESUME_INTERVAL_MS, logger });
  const unconfirmedSweep = startUnconfirmedListingSweep(context, { intervalMs: settings.UNCONFIRMED_LISTING_SWEEP_INTERVAL_MS, logger });
  const reserveSweep = startReserveCheckSweep(context, { intervalMs: settings.RESERVE_CHECK_SWEEP_INTERVAL_MS, logger });
  const savedSearchSweep = startSavedSearchMatchSweep(context, { intervalMs: settings.SAVED_SEARCH_MATCH_INTERVAL_MS, logger });
  const digests = startSavedSearchDigests(context, { redisUrl: settings.REDIS_URL, pattern: settings.SAVED_SEARCH_DIGEST_PATTERN, logger });

  const app = buildServiceApp({
    name: 'vehicle',
    config: settings,
    logger,
    routes: buildRoutes(catalogue, context),
    readinessChecks: { mongo: mongoReadinessCheck(connection) },
  });
  return listen(withLargeSubmissionBodies(app, settings, logger), {
    host: settings.HOST,
    port: settings.PORT,
    logger,
    name: 'vehicle',
    onClose: async () => {
      await dealResume.stop();
      await clockWorker.close();
      await sweep.stop();
      await unconfirmedSweep.stop();
      await reserveSweep.stop();
      await savedSearchSweep.stop();
      await digests.close();
      await relay.stop();
      await closeEventsQueue(queue);
      await dealClocks.close();
      await connection.close();
      catalogue.close();
    },
  });
}

import path from 'node:path';
import { bodyLimitSchema, loadConfig, serviceEnvShape, urlListSchema } from '@cardirect/service-kit';
import { z } from 'zod';

const positiveInteger = (fallback: number) => z.coerce.number().int().positive('must be a positive whole number').default(fallback);

const vehicleEnvSchema = z.object({
  ...serviceEnvShape({ defaultPort: 4003, defaultDbName: 'cardirect_vehicle' }),
  DEALER_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4002']),
  /** Where the prepared vPIC catalogue file is kept between starts (preparing it takes seconds). */
  CATALOGUE_CACHE_DIR: z.string().min(1).default(path.resolve('.cache/catalogue')),
  /**
   * POST /api/vehicles (up to 20 photos) and POST /api/deals/{id}/hand-over (up to 10) only: photos
   * of up to 5 MB each as base64 data URLs, plus the fields; not 20 at 5 MB (docs/decisions.md).
   */
  SUBMISSION_BODY_LIMIT: bodyLimitSchema.default('72mb'),
  OFFER_VALIDITY_HOURS: positiveInteger(48),
  OFFER_SWEEP_INTERVAL_MS: positiveInteger(60_000),
  /** How often listings whose confirmation link expired unused are removed. */
  UNCONFIRMED_LISTING_SWEEP_INTERVAL_MS: positiveInteger(10 * 60_000),
  OUTBOX_RELAY_INTERVAL_MS: positiveInteger(1_000),
  /** How often the minimum prices' checks that came due are run (the seller's e-mail after seven days without an offer reaching it). */
  RESERVE_CHECK_SWEEP_INTERVAL_MS: positiveInteger(5 * 60_000),
  /** How often the cars confirmed since the last pass are matched against the dealers' saved searches (their instant e-mails wait this long at most). */
  SAVED_SEARCH_MATCH_INTERVAL_MS: positiveInteger(5_000),
  /** When the saved searches' daily digests are sent: a cron pattern in UTC (14:00, the morning across the US). */
  SAVED_SEARCH_DIGEST_PATTERN: z.string().min(1).default('0 14 * * *'),
  /** How often the deals' resume pass re-schedules open deals' clocks and finishes what a crash left (it also runs at start). */
  DEAL_RESUME_INTERVAL_MS: positiveInteger(10 * 60_000),
  /**
   * How long a deal clock's job stays taken by a process that took it; a process that died with it
   * gives it back after this (BullMQ's lock duration and stalled-job check).
   */
  DEAL_CLOCK_LOCK_MS: positiveInteger(30_000),
  /**
   * How long a car's photos and listing state, as any read found them, may decide a photo request
   * without reading the car again (0: never); the dealer list's own staleness at the gateway. See
   * createVehicleRepository.
   */
  LISTING_STATE_CACHE_MS: z.coerce.number().int().min(0, 'must be 0 or more').default(1_000),
});

export type VehicleConfig = z.infer<typeof vehicleEnvSchema>;

export function loadVehicleConfig(env: Record<string, string | undefined> = process.env): VehicleConfig {
  return loadConfig('vehicle', vehicleEnvSchema, env);
}

import { loadConfig, portSchema, serviceEnvShape, urlListSchema, urlSchema } from '@cardirect/service-kit';
import { z } from 'zod';

const { MONGODB_URI: _mongoUri, MONGODB_DB: _mongoDb, ...commonEnv } = serviceEnvShape({ defaultPort: 4004 });

const positiveInteger = (fallback: number) => z.coerce.number().int().positive('must be a positive whole number').default(fallback);

const notifierEnvSchema = z.object({
  ...commonEnv,
  SMTP_URL: urlSchema.default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('CarDirect <no-reply@cardirect.local>'),
  /** Where a reply reaches CarDirect's staff, on the e-mails that invite one (a dealer's suspension); MAIL_FROM reads none. */
  MAIL_REPLY_TO: z.string().min(3).default('CarDirect <support@cardirect.local>'),
  SMTP_MAX_CONNECTIONS: positiveInteger(5),
  /** The notifier asks these for recipients (dealers near a car, account e-mails). */
  DEALER_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4002']),
  AUTH_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4001']),
  /** Dealers within this many miles of a submitted car's ZIP are told about it. */
  NOTIFY_RADIUS_MILES: positiveInteger(100),
  NOTIFIER_CONCURRENCY: positiveInteger(8),
  EMAIL_ATTEMPTS: positiveInteger(8),
  EMAIL_RETRY_DELAY_MS: positiveInteger(2_000),
  /** How long a sent e-mail is remembered, so a redelivered event does not send it twice. */
  EMAIL_IDEMPOTENCY_TTL_SECONDS: positiveInteger(7 * 24 * 60 * 60),
  /**
   * Where Prometheus reads the queue depths (`GET /metrics`, entry-points/queue-metrics.ts): a port
   * of its own, outside the gateway's reach and the identity check. Unset: no metrics server (the
   * local stack, tests that start several notifiers in one process).
   */
  METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), portSchema.min(1, 'must be between 1 and 65535').optional()),
}).refine((config) => config.METRICS_PORT !== config.PORT, { path: ['METRICS_PORT'], message: 'must differ from PORT' });

export type NotifierConfig = z.infer<typeof notifierEnvSchema>;

export function loadNotifierConfig(env: Record<string, string | undefined> = process.env): NotifierConfig {
  return loadConfig('notifier', notifierEnvSchema, env);
}

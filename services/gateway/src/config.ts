import { bodyLimitSchema, loadConfig, optionalString, portSchema, serviceEnvShape, urlListSchema, urlSchema, defaultSessionLifetimes } from '@cardirect/service-kit';
import { z } from 'zod';

const { MONGODB_URI: _mongoUri, MONGODB_DB: _mongoDb, SMTP_URL: _smtpUrl, ...commonEnv } = serviceEnvShape({ defaultPort: 8080 });

/** REMOTE_MAP: a JSON object of remote name → manifest URL (absolute, or a path on the gateway). */
const remoteMapSchema = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object of remote name to manifest URL' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.string().min(1), { message: 'must be a JSON object of remote name to manifest URL' }));

const positiveInteger = (fallback: number) => z.coerce.number().int().positive('must be a positive whole number').default(fallback);

/**
 * TRUST_PROXY: which proxies in front of the gateway may name the client in X-Forwarded-For, as
 * express's 'trust proxy' takes it: a hop count ("1") or addresses/subnets ("loopback, 10.0.0.0/8").
 */
const trustProxySchema = z
  .string()
  .trim()
  .min(1, 'must be a hop count or a list of proxy addresses')
  .transform((text): number | string => (/^\d+$/.test(text) ? Number(text) : text));

const gatewayEnvSchema = z.object({
  ...commonEnv,
  // The gateway is the public entry, so it listens on every interface unless told otherwise.
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: portSchema.default(8080),
  /** Each member's URL, or its instances' URLs separated by commas (see urlListSchema). */
  AUTH_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4001']),
  DEALER_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4002']),
  VEHICLE_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4003']),
  /** The notifier serves the e-mail queue dashboard (admins only) at /admin/queues. */
  NOTIFIER_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4004']),
  /** POST /api/vehicles only (up to 10 photos of 5 MB as data URLs); BODY_LIMIT applies to the rest. */
  SUBMISSION_BODY_LIMIT: bodyLimitSchema.default('72mb'),
  STATIC_ROOT: optionalString(),
  REMOTE_MAP: z.preprocess((value) => (value === '' ? undefined : value), remoteMapSchema.optional()),
  MAIL_CATCHER_URL: z.preprocess((value) => (value === '' ? undefined : value), urlSchema.optional()),
  SESSION_IDLE_SECONDS: positiveInteger(defaultSessionLifetimes.idleSeconds),
  SESSION_ABSOLUTE_SECONDS: positiveInteger(defaultSessionLifetimes.absoluteSeconds),
  UPSTREAM_CONNECT_TIMEOUT_MS: positiveInteger(1_000),
  UPSTREAM_TIMEOUT_MS: positiveInteger(30_000),
  TRUST_PROXY: trustProxySchema.default('loopback'),
  /**
   * Host names besides PUBLIC_URL's that the gateway answers for (comma-separated), for callers
   * inside the network that use another name (a Service name, say); any other Host gets 421.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((name) => name.trim()).filter(Boolean)),
  /** Requests to /api and /admin/queues per client address per minute, over every gateway instance. */
  API_RATE_LIMIT_PER_MINUTE: positiveInteger(1_200),
  /** Vehicle submissions per client address per hour, over every gateway instance. */
  SUBMISSIONS_PER_HOUR: positiveInteger(20),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig('gateway', gatewayEnvSchema, env);
}

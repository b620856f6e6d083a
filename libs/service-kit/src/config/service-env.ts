import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An optional env var: an empty string counts as unset, so `FOO=` in a .env file means "use the default". */
export function optionalString() {
  return z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
}

export const portSchema = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

export const identitySecretSchema = z
  .string({ message: 'is required (the HMAC secret shared by the gateway and the services)' })
  .min(32, 'must be at least 32 characters long');

export const urlSchema = z.url({ message: 'must be a URL' });

function isHttpUrl(text: string): boolean {
  return urlSchema.safeParse(text).success && ['http:', 'https:'].includes(new URL(text).protocol);
}

/**
 * Where a member of CarDirect answers: one URL (in Kubernetes, its Service's, which spreads the
 * calls itself) or, where nothing spreads them (the local stack running a member N times), its
 * instances' URLs separated by commas: `http://127.0.0.1:4103,http://127.0.0.1:4113`. Parsed to the
 * list; the caller spreads its calls over it. A problem names the entry, never its text (a URL may
 * carry credentials).
 */
export const urlListSchema = z
  .string({ message: 'must be a URL, or several separated by commas' })
  .transform((text, context) => {
    const entries = text.split(',').map((entry) => entry.trim());
    const problems = entries.map((entry, index): string | undefined => {
      const which = entries.length === 1 ? undefined : `entry ${index + 1} of ${entries.length}`;
      if (!isHttpUrl(entry)) {
        return which ? `${which} is not an http:// or https:// URL` : 'must be an http:// or https:// URL, or several separated by commas';
      }
      const first = entries.findIndex((other) => isHttpUrl(other) && new URL(other).href === new URL(entry).href);
      return first < index ? `${which} repeats entry ${first + 1}: each instance is listed once` : undefined;
    });
    for (const message of problems) if (message) context.addIssue({ code: 'custom', message });
    return problems.some(Boolean) ? z.NEVER : entries;
  });

/** A body size in the notation express understands, e.g. "100kb", "1mb". */
export const bodyLimitSchema = z
  .string()
  .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, 'must be a size such as 100kb or 5mb');

/**
 * The variables every HTTP service of CarDirect reads. Spread the shape into a service's own
 * schema: `z.object({ ...serviceEnvShape({ defaultPort: 4001, defaultDbName: 'cardirect_auth' }), ADMIN_EMAIL: ... })`.
 */
export function serviceEnvShape(defaults: { defaultPort: number; defaultDbName?: string; defaultBodyLimit?: string }) {
  return {
    PORT: portSchema.default(defaults.defaultPort),
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
    MONGODB_URI: urlSchema.default('mongodb://127.0.0.1:27017'),
    MONGODB_DB: z.string().min(1).default(defaults.defaultDbName ?? 'cardirect'),
    REDIS_URL: urlSchema.default('redis://127.0.0.1:6379'),
    IDENTITY_SECRET: identitySecretSchema,
    PUBLIC_URL: urlSchema.default('http://localhost:8080'),
    BODY_LIMIT: bodyLimitSchema.default(defaults.defaultBodyLimit ?? '1mb'),
    SMTP_URL: optionalString(),
  };
}

/** What createService needs from a service's config (any config built from serviceEnvShape has it). */
export interface HttpServiceConfig {
  PORT: number;
  HOST: string;
  LOG_LEVEL: (typeof logLevels)[number];
  IDENTITY_SECRET: string;
  BODY_LIMIT: string;
}


import { loadConfig, serviceEnvShape, urlListSchema } from '@cardirect/service-kit';
import { z } from 'zod';

const authEnvSchema = z.object({
  ...serviceEnvShape({ defaultPort: 4001, defaultDbName: 'cardirect_auth' }),
  DEALER_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4002']),
  /** Where a listing's confirmation link is checked (the vehicle service owns listings). */
  VEHICLE_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4003']),
  /** The admin account is created (or its password reset) at start-up from these. */
  ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).default('admin@cardirect.local'),
  ADMIN_PASSWORD: z.string({ message: 'is required (the password of the admin account created at start-up)' }).min(8, 'must be at least 8 characters long'),
});

export type AuthConfig = z.infer<typeof authEnvSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  return loadConfig('auth', authEnvSchema, env);
}

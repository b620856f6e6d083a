import { loadConfig, serviceEnvShape, urlListSchema } from '@cardirect/service-kit';
import { z } from 'zod';

const dealerEnvSchema = z.object({
  ...serviceEnvShape({ defaultPort: 4002, defaultDbName: 'cardirect_dealer' }),
  AUTH_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4001']),
  /** Where a suspended dealer's pending offers are withdrawn. */
  VEHICLE_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4003']),
});

export type DealerConfig = z.infer<typeof dealerEnvSchema>;

export function loadDealerConfig(env: Record<string, string | undefined> = process.env): DealerConfig {
  return loadConfig('dealer', dealerEnvSchema, env);
}

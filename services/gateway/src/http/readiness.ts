import { redisReadinessCheck, type ReadinessCheck } from '@cardirect/service-kit';
import type { Redis } from 'ioredis';

function serviceReadiness(baseUrl: string): ReadinessCheck {
  return async () => {
    const response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(1_500) });
    if (!response.ok) throw new Error(`readyz answered ${response.status}`);
  };
}

/** The gateway is ready when Redis answers and every service it forwards to says it is ready. */
export function gatewayReadinessChecks(redis: Redis, services: Record<string, string>): Record<string, ReadinessCheck> {
  return {
    redis: redisReadinessCheck(redis),
    ...Object.fromEntries(Object.entries(services).map(([name, baseUrl]) => [name, serviceReadiness(baseUrl)])),
  };
}

import { redisReadinessCheck, type ReadinessCheck } from '@cardirect/service-kit';
import type { Redis } from 'ioredis';

async function instanceReadiness(baseUrl: string): Promise<void> {
  const response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(1_500) });
  if (!response.ok) throw new Error(`readyz answered ${response.status}`);
}

/** A member is ready when one of its instances is: the proxy sends a request that reaches no instance on to the next. */
function memberReadiness(baseUrls: readonly string[]): ReadinessCheck {
  return async () => {
    try {
      await Promise.any(baseUrls.map(instanceReadiness));
    } catch (error) {
      const reasons = (error as AggregateError).errors.map((reason: unknown) => (reason instanceof Error ? reason.message : String(reason)));
      throw new Error(reasons.length === 1 ? reasons[0] : `no instance is ready: ${reasons.join('; ')}`, { cause: error });
    }
  };
}

/** The gateway is ready when Redis answers and every member it forwards to has an instance that says it is ready. */
export function gatewayReadinessChecks(redis: Redis, members: Record<string, readonly string[]>): Record<string, ReadinessCheck> {
  return {
    redis: redisReadinessCheck(redis),
    ...Object.fromEntries(Object.entries(members).map(([name, baseUrls]) => [name, memberReadiness(baseUrls)])),
  };
}

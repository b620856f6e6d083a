import { Router } from 'express';

/** A dependency check: resolves when the dependency answers, rejects (or times out) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface DependencyStatus {
  status: 'up' | 'down';
  error?: string;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; each dependency's status is reported, whatever the others do. */
export async function runReadinessChecks(checks: Record<string, ReadinessCheck>): Promise<{ ready: boolean; checks: Record<string, DependencyStatus> }> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, DependencyStatus]> => {
      try {
        await withTimeout(Promise.resolve().then(check), CHECK_TIMEOUT_MS);
        return [name, { status: 'up' }];
      } catch (error) {
        return [name, { status: 'down', error: error instanceof Error ? error.message : String(error) }];
      }
    }),
  );
  return { ready: entries.every(([, status]) => status.status === 'up'), checks: Object.fromEntries(entries) };
}

/**
 * `/healthz`: the process is alive (200 as long as it can answer).
 * `/readyz`: every dependency answers → 200, otherwise 503; both list each dependency's status.
 */
export function healthRoutes(serviceName: string, checks: Record<string, ReadinessCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: serviceName });
  });
  router.get('/readyz', async (_req, res) => {
    const result = await runReadinessChecks(checks);
    res.status(result.ready ? 200 : 503).json({ status: result.ready ? 'ready' : 'not ready', service: serviceName, checks: result.checks });
  });
  return router;
}

import type { Logger } from 'pino';
import type { AuthDependencies } from '../domain/auth-dependencies';
import { settleUnfinishedRegistrations } from '../domain/dealer-registration';

export interface UnfinishedRegistrationSweep {
  stop(): Promise<void>;
}

/**
 * Settles registrations cut off half-way (a kill or a database outage between the dealer profile
 * and the account's activation) even when the dealer never tries again: otherwise the admin would
 * see a pending dealer who got no receipt and could never log in.
 */
export function startUnfinishedRegistrationSweep(deps: AuthDependencies, options: { intervalMs: number; logger: Logger }): UnfinishedRegistrationSweep {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function sweep(): Promise<void> {
    try {
      const settled = await settleUnfinishedRegistrations(deps);
      if (settled.finished + settled.removed > 0) options.logger.info(settled, 'Settled registrations cut off half-way');
    } catch (error) {
      options.logger.warn({ err: error }, 'Unfinished registration sweep failed; retrying at the next interval');
    }
    if (!stopped) timer = setTimeout(() => (running = sweep()), options.intervalMs);
  }

  timer = setTimeout(() => (running = sweep()), options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

import type { Logger } from 'pino';
import { startPeriodicTask, type PeriodicTask } from '@cardirect/service-kit';
import type { AuthDependencies } from '../domain/auth-dependencies';
import { settleUnfinishedRegistrations } from '../domain/dealer-registration';

/**
 * Settles registrations cut off half-way (a kill or a database outage between the dealer profile
 * and the account's activation) even when the dealer never tries again: otherwise the admin would
 * see a pending dealer who got no receipt and could never log in.
 */
export function startUnfinishedRegistrationSweep(deps: AuthDependencies, options: { intervalMs: number; logger: Logger }): PeriodicTask {
  return startPeriodicTask({
    name: 'Unfinished registration sweep',
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      const settled = await settleUnfinishedRegistrations(deps);
      if (settled.finished + settled.removed > 0) options.logger.info(settled, 'Settled registrations cut off half-way');
    },
  });
}

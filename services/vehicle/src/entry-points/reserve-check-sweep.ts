import type { Logger } from 'pino';
import { startPeriodicTask, type PeriodicTask } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { runDueReserveChecks } from '../domain/reserve-price';

/**
 * Runs the minimum prices' checks as they come due (seven days after a listing's confirmation or
 * its minimum's last lowering). A sweep rather than a delayed job per car: the due time lives on the
 * car, where a lowering moves it and an offer reaching the minimum removes it in the same write
 * that decides, so there is no job to cancel, and any instance may run it (see runDueReserveChecks).
 */
export function startReserveCheckSweep(context: DomainContext, options: { intervalMs: number; logger: Logger }): PeriodicTask {
  return startPeriodicTask({
    name: 'Minimum price check sweep',
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      const sent = await runDueReserveChecks(context);
      if (sent > 0) options.logger.info({ sent }, 'Sellers told that no offer reached their minimum price');
    },
  });
}

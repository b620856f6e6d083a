import type { Logger } from 'pino';
import { startPeriodicTask, type PeriodicTask } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { resumeDeals } from '../domain/deals/resume-deals';

/**
 * The deals' resume pass (resume-deals.ts), at once at start and then every `intervalMs`: a
 * process that died between a step's write and the scheduling of its clocks (or its car change)
 * loses nothing, as the next start, or the next pass of any instance, does what it left. Adding a
 * clock's job again is a no-op (fixed job ids), so the pass is safe to run anywhere, any time.
 */
export function startDealResume(context: DomainContext, options: { intervalMs: number; logger: Logger }): PeriodicTask {
  return startPeriodicTask({
    name: 'Deal resume pass',
    intervalMs: options.intervalMs,
    firstRunAfterMs: 0,
    logger: options.logger,
    async run() {
      const resumed = await resumeDeals(context);
      if (resumed.opened > 0 || resumed.carsUpdated > 0) options.logger.info(resumed, 'Deals resumed');
    },
  });
}

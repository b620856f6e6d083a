import type { Logger } from 'pino';
import { startPeriodicTask, type PeriodicTask } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { matchNewListings } from '../domain/saved-searches/match-saved-searches';

/**
 * Matches the cars confirmed since the last pass against the dealers' saved searches, every few
 * seconds. A pass rather than work done in the confirmation itself: the marked car waits for it,
 * so a crash, or the dealer service being away (a search with a distance needs the dealership's
 * ZIP), delays the e-mails instead of losing them; any instance may run it (see matchNewListings).
 */
export function startSavedSearchMatchSweep(context: DomainContext, options: { intervalMs: number; logger: Logger }): PeriodicTask {
  return startPeriodicTask({
    name: 'Saved search matching',
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      const emailed = await matchNewListings(context);
      if (emailed > 0) options.logger.info({ emailed }, 'Dealers told of new cars that fit their saved searches');
    },
  });
}

import type { Logger } from 'pino';
import { startPeriodicTask, type PeriodicTask } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { removeExpiredUnconfirmedListings } from '../domain/listing-confirmation';

/** Removes listings whose seller never confirmed the contact address within the link's validity. */
export function startUnconfirmedListingSweep(context: DomainContext, options: { intervalMs: number; logger: Logger }): PeriodicTask {
  return startPeriodicTask({
    name: 'Unconfirmed listing sweep',
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      const removed = await removeExpiredUnconfirmedListings(context);
      if (removed > 0) options.logger.info({ removed }, 'Removed listings never confirmed');
    },
  });
}

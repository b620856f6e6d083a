import type { Logger } from 'pino';
import { startPeriodicTask, type PeriodicTask } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { expireDueOffers } from '../domain/offers/expire-offers';

/**
 * Expires offers whose time is over even when nobody reads them, so dealers hear about it
 * (`offer.expired`). Reads expire offers too; the sweep only makes it timely.
 */
export function startOfferExpirySweep(context: DomainContext, options: { intervalMs: number; logger: Logger }): PeriodicTask {
  return startPeriodicTask({
    name: 'Offer expiry sweep',
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      const expired = await expireDueOffers(context);
      if (expired > 0) options.logger.info({ expired }, 'Expired offers');
    },
  });
}

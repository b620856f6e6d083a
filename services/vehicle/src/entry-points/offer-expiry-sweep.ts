import type { Logger } from 'pino';
import type { DomainContext } from '../domain/context';
import { expireDueOffers } from '../domain/offers/expire-offers';

export interface OfferExpirySweep {
  stop(): Promise<void>;
}

/**
 * Expires offers whose time is over even when nobody reads them, so dealers hear about it
 * (`offer.expired`). Reads expire offers too; the sweep only makes it timely.
 */
export function startOfferExpirySweep(context: DomainContext, options: { intervalMs: number; logger: Logger }): OfferExpirySweep {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function sweep(): Promise<void> {
    try {
      const expired = await expireDueOffers(context);
      if (expired > 0) options.logger.info({ expired }, 'Expired offers');
    } catch (error) {
      options.logger.warn({ err: error }, 'Offer expiry sweep failed; retrying at the next interval');
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

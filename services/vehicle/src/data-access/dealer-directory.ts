import type { DealerProfileRef } from '@cardirect/contracts';
import { createInternalClient } from '@cardirect/service-kit';
import type { Logger } from 'pino';

export interface DealerDirectory {
  /** The dealership name of a dealer account, for the seller's offer list; undefined when not known. */
  dealershipNameOf(userId: string, requestId?: string): Promise<string | undefined>;
}

/**
 * Asks the dealer service's internal API (`GET /internal/dealers/by-user/:userId`, signed, short
 * timeout). An offer must not fail because that service is slow or down, so any failure answers
 * undefined and the caller falls back to the dealer's e-mail.
 */
export function createDealerDirectory(options: { baseUrl: string; secret: string; logger: Logger; timeoutMs?: number }): DealerDirectory {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 2_000 });
  return {
    async dealershipNameOf(userId, requestId) {
      try {
        const profile = await client.get<Partial<DealerProfileRef> | undefined>(`/internal/dealers/by-user/${encodeURIComponent(userId)}`, { requestId });
        return profile?.dealershipName?.trim() || undefined;
      } catch (error) {
        options.logger.warn({ err: error, userId }, 'Dealership name lookup failed; using the dealer e-mail');
        return undefined;
      }
    },
  };
}

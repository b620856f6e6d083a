import { AppError, createInternalClient, serviceUnavailable } from '@cardirect/service-kit';
import type { WithdrawnDealerOffers } from '@cardirect/contracts';

/** What the dealer service asks of the vehicle service, which owns the offers. */
export interface VehicleOffers {
  /** Withdraws every pending offer of a dealer's account, each seller told; idempotent. */
  withdrawDealerOffers(userId: string, requestId?: string): Promise<WithdrawnDealerOffers>;
}

/** The vehicle service failing is an outage for the admin (503, try again), not an error of theirs. */
function asOutage(error: unknown): never {
  if (error instanceof AppError && error.status < 500) throw error;
  throw serviceUnavailable('The vehicle service is unavailable right now. Please try again in a moment.');
}

export function createVehicleOffersClient(options: { baseUrl: string | readonly string[]; secret: string; timeoutMs?: number }): VehicleOffers {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 5_000 });
  return {
    withdrawDealerOffers: (userId, requestId) =>
      client.post<WithdrawnDealerOffers>(`/internal/dealers/${encodeURIComponent(userId)}/offers/withdraw`, { requestId }).catch(asOutage),
  };
}

import { AppError, createInternalClient, serviceUnavailable } from '@cardirect/service-kit';
import type { ConfirmedListing } from '@cardirect/contracts';

/** What auth asks of the vehicle service, which owns the listings and their confirmation links. */
export interface ListingConfirmations {
  /** Confirms the listing of the link's token once; the vehicle service's 4xx (not valid any more, say) passes on. */
  confirm(token: string, requestId?: string): Promise<ConfirmedListing>;
}

export function createListingConfirmationsClient(options: { baseUrl: string | readonly string[]; secret: string; timeoutMs?: number }): ListingConfirmations {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 5_000 });
  return {
    confirm: (token, requestId) =>
      client.post<ConfirmedListing>('/internal/listing-confirmations', { body: { token }, requestId }).catch((error: unknown) => {
        if (error instanceof AppError && error.status < 500) throw error;
        throw serviceUnavailable('Listings cannot be confirmed right now. Please try again in a moment.');
      }),
  };
}

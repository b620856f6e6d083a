import { AppError, createInternalClient, serviceUnavailable } from '@cardirect/service-kit';

/** What the dealer service asks of the auth service, which owns the accounts. */
export interface AuthAccounts {
  /** Deletes a dealer's account and ends its sessions; succeeds when it is already gone. */
  deleteDealerAccount(userId: string, requestId?: string): Promise<void>;
}

export function createAuthAccountsClient(options: { baseUrl: string; secret: string; timeoutMs?: number }): AuthAccounts {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 5_000 });
  return {
    async deleteDealerAccount(userId, requestId) {
      try {
        await client.delete(`/internal/dealer-accounts/${encodeURIComponent(userId)}`, { requestId });
      } catch (error) {
        // Auth failing is an outage for the admin (503, try again), not an error of theirs.
        if (error instanceof AppError && error.status < 500) throw error;
        throw serviceUnavailable('The account service is unavailable right now. Please try again in a moment.');
      }
    },
  };
}

import { createInternalClient } from '@cardirect/service-kit';

/** What the dealer service asks of the auth service, which owns the accounts. */
export interface AuthAccounts {
  /** Deletes a dealer's account and ends its sessions; succeeds when it is already gone. */
  deleteDealerAccount(userId: string, requestId?: string): Promise<void>;
}

export function createAuthAccountsClient(options: { baseUrl: string; secret: string; timeoutMs?: number }): AuthAccounts {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 5_000 });
  return {
    async deleteDealerAccount(userId, requestId) {
      await client.delete(`/internal/dealer-accounts/${encodeURIComponent(userId)}`, { requestId });
    },
  };
}

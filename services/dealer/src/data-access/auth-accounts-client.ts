import { AppError, createInternalClient, serviceUnavailable } from '@cardirect/service-kit';
import type { EndedSessions } from '@cardirect/contracts';

/** What the dealer service asks of the auth service, which owns the accounts. */
export interface AuthAccounts {
  /** Deletes a dealer's account and ends its sessions; succeeds when it is already gone. */
  deleteDealerAccount(userId: string, requestId?: string): Promise<void>;
  /** Ends every session of a dealer's account, so its next request is anonymous; idempotent. */
  endSessions(userId: string, requestId?: string): Promise<EndedSessions>;
}

/** Auth failing is an outage for the admin (503, try again), not an error of theirs. */
function asOutage(error: unknown): never {
  if (error instanceof AppError && error.status < 500) throw error;
  throw serviceUnavailable('The account service is unavailable right now. Please try again in a moment.');
}

export function createAuthAccountsClient(options: { baseUrl: string | readonly string[]; secret: string; timeoutMs?: number }): AuthAccounts {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 5_000 });
  const accountPath = (userId: string) => `/internal/dealer-accounts/${encodeURIComponent(userId)}`;
  return {
    async deleteDealerAccount(userId, requestId) {
      await client.delete(accountPath(userId), { requestId }).catch(asOutage);
    },

    endSessions: (userId, requestId) => client.post<EndedSessions>(`${accountPath(userId)}/sessions/end`, { requestId }).catch(asOutage),
  };
}

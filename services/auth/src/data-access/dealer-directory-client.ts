import { AppError, createInternalClient, serviceUnavailable } from '@cardirect/service-kit';
import type { DealerProfileCreate, DealerProfileRef } from '@cardirect/contracts';

/** What auth asks of the dealer service, which owns the dealer profiles and their approval. */
export interface DealerDirectory {
  /** Idempotent by userId: a retry answers the profile the first call created. */
  createProfile(profile: DealerProfileCreate, requestId?: string): Promise<DealerProfileRef>;
  /** The account's dealer profile, null when it has none. */
  findProfile(userId: string, requestId?: string): Promise<DealerProfileRef | null>;
  /** Removes the pending profile of a registration being rolled back; succeeds when there is none. */
  withdrawProfile(userId: string, requestId?: string): Promise<void>;
}

/** The dealer service failing is an outage for our caller (503), not an error of theirs. */
function asOutage(error: unknown): never {
  if (error instanceof AppError && error.status < 500) throw error;
  throw serviceUnavailable('The dealer directory is unavailable right now. Please try again in a moment.');
}

export function createDealerDirectoryClient(options: { baseUrl: string | readonly string[]; secret: string; timeoutMs?: number }): DealerDirectory {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 5_000 });
  const profilePath = (userId: string) => `/internal/dealers/by-user/${encodeURIComponent(userId)}`;
  return {
    createProfile: (profile, requestId) => client.post<DealerProfileRef>('/internal/dealers', { body: profile, requestId }).catch(asOutage),

    async findProfile(userId, requestId) {
      try {
        return await client.get<DealerProfileRef>(profilePath(userId), { requestId });
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        return asOutage(error);
      }
    },

    async withdrawProfile(userId, requestId) {
      await client.delete(profilePath(userId), { requestId }).catch(asOutage);
    },
  };
}

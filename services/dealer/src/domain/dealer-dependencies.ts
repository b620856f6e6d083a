import type { AuthAccounts } from '../data-access/auth-accounts-client';
import type { DealerProfileRepository } from '../data-access/dealer-profile-repository';

/** What the dealer use cases work with; tests pass their own clock. */
export interface DealerDependencies {
  profiles: DealerProfileRepository;
  authAccounts: AuthAccounts;
  now: () => Date;
}

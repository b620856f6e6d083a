import type { AuthAccounts } from '../data-access/auth-accounts-client';
import type { DealerProfileRepository } from '../data-access/dealer-profile-repository';
import type { VehicleOffers } from '../data-access/vehicle-offers-client';

/** What the dealer use cases work with; tests pass their own clock. */
export interface DealerDependencies {
  profiles: DealerProfileRepository;
  authAccounts: AuthAccounts;
  vehicleOffers: VehicleOffers;
  now: () => Date;
}

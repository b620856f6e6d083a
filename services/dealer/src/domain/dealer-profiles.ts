import type { DealerProfileCreate, DealerProfileRef } from '@cardirect/contracts';
import type { DealerProfile } from '../data-access/dealer-profile-repository';
import type { DealerDependencies } from './dealer-dependencies';

/**
 * The profile half of a dealer registration (auth creates the account, then asks for this).
 * Idempotent by account: a retried call answers the profile the first call created.
 */
export async function createDealerProfile(input: DealerProfileCreate, deps: Pick<DealerDependencies, 'profiles'>): Promise<DealerProfileRef> {
  const profile = await deps.profiles.createOnce({
    userId: input.userId,
    email: input.email,
    dealershipName: input.dealershipName,
    phoneNumber: input.phoneNumber,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    zip5: input.zipCode.slice(0, 5),
  });
  return toProfileRef(profile);
}

function toProfileRef(profile: DealerProfile): DealerProfileRef {
  return { dealerId: profile.id, dealershipName: profile.dealershipName, isApproved: profile.isApproved };
}

/**
 * Whether the account's dealer may work (approved, and not suspended: auth asks at every dealer
 * login), its name and phone (for the vehicle service: the seller's offer list, and the seller once
 * they accept its offer), and its ZIP code (what the dealer list's distance filter measures from).
 */
export async function findDealerApproval(userId: string, deps: Pick<DealerDependencies, 'profiles'>): Promise<DealerProfileRef | null> {
  const profile = await deps.profiles.findByUserId(userId);
  if (!profile) return null;
  const { phoneNumber, zipCode, address, city, state } = profile;
  return { ...toProfileRef(profile), isSuspended: Boolean(profile.suspension), phoneNumber, zipCode, address, city, state };
}

/** Undoes a registration whose account auth is rolling back; an approved dealer is never removed this way. */
export async function withdrawPendingProfile(userId: string, deps: Pick<DealerDependencies, 'profiles'>): Promise<void> {
  await deps.profiles.deletePendingByUserId(userId);
}

import { notFound } from '@cardirect/service-kit';
import type { DealerView } from '@cardirect/contracts';
import type { DealerProfile } from '../data-access/dealer-profile-repository';

export const dealerNotFound = () => notFound('Dealer not found');

/** A profile as the admin's Dealers tab shows it. */
export function toDealerView(profile: DealerProfile): DealerView {
  const { suspension } = profile;
  return {
    id: profile.id,
    userId: profile.userId,
    dealershipName: profile.dealershipName,
    isApproved: profile.isApproved,
    city: profile.city,
    state: profile.state,
    zipCode: profile.zipCode,
    address: profile.address,
    phoneNumber: profile.phoneNumber,
    createdAt: profile.createdAt.toISOString(),
    user: { email: profile.email },
    ...(suspension ? { suspension: { reason: suspension.reason, since: suspension.since.toISOString(), by: suspension.byEmail } } : {}),
    adminActions: profile.adminActions.map((entry) => ({
      action: entry.action,
      by: entry.byEmail,
      at: entry.at.toISOString(),
      ...(entry.reason ? { reason: entry.reason } : {}),
    })),
  };
}

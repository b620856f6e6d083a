import zipcodes from 'zipcodes';
import type { NearbyDealer, NearbyDealersQuery } from '@cardirect/contracts';
import type { DealerDependencies } from './dealer-dependencies';

/**
 * Approved dealers, suspended ones left out, whose ZIP lies within the radius of a ZIP (straight-line miles), nearest
 * first: who the notifier tells about a new car. A ZIP the reference data does not know has no
 * neighbours.
 */
export async function findApprovedDealersNear(query: NearbyDealersQuery, deps: Pick<DealerDependencies, 'profiles'>): Promise<NearbyDealer[]> {
  const approved = await deps.profiles.listApproved();
  const nearby: NearbyDealer[] = [];
  for (const profile of approved) {
    const distanceMiles = zipcodes.distance(query.zip, profile.zip5);
    if (distanceMiles === null || distanceMiles > query.radiusMiles) continue;
    nearby.push({ dealerId: profile.id, dealershipName: profile.dealershipName, email: profile.email, zipCode: profile.zipCode, distanceMiles });
  }
  return nearby.sort((a, b) => a.distanceMiles - b.distanceMiles || a.dealershipName.localeCompare(b.dealershipName));
}

import type { VehicleStatus } from '@cardirect/contracts';

/** The statuses under which a car is on offer to dealers; an admin takes rejected and completed cars off the market. */
export const LISTED_STATUSES: readonly VehicleStatus[] = ['new', 'contacted', 'pending', 'approved'];

/** What decides whether a dealer may see a car. */
export interface DealerVisibilityFacts {
  status: VehicleStatus;
  acceptedOffer?: { dealerId: string };
  pendingConfirmation?: unknown;
  withdrawal?: unknown;
}

/**
 * Whether this dealer may see the car, its details and photos: never before the seller confirmed
 * the listing, nor once the seller withdrew it (only possible before an offer was accepted, so no
 * dealer is its buyer); while it is on the market, any approved dealer; once the admin took it off
 * (rejected or completed), only the dealer whose offer the seller accepted: the buyer keeps its
 * record of the sale.
 */
export function dealerMaySee(car: DealerVisibilityFacts, dealerId: string): boolean {
  if (car.pendingConfirmation || car.withdrawal) return false;
  return LISTED_STATUSES.includes(car.status) || car.acceptedOffer?.dealerId === dealerId;
}

/**
 * Whether the listing is on the market (confirmed, not withdrawn, no offer accepted, not taken off):
 * only then is its minimum changed, its seller e-mailed about it, or dealers told that it fits their searches.
 */
export function isOnMarket(car: DealerVisibilityFacts & { acceptedOffer?: unknown }): boolean {
  return !car.withdrawal && !car.acceptedOffer && !car.pendingConfirmation && LISTED_STATUSES.includes(car.status);
}

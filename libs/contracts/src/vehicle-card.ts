// Apart from vehicle.ts (and its zod schemas): the shell's first script uses these on every page.
import type { VehicleView } from './vehicle';

/** The dashboards' first screen of cards (two rows of three on a wide screen): their photos load first. */
export const FIRST_SCREEN_CARDS = 6;

/** The card image: the thumbnail made for cards, else the single photo, else the first of the photos (spec section 3). */
export function cardImageUrlOf(vehicle: Pick<VehicleView, 'photoUrl' | 'photoUrls' | 'thumbnailUrl'>): string | undefined {
  return vehicle.thumbnailUrl ?? vehicle.photoUrl ?? vehicle.photoUrls?.[0];
}

/**
 * GET /api/vehicles/mine for these cars: a dealer's own status and offer on each card of a page
 * (the list is the same for every dealer). Built in one place because the shell starts this call
 * early for the dashboard's first page, and only a request for the very same URL is adopted.
 */
export function ownRecordsPathOf(vehicleIds: readonly string[]): string {
  return `/api/vehicles/mine?${new URLSearchParams({ vehicleIds: vehicleIds.join(',') })}`;
}

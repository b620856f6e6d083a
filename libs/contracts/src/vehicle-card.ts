// Apart from vehicle.ts (and its zod schemas): the shell's first script uses these on every page.
import type { VehicleView } from './vehicle';

/** The dashboards' first screen of cards (two rows of three on a wide screen): their photos load first. */
export const FIRST_SCREEN_CARDS = 6;

/** The card image: the thumbnail made for cards, else the single photo, else the first of the photos (spec section 3). */
export function cardImageUrlOf(vehicle: Pick<VehicleView, 'photoUrl' | 'photoUrls' | 'thumbnailUrl'>): string | undefined {
  return vehicle.thumbnailUrl ?? vehicle.photoUrl ?? vehicle.photoUrls?.[0];
}

import type { VehicleView } from '@cardirect/contracts';

/**
 * The lowest a row of cards can be: a card at its narrowest column (three columns in a 1024 px
 * window) is a 4:3 photo of about 230 px above about 200 px of text, and the grid's gap is 24 px.
 * Taking the lowest row makes the count below err on the side of one row too many, never too few.
 */
const LOWEST_CARD_ROW_PX = 420;

/**
 * How many of the dashboards' cards can be in a window of this size when it opens: the columns of
 * the cards' grid at this width (1 below 768 px, 2 below 1024, else 3) times the rows its height
 * holds. Their photos load at once; the others wait until they are scrolled near. Two rows of
 * three in a 1280 x 800 window, two cards on a phone, a whole page of 24 on a tall screen.
 */
export function firstScreenCardsIn(viewport: { innerWidth: number; innerHeight: number }): number {
  const columns = viewport.innerWidth >= 1024 ? 3 : viewport.innerWidth >= 768 ? 2 : 1;
  return columns * Math.max(1, Math.ceil(viewport.innerHeight / LOWEST_CARD_ROW_PX));
}

/** The card image: the thumbnail made for cards, else the single photo, else the first of the photos (spec section 3). */
export function cardImageUrlOf(vehicle: Pick<VehicleView, 'photoUrl' | 'photoUrls' | 'thumbnailUrl'>): string | undefined {
  return vehicle.thumbnailUrl ?? vehicle.photoUrl ?? vehicle.photoUrls?.[0];
}

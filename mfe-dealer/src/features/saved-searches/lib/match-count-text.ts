import { wholeNumberText } from '@cardirect/contracts';

/** '3 cars on the market now', '1 car on the market now', 'No cars on the market now'. */
export function matchCountText(matchCount: number): string {
  if (matchCount === 0) return 'No cars on the market now';
  return `${wholeNumberText(matchCount)} car${matchCount === 1 ? '' : 's'} on the market now`;
}

import { LISTING_STATE_LABELS, type ListingState } from '@cardirect/contracts';
import { Badge, type BadgeTone } from '@cardirect/ui';

const stateTones: Record<ListingState, BadgeTone> = {
  'awaiting-confirmation': 'yellow',
  listed: 'green',
  'offer-accepted': 'blue',
  sold: 'brand',
  withdrawn: 'grey',
  'not-listed': 'grey',
};

/** Where the listing stands for its seller; the admin's internal status of the car is not theirs to read. */
export function ListingStateBadge({ state }: { state: ListingState }) {
  return <Badge tone={stateTones[state]}>{LISTING_STATE_LABELS[state]}</Badge>;
}

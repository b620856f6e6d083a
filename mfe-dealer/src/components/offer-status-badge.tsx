import type { OfferView } from '@cardirect/contracts';
import { Badge, type BadgeTone } from '@cardirect/ui';
import { lostToAnotherOffer } from '../lib/offer-state';

const statusBadges: Record<OfferView['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  accepted: { label: 'Accepted', tone: 'green' },
  declined: { label: 'Declined', tone: 'grey' },
  expired: { label: 'Expired', tone: 'grey' },
  withdrawn: { label: 'Withdrawn', tone: 'grey' },
};

/** Where the dealer's offer stands; a decline because the seller took another offer says so. */
export function OfferStatusBadge({ offer }: { offer: Pick<OfferView, 'status' | 'declineReason'> }) {
  if (lostToAnotherOffer(offer)) return <Badge tone="grey">Another offer accepted</Badge>;
  const { label, tone } = statusBadges[offer.status];
  return <Badge tone={tone}>{label}</Badge>;
}

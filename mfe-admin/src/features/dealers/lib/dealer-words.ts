import type { DealerAdminActionName, DealerStrikeKind } from '@cardirect/contracts';

/** A line of a dealer's admin log, in words. */
export const ADMIN_ACTION_WORDS: Record<DealerAdminActionName, string> = {
  approved: 'Approved',
  suspended: 'Suspended',
  reinstated: 'Reinstated',
};

/** What each kind of strike was, in the words of the track record sellers read. */
export const STRIKE_WORDS: Record<DealerStrikeKind, string> = {
  cancelled: 'Cancelled the deal',
  lapsed: 'Let the deadline for appointment times pass',
  'unjustified-price-change': 'Price cut judged unjustified',
};

import { z } from 'zod';
import { optionalText } from './fields';
import { DEAL_MESSAGE_MAX } from './deals';

/*
 * A dealer's track record (issue 34): what its deals did, counted from the deals' append-only event
 * log. Not the per-car working record a dealer keeps (DealerOwnRecord).
 */

/** Under this many ended deals a dealer reads as "New to CarDirect". */
export const TRACK_RECORD_NEW_DEALER_DEALS = 3;
/** "Cancelled 2 of its last 10 deals": the window of recent ended deals. */
export const TRACK_RECORD_RECENT_DEALS = 10;

export interface TrackRecord {
  dealerId: string;
  dealershipName: string;
  offersMade: number;
  offersAccepted: number;
  /** Deals that ended: completed or cancelled. */
  dealsEnded: number;
  completedAtOfferedPrice: number;
  completedWithLowerPrice: number;
  /** The average cut of those completed lower, as a share of the agreed price (0.08 = 8 %); absent without any. */
  averageCutShare?: number;
  cancelledByDealer: number;
  /** Cancelled by the seller after the dealer let the 24-hour deadline pass. */
  lapsed: number;
  /** Price changes an admin judged unjustified. */
  unjustifiedPriceChanges: number;
  /** Of its last TRACK_RECORD_RECENT_DEALS ended deals, how many the dealer cancelled or let lapse. */
  recent: { ended: number; cancelledOrLapsed: number };
}

/** The record in the plain words sellers read beside an offer (and the offer e-mail), one sentence each. */
export function trackRecordWords(record: TrackRecord): string[] {
  if (record.dealsEnded < TRACK_RECORD_NEW_DEALER_DEALS) return ['New to CarDirect'];
  const completed = record.completedAtOfferedPrice + record.completedWithLowerPrice;
  const words = [`Completed ${record.completedAtOfferedPrice} of ${record.dealsEnded} sales at the offered price`];
  if (record.completedWithLowerPrice > 0 && record.averageCutShare !== undefined) {
    words.push(`Lowered the price at ${record.completedWithLowerPrice} of ${completed} hand-overs, by ${Math.round(record.averageCutShare * 100)} % on average`);
  }
  words.push(`Cancelled ${record.recent.cancelledOrLapsed} of its last ${record.recent.ended} deals`);
  if (record.unjustifiedPriceChanges > 0) {
    words.push(`${record.unjustifiedPriceChanges} price ${record.unjustifiedPriceChanges === 1 ? 'cut' : 'cuts'} judged unjustified by CarDirect`);
  }
  return words;
}

export const PRICE_CHANGE_VERDICTS = ['justified', 'unjustified'] as const;
export type PriceChangeVerdict = (typeof PRICE_CHANGE_VERDICTS)[number];

/** POST /api/deals/:dealId/price-change/verdict (admin): whether the dealer's lower price was justified. */
export const priceChangeVerdictSchema = z.object({
  verdict: z.enum(PRICE_CHANGE_VERDICTS, { error: 'Choose justified or unjustified' }),
  note: optionalText(DEAL_MESSAGE_MAX),
});
export type PriceChangeVerdictInput = z.infer<typeof priceChangeVerdictSchema>;

/**
 * Dealers flagged for an admin's review (issue 34): flagged, never suspended by this rule. A strike
 * is a deal the dealer cancelled, a deal that lapsed on its deadline, or a price cut judged
 * unjustified; a dealer is flagged with `strikes` of them within `withinDays`, or among the deals
 * of its last `ofLastDeals` ended deals.
 */
export const DEALER_FLAG_RULE = { strikes: 3, withinDays: 30, ofLastDeals: 10 } as const;

export const DEALER_STRIKE_KINDS = ['cancelled', 'lapsed', 'unjustified-price-change'] as const;
export type DealerStrikeKind = (typeof DEALER_STRIKE_KINDS)[number];

export interface DealerStrike {
  kind: DealerStrikeKind;
  dealId: string;
  vehicleId: string;
  at: string;
}

/** GET /api/deals/flagged-dealers (admin): every dealer past the rule, most strikes in 30 days first. */
export interface FlaggedDealer {
  /** The dealer's account id (DealerView.userId). */
  dealerId: string;
  dealershipName: string;
  /** Which part of the rule it passed, in words ("3 strikes in the last 30 days"). */
  reasons: string[];
  /** Its strikes, newest first. */
  strikes: DealerStrike[];
  record: TrackRecord;
}

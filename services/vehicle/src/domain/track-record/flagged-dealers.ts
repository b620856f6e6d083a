import { DEALER_FLAG_RULE, type FlaggedDealer } from '@cardirect/contracts';
import type { DomainContext } from '../context';
import { dealerFlagOf, trackRecordOf, type DealerFlag } from './track-record';

const byUrgency = (a: { dealerId: string; flag: DealerFlag }, b: { dealerId: string; flag: DealerFlag }): number =>
  b.flag.strikesWithinDays - a.flag.strikesWithinDays ||
  b.flag.strikes.length - a.flag.strikes.length ||
  Date.parse(b.flag.strikes[0]!.at) - Date.parse(a.flag.strikes[0]!.at) ||
  a.dealerId.localeCompare(b.dealerId);

/**
 * The admin's flagged dealers: every dealer past DEALER_FLAG_RULE now, with its reasons, its
 * strikes and its track record, most strikes within the rule's days first. Flagged for review
 * only: suspending one is an admin's decision. Only the dealers with enough strikes in all are
 * read, each folded from its deals' logs like its record.
 */
export async function listFlaggedDealers(context: DomainContext): Promise<FlaggedDealer[]> {
  const candidates = await context.deals.dealersWithStrikes(DEALER_FLAG_RULE.strikes);
  const dealerIds = [...candidates.keys()];
  if (dealerIds.length === 0) return [];
  const [deals, offersMade] = await Promise.all([context.deals.ofRecordForDealers(dealerIds), context.offers.countByDealers(dealerIds)]);
  const now = context.now();
  const flagged = dealerIds.flatMap((dealerId) => {
    const flag = dealerFlagOf(deals.get(dealerId) ?? [], now);
    return flag ? [{ dealerId, flag }] : [];
  });
  return flagged.sort(byUrgency).map(({ dealerId, flag }) => {
    const dealershipName = candidates.get(dealerId)!;
    return {
      dealerId,
      dealershipName,
      reasons: flag.reasons,
      strikes: flag.strikes,
      record: trackRecordOf({ dealerId, dealershipName, offersMade: offersMade.get(dealerId) ?? 0, deals: deals.get(dealerId) ?? [] }),
    };
  });
}

import { DEALER_FLAG_RULE, TRACK_RECORD_RECENT_DEALS, type DealerStrike, type DealerStrikeKind, type DealState, type TrackRecord } from '@cardirect/contracts';
import type { DealCancellation, DealPriceChangeVerdict } from '../deals/deal';
import type { DealLogEntry } from '../deals/deal-log';

/*
 * A dealer's track record (issue 34), folded from its deals' append-only logs on every read: the
 * log is written in the same write as each step, so the record is never behind a step and needs no
 * projection to keep in step (docs/decisions.md).
 */

/** What the record reads of one deal: its log, and the state a deal stored before the log is read from. */
export interface DealOfRecord {
  id: string;
  vehicleId: string;
  agreedPrice: number;
  acceptedAt: Date;
  state: DealState;
  completedAt?: Date;
  finalPrice?: number;
  cancellation?: Pick<DealCancellation, 'by' | 'reason' | 'dealerLapse' | 'at'>;
  verdict?: Pick<DealPriceChangeVerdict, 'verdict' | 'at'>;
  eventLog?: DealLogEntry[];
}

/** The log entries the record is folded from; the deal's other events change no figure. */
export const RECORD_LOG_NAMES = ['deal.opened', 'deal.completed', 'deal.cancelled', 'deal.price-change-judged'] as const satisfies ReadonlyArray<DealLogEntry['name']>;

export interface DealerActivity {
  dealerId: string;
  dealershipName: string;
  offersMade: number;
  deals: readonly DealOfRecord[];
}

/**
 * A deal's log; for a deal stored before the log existed (no opening entry), the entries its state
 * stands for, so an old deal counts exactly as if it had been logged. Its state has every step the
 * record needs: the ending and the latest verdict.
 */
export function recordLogOf(deal: DealOfRecord): DealLogEntry[] {
  if (deal.eventLog?.some((entry) => entry.name === 'deal.opened')) return deal.eventLog;
  const { agreedPrice, cancellation, verdict } = deal;
  const derived: DealLogEntry[] = [{ id: `${deal.id}:opened`, name: 'deal.opened', at: deal.acceptedAt, facts: { agreedPrice } }];
  if (deal.state === 'completed' && deal.completedAt) {
    derived.push({ id: `${deal.id}:completed`, name: 'deal.completed', at: deal.completedAt, facts: { agreedPrice, finalPrice: deal.finalPrice ?? agreedPrice } });
  }
  if (deal.state === 'cancelled' && cancellation) {
    derived.push({ id: `${deal.id}:cancelled`, name: 'deal.cancelled', at: cancellation.at, facts: { agreedPrice, by: cancellation.by, reason: cancellation.reason, dealerLapse: cancellation.dealerLapse } });
  }
  if (verdict) derived.push({ id: `${deal.id}:judged`, name: 'deal.price-change-judged', at: verdict.at, facts: { by: 'admin', verdict: verdict.verdict } });
  return derived;
}

type Ending = { at: Date } & ({ kind: 'completed'; agreedPrice: number; finalPrice: number } | { kind: 'cancelled'; byDealer: boolean; lapse: boolean });

interface DealOutcome {
  opened: boolean;
  ending?: Ending;
  /** When the standing verdict judged the deal's price cut unjustified; absent when none does. */
  unjustifiedAt?: Date;
}

/** One deal's log, replayed in the order it was written: the latest verdict stands. */
function outcomeOf(log: readonly DealLogEntry[]): DealOutcome {
  const outcome: DealOutcome = { opened: false };
  let agreedPrice: number | undefined;
  for (const { name, at, facts } of log) {
    switch (name) {
      case 'deal.opened':
        outcome.opened = true;
        agreedPrice = facts.agreedPrice;
        break;
      case 'deal.completed': {
        const agreed = facts.agreedPrice ?? agreedPrice;
        if (agreed !== undefined) outcome.ending = { at, kind: 'completed', agreedPrice: agreed, finalPrice: facts.finalPrice ?? agreed };
        break;
      }
      case 'deal.cancelled':
        // A seller's or an admin's cancellation is not the dealer's doing, unless the dealer had let its deadline pass.
        outcome.ending = { at, kind: 'cancelled', byDealer: facts.by === 'dealer', lapse: facts.dealerLapse === true };
        break;
      case 'deal.price-change-judged':
        if (facts.verdict === 'unjustified') outcome.unjustifiedAt = at;
        else delete outcome.unjustifiedAt;
        break;
      default:
        break;
    }
  }
  return outcome;
}

const countedAgainstDealer = (ending: Ending): boolean => ending.kind === 'cancelled' && (ending.byDealer || ending.lapse);

/** Four decimals: a share read as a whole percentage, the same whatever order the deals were summed in. */
const roundedShare = (share: number): number => Math.round(share * 10_000) / 10_000;

/** The dealer's record from its offers and its deals' logs: a pure fold, the same figures however often it is run. */
export function trackRecordOf(activity: DealerActivity): TrackRecord {
  const outcomes = activity.deals.map((deal) => outcomeOf(recordLogOf(deal)));
  const endings = outcomes.flatMap((outcome) => (outcome.ending ? [outcome.ending] : []));
  const completed = endings.flatMap((ending) => (ending.kind === 'completed' ? [ending] : []));
  const cancelled = endings.flatMap((ending) => (ending.kind === 'cancelled' ? [ending] : []));
  const cuts = completed.filter((ending) => ending.finalPrice < ending.agreedPrice).map((ending) => (ending.agreedPrice - ending.finalPrice) / ending.agreedPrice);
  const recent = [...endings].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, TRACK_RECORD_RECENT_DEALS);
  return {
    dealerId: activity.dealerId,
    dealershipName: activity.dealershipName,
    offersMade: activity.offersMade,
    offersAccepted: outcomes.filter((outcome) => outcome.opened).length,
    dealsEnded: endings.length,
    completedAtOfferedPrice: completed.length - cuts.length,
    completedWithLowerPrice: cuts.length,
    ...(cuts.length > 0 ? { averageCutShare: roundedShare(cuts.reduce((sum, cut) => sum + cut, 0) / cuts.length) } : {}),
    cancelledByDealer: cancelled.filter((ending) => ending.byDealer).length,
    lapsed: cancelled.filter((ending) => ending.lapse).length,
    unjustifiedPriceChanges: outcomes.filter((outcome) => outcome.unjustifiedAt !== undefined).length,
    recent: { ended: recent.length, cancelledOrLapsed: recent.filter(countedAgainstDealer).length },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface StruckDeal {
  ending?: Ending;
  strikes: DealerStrike[];
}

/**
 * What one deal holds against its dealer: its cancellation when the dealer cancelled or let it
 * lapse (at the cancellation's time), and its price cut while the standing verdict calls it
 * unjustified (at that verdict's time).
 */
function struckDealOf(deal: DealOfRecord): StruckDeal {
  const { ending, unjustifiedAt } = outcomeOf(recordLogOf(deal));
  const strike = (kind: DealerStrikeKind, at: Date): DealerStrike => ({ kind, dealId: deal.id, vehicleId: deal.vehicleId, at: at.toISOString() });
  const strikes: DealerStrike[] = [];
  if (ending?.kind === 'cancelled' && countedAgainstDealer(ending)) strikes.push(strike(ending.lapse ? 'lapsed' : 'cancelled', ending.at));
  if (unjustifiedAt) strikes.push(strike('unjustified-price-change', unjustifiedAt));
  return { ...(ending ? { ending } : {}), strikes };
}

const newestFirst = (a: DealerStrike, b: DealerStrike): number => Date.parse(b.at) - Date.parse(a.at);

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const STRIKE_WORDS: Record<DealerStrikeKind, (n: number) => string> = {
  cancelled: (n) => `${count(n, 'deal', 'deals')} cancelled by the dealer`,
  lapsed: (n) => `${count(n, 'deal', 'deals')} lapsed (the dealer missed its deadline)`,
  'unjustified-price-change': (n) => `${count(n, 'price cut', 'price cuts')} judged unjustified`,
};

/** "3 strikes in the last 30 days: 2 deals cancelled by the dealer, 1 price cut judged unjustified". */
function reasonOf(strikes: readonly DealerStrike[], where: string): string {
  const kinds = Object.entries(STRIKE_WORDS).flatMap(([kind, words]) => {
    const ofKind = strikes.filter((strike) => strike.kind === kind).length;
    return ofKind > 0 ? [words(ofKind)] : [];
  });
  return `${count(strikes.length, 'strike', 'strikes')} ${where}: ${kinds.join(', ')}`;
}

/** A dealer past DEALER_FLAG_RULE: why, in an admin's words, and its strikes. */
export interface DealerFlag {
  reasons: string[];
  /** Every strike of its deals, newest first. */
  strikes: DealerStrike[];
  /** How many of them fall within the rule's days: the flagged list's order. */
  strikesWithinDays: number;
}

/**
 * Whether the dealer's deals put it past DEALER_FLAG_RULE at `now`: enough strikes within the
 * rule's days (by each strike's time), or among the deals of its last ended deals (by when they
 * ended, as the record's recent deals). Undefined when neither; a pure fold like the record.
 */
export function dealerFlagOf(deals: readonly DealOfRecord[], now: Date): DealerFlag | undefined {
  const struck = deals.map(struckDealOf);
  const strikes = struck.flatMap((deal) => deal.strikes).sort(newestFirst);
  const since = now.getTime() - DEALER_FLAG_RULE.withinDays * DAY_MS;
  const withinDays = strikes.filter((strike) => Date.parse(strike.at) >= since);
  const lastEnded = struck
    .flatMap((deal) => (deal.ending ? [{ endedAt: deal.ending.at.getTime(), strikes: deal.strikes }] : []))
    .sort((a, b) => b.endedAt - a.endedAt)
    .slice(0, DEALER_FLAG_RULE.ofLastDeals);
  const inLastEnded = lastEnded.flatMap((deal) => deal.strikes);
  const reasons: string[] = [];
  if (withinDays.length >= DEALER_FLAG_RULE.strikes) reasons.push(reasonOf(withinDays, `in the last ${DEALER_FLAG_RULE.withinDays} days`));
  if (inLastEnded.length >= DEALER_FLAG_RULE.strikes) reasons.push(reasonOf(inLastEnded, `in its last ${lastEnded.length} ended deals`));
  return reasons.length > 0 ? { reasons, strikes, strikesWithinDays: withinDays.length } : undefined;
}

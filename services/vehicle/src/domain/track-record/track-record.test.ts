import { describe, expect, it } from 'vitest';
import type { DealParty } from '@cardirect/contracts';
import type { DealLogEntry } from '../deals/deal-log';
import { dealerFlagOf, trackRecordOf, type DealOfRecord } from './track-record';

const DAY_MS = 24 * 60 * 60 * 1000;
const start = new Date('2030-01-01T10:00:00Z').getTime();
const day = (n: number) => new Date(start + n * DAY_MS);

function entry(name: DealLogEntry['name'], at: Date, facts: DealLogEntry['facts'] = {}): DealLogEntry {
  return { id: `${name}-${at.getTime()}`, name, at, facts };
}

/** A logged deal agreed at $10,000 on `openedOn`, with these further entries. */
function loggedDeal(id: string, openedOn: number, ...entries: DealLogEntry[]): DealOfRecord {
  return { id, vehicleId: `car-${id}`, agreedPrice: 10_000, acceptedAt: day(openedOn), state: 'accepted', eventLog: [entry('deal.opened', day(openedOn), { agreedPrice: 10_000 }), ...entries] };
}

const cancelled = (on: number, by: DealParty, dealerLapse = false) => entry('deal.cancelled', day(on), { agreedPrice: 10_000, by, dealerLapse });
const completed = (on: number, finalPrice = 10_000) => entry('deal.completed', day(on), { agreedPrice: 10_000, finalPrice });

const judged = (on: number, verdict: 'justified' | 'unjustified') => entry('deal.price-change-judged', day(on), { by: 'admin', verdict });

const recordOf = (deals: DealOfRecord[]) => trackRecordOf({ dealerId: 'd1', dealershipName: 'Lakeside Motors', offersMade: deals.length + 3, deals });

describe('the track record fold', () => {
  it('When the dealer cancelled its two oldest of twelve ended deals, then its last ten show none cancelled, while the totals keep them', () => {
    const deals = [
      loggedDeal('a', 0, cancelled(1, 'dealer')),
      loggedDeal('b', 0, cancelled(2, 'seller', true)),
      ...Array.from({ length: 10 }, (_, n) => loggedDeal(`c${n}`, 3, completed(4 + n))),
    ];

    const record = recordOf(deals);

    expect(record).toMatchObject({ dealsEnded: 12, cancelledByDealer: 1, lapsed: 1, completedAtOfferedPrice: 10, recent: { ended: 10, cancelledOrLapsed: 0 } });
  });

  it("When a seller or an admin cancels, or the seller refuses a lower price, then none counts against the dealer; an open deal is not ended", () => {
    const deals = [
      loggedDeal('a', 0, cancelled(1, 'seller')),
      loggedDeal('b', 0, cancelled(1, 'admin')),
      loggedDeal('c', 0, entry('deal.price-change-proposed', day(1), { price: 9_000 }), cancelled(2, 'seller')),
      loggedDeal('d', 0, entry('deal.booked', day(1))),
    ];

    const record = recordOf(deals);

    expect(record).toEqual({
      dealerId: 'd1',
      dealershipName: 'Lakeside Motors',
      offersMade: 7,
      offersAccepted: 4,
      dealsEnded: 3,
      completedAtOfferedPrice: 0,
      completedWithLowerPrice: 0,
      cancelledByDealer: 0,
      lapsed: 0,
      unjustifiedPriceChanges: 0,
      recent: { ended: 3, cancelledOrLapsed: 0 },
    });
  });

  it('When price changes were cut by 10 % and 5 %, and one verdict was replaced, then the mean cut is 7.5 % and only the standing verdict counts', () => {
    const deals = [loggedDeal('a', 0, completed(1, 9_000), judged(2, 'unjustified'), judged(3, 'justified')), loggedDeal('b', 0, completed(1, 9_500), judged(2, 'unjustified'))];

    const record = recordOf(deals);

    expect(record).toMatchObject({ completedWithLowerPrice: 2, averageCutShare: 0.075, unjustifiedPriceChanges: 1 });
  });

  it('When a deal was stored before the log, then it counts from its state exactly as its log would have', () => {
    const logged = loggedDeal('a', 0, completed(2, 9_200), entry('deal.price-change-judged', day(3), { by: 'admin', verdict: 'unjustified' }));
    const unlogged: DealOfRecord = {
      id: 'a',
      vehicleId: 'car-a',
      agreedPrice: 10_000,
      acceptedAt: day(0),
      state: 'completed',
      completedAt: day(2),
      finalPrice: 9_200,
      verdict: { verdict: 'unjustified', at: day(3) },
    };
    const lapsedUnlogged: DealOfRecord = { id: 'b', vehicleId: 'car-b', agreedPrice: 10_000, acceptedAt: day(0), state: 'cancelled', cancellation: { by: 'seller', reason: 'dealer-missed-deadline', dealerLapse: true, at: day(1) } };

    expect(recordOf([unlogged, lapsedUnlogged])).toEqual(recordOf([logged, loggedDeal('b', 0, cancelled(1, 'seller', true))]));
  });
});

describe('the dealer flag rule', () => {
  const strikeOf = (kind: string, dealId: string, on: number) => ({ kind, dealId, vehicleId: `car-${dealId}`, at: day(on).toISOString() });

  it('When a dealer cancelled two deals and let one lapse within 30 days, then it is flagged with those three strikes, newest first', () => {
    const deals = [loggedDeal('a', 40, cancelled(41, 'dealer')), loggedDeal('b', 50, cancelled(52, 'seller', true)), loggedDeal('c', 60, cancelled(65, 'dealer')), loggedDeal('d', 60, cancelled(61, 'seller'))];

    const flag = dealerFlagOf(deals, day(70));

    expect(flag).toEqual({
      reasons: [
        '3 strikes in the last 30 days: 2 deals cancelled by the dealer, 1 deal lapsed (the dealer missed its deadline)',
        '3 strikes in its last 4 ended deals: 2 deals cancelled by the dealer, 1 deal lapsed (the dealer missed its deadline)',
      ],
      strikes: [strikeOf('cancelled', 'c', 65), strikeOf('lapsed', 'b', 52), strikeOf('cancelled', 'a', 41)],
      strikesWithinDays: 3,
    });
  });

  it('When a dealer has two strikes, then it is not flagged, whatever else its deals did', () => {
    const deals = [loggedDeal('a', 0, cancelled(1, 'dealer')), loggedDeal('b', 0, cancelled(2, 'seller', true)), loggedDeal('c', 0, cancelled(3, 'seller')), loggedDeal('d', 0, cancelled(4, 'admin'))];

    expect(dealerFlagOf(deals, day(5))).toBeUndefined();
  });

  it('When three strikes are older than 30 days but among its last 10 ended deals, then it is flagged for its last deals only', () => {
    const deals = [
      loggedDeal('a', 0, cancelled(1, 'dealer')),
      loggedDeal('b', 0, cancelled(2, 'dealer')),
      loggedDeal('c', 0, completed(3, 9_000), judged(4, 'unjustified')),
      ...Array.from({ length: 7 }, (_, n) => loggedDeal(`d${n}`, 5, completed(6 + n))),
    ];

    const flag = dealerFlagOf(deals, day(60));

    expect(flag?.reasons).toEqual(['3 strikes in its last 10 ended deals: 2 deals cancelled by the dealer, 1 price cut judged unjustified']);
    expect(flag?.strikesWithinDays).toBe(0);
  });

  it('When three old strikes lie behind ten later ended deals, then it is not flagged', () => {
    const deals = [
      loggedDeal('a', 0, cancelled(1, 'dealer')),
      loggedDeal('b', 0, cancelled(2, 'dealer')),
      loggedDeal('c', 0, cancelled(3, 'dealer')),
      ...Array.from({ length: 10 }, (_, n) => loggedDeal(`d${n}`, 5, completed(6 + n))),
    ];

    expect(dealerFlagOf(deals, day(60))).toBeUndefined();
  });

  it("When a price cut's verdict is unjustified, then it is a strike at the verdict's time; judged justified again, it is none", () => {
    const cancellations = [loggedDeal('a', 0, cancelled(1, 'dealer')), loggedDeal('b', 0, cancelled(2, 'dealer'))];
    const judgedOnce = loggedDeal('c', 0, completed(3, 9_000), judged(40, 'unjustified'));
    const corrected = loggedDeal('c', 0, completed(3, 9_000), judged(40, 'unjustified'), judged(41, 'justified'));
    const rejudged = loggedDeal('c', 0, completed(3, 9_000), judged(40, 'justified'), judged(41, 'unjustified'));

    expect(dealerFlagOf([...cancellations, judgedOnce], day(45))?.strikes[0]).toEqual(strikeOf('unjustified-price-change', 'c', 40));
    expect(dealerFlagOf([...cancellations, corrected], day(45))).toBeUndefined();
    expect(dealerFlagOf([...cancellations, rejudged], day(45))?.strikes[0]).toEqual(strikeOf('unjustified-price-change', 'c', 41));
  });

  it('When a strike is exactly 30 days old, then it still counts; a moment older, it does not', () => {
    const deals = [loggedDeal('a', 0, cancelled(10, 'dealer')), loggedDeal('b', 0, cancelled(20, 'dealer')), loggedDeal('c', 0, cancelled(30, 'dealer'))];
    for (let n = 0; n < 10; n++) deals.push(loggedDeal(`d${n}`, 30, completed(31)));

    expect(dealerFlagOf(deals, day(40))?.strikesWithinDays).toBe(3);
    expect(dealerFlagOf(deals, new Date(day(40).getTime() + 1))).toBeUndefined();
  });

  it('When deals were stored before the log, then their strikes count from their state as their log would', () => {
    const unlogged: DealOfRecord[] = [
      { id: 'a', vehicleId: 'car-a', agreedPrice: 10_000, acceptedAt: day(0), state: 'cancelled', cancellation: { by: 'dealer', reason: 'schedule', dealerLapse: false, at: day(1) } },
      { id: 'b', vehicleId: 'car-b', agreedPrice: 10_000, acceptedAt: day(0), state: 'cancelled', cancellation: { by: 'seller', reason: 'dealer-missed-deadline', dealerLapse: true, at: day(2) } },
      { id: 'c', vehicleId: 'car-c', agreedPrice: 10_000, acceptedAt: day(0), state: 'completed', completedAt: day(3), finalPrice: 9_000, verdict: { verdict: 'unjustified', at: day(4) } },
    ];
    const logged = [loggedDeal('a', 0, cancelled(1, 'dealer')), loggedDeal('b', 0, cancelled(2, 'seller', true)), loggedDeal('c', 0, completed(3, 9_000), judged(4, 'unjustified'))];

    expect(dealerFlagOf(unlogged, day(10))).toEqual(dealerFlagOf(logged, day(10)));
    expect(dealerFlagOf(unlogged, day(10))?.strikes).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import type { DealParty } from '@cardirect/contracts';
import type { DealLogEntry } from '../deals/deal-log';
import { trackRecordOf, type DealOfRecord } from './track-record';

const DAY_MS = 24 * 60 * 60 * 1000;
const start = new Date('2030-01-01T10:00:00Z').getTime();
const day = (n: number) => new Date(start + n * DAY_MS);

function entry(name: DealLogEntry['name'], at: Date, facts: DealLogEntry['facts'] = {}): DealLogEntry {
  return { id: `${name}-${at.getTime()}`, name, at, facts };
}

/** A logged deal agreed at $10,000 on `openedOn`, with these further entries. */
function loggedDeal(id: string, openedOn: number, ...entries: DealLogEntry[]): DealOfRecord {
  return { id, agreedPrice: 10_000, acceptedAt: day(openedOn), state: 'accepted', eventLog: [entry('deal.opened', day(openedOn), { agreedPrice: 10_000 }), ...entries] };
}

const cancelled = (on: number, by: DealParty, dealerLapse = false) => entry('deal.cancelled', day(on), { agreedPrice: 10_000, by, dealerLapse });
const completed = (on: number, finalPrice = 10_000) => entry('deal.completed', day(on), { agreedPrice: 10_000, finalPrice });

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
    const judged = (on: number, verdict: 'justified' | 'unjustified') => entry('deal.price-change-judged', day(on), { by: 'admin', verdict });
    const deals = [loggedDeal('a', 0, completed(1, 9_000), judged(2, 'unjustified'), judged(3, 'justified')), loggedDeal('b', 0, completed(1, 9_500), judged(2, 'unjustified'))];

    const record = recordOf(deals);

    expect(record).toMatchObject({ completedWithLowerPrice: 2, averageCutShare: 0.075, unjustifiedPriceChanges: 1 });
  });

  it('When a deal was stored before the log, then it counts from its state exactly as its log would have', () => {
    const logged = loggedDeal('a', 0, completed(2, 9_200), entry('deal.price-change-judged', day(3), { by: 'admin', verdict: 'unjustified' }));
    const unlogged: DealOfRecord = {
      id: 'a',
      agreedPrice: 10_000,
      acceptedAt: day(0),
      state: 'completed',
      completedAt: day(2),
      finalPrice: 9_200,
      verdict: { verdict: 'unjustified', at: day(3) },
    };
    const lapsedUnlogged: DealOfRecord = { id: 'b', agreedPrice: 10_000, acceptedAt: day(0), state: 'cancelled', cancellation: { by: 'seller', reason: 'dealer-missed-deadline', dealerLapse: true, at: day(1) } };

    expect(recordOf([unlogged, lapsedUnlogged])).toEqual(recordOf([logged, loggedDeal('b', 0, cancelled(1, 'seller', true))]));
  });
});

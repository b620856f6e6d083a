import type { AdminDealListQuery, AdminDealRow } from '@cardirect/contracts';
import type { Caller } from '../caller';
import { recordContactAccess } from '../contact-access';
import type { DomainContext } from '../context';
import { decodeCursor, encodeCursor } from '../cursor';
import { searchWordsOf } from '../read-vehicles';
import { vehicleSummaryOf } from '../vehicle-summary';
import { toDealView } from './deal-view';

/** How many deals a page holds when the admin's query names no limit. */
export const ADMIN_DEALS_PAGE_SIZE = 50;

/** A page of the admin's Deals tab, and the cursor of the next page (absent on the last). */
export interface AdminDealPage {
  rows: AdminDealRow[];
  nextCursor?: string;
}

/**
 * The admin's Deals tab: every deal as an admin sees it, with its car and the seller's name and
 * e-mail (each serving is logged, as on the admin's car list), in the order of dealListKeyOf
 * (overdue steps first, then by the next step's clock, then the ended, latest first), narrowed by
 * state, dealer and the words of a search, one page at a time. The review queue is the same list
 * narrowed to the deals whose lower price no admin has judged yet.
 */
export async function listAllDeals(context: DomainContext, query: AdminDealListQuery, caller: Caller): Promise<AdminDealPage> {
  const after = query.cursor ? decodeCursor(query.cursor, 'deals').key : undefined;
  const filter = { state: query.state, dealerId: query.dealerId, awaitingVerdict: query.review === 'price-changes', searchWords: searchWordsOf(query.q) };
  const page = await context.deals.findListPage(filter, query.limit ?? ADMIN_DEALS_PAGE_SIZE, after);
  const cars = await context.vehicles.findByIds(page.deals.map((deal) => deal.vehicleId));
  // A car with a deal is never removed; a deal without one would have no row to show.
  const listed = page.deals.flatMap((deal) => {
    const car = cars.get(deal.vehicleId);
    return car ? [{ deal, car }] : [];
  });
  await recordContactAccess(context, listed.map(({ car }) => car), caller);
  return {
    rows: listed.map(({ deal, car }) => ({
      // An admin's view carries nothing to log beyond the seller's contact (see viewDealFor).
      deal: toDealView(deal, 'admin'),
      vehicle: vehicleSummaryOf(car),
      seller: { fullName: car.seller.fullName, email: car.seller.email },
    })),
    ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}),
  };
}

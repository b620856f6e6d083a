import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { withQuery, type AdminDealListQuery, type AdminDealRow, type DealState } from '@cardirect/contracts';
import { api, queryKeys, type Page } from '@cardirect/web';

/** Deals per page: an even number, so the two columns of a wide screen end level. */
export const ADMIN_DEAL_PAGE_SIZE = 20;

export interface AdminDealFilters {
  /** Words searched on the server over the car, the seller's name and e-mail, and the dealership's name. */
  q: string;
  state?: DealState;
  dealerId?: string;
  /** `price-changes`: only the deals whose lower price awaits an admin's verdict. */
  review?: AdminDealListQuery['review'];
}

/** GET /api/deals?limit=&cursor=&q=&state=&dealerId=&review=: one page of every deal, overdue steps first, with its car and seller. */
export function getAdminDealPage(filters: AdminDealFilters, cursor: string | null): Promise<Page<AdminDealRow>> {
  const query: AdminDealListQuery = { limit: ADMIN_DEAL_PAGE_SIZE, cursor: cursor ?? undefined, q: filters.q.trim(), state: filters.state, dealerId: filters.dealerId, review: filters.review };
  return api.getPage<AdminDealRow>(withQuery('/api/deals', query));
}

export function adminDealsQueryOptions(filters: AdminDealFilters) {
  return infiniteQueryOptions({
    // Under the lists of cars: every step of a deal (the car page's cancel and verdict among them)
    // asks those again, and so this list too, once the tab shows again (a judged price change
    // leaves the review queue).
    queryKey: [...queryKeys.vehicles.lists, 'admin-deals', { q: filters.q.trim(), state: filters.state ?? null, dealerId: filters.dealerId ?? null, review: filters.review ?? null }] as const,
    refetchOnMount: true,
    queryFn: ({ pageParam }) => getAdminDealPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // While a new search runs, the last results stay on screen instead of blinking to skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useAdminDeals(filters: AdminDealFilters) {
  return useInfiniteQuery(adminDealsQueryOptions(filters));
}

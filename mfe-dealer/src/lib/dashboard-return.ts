import { paths } from '@cardirect/web';

// The vehicle page's Back leads to the dashboard as the dealer left it, filters included. Kept
// for the browser tab only, like the return highlight's keys.
const DASHBOARD_SEARCH_KEY = 'dealerDashboardSearch';

/** The dashboard remembers its query string ('?make=honda' or '') whenever it changes. */
export function rememberDashboardSearch(search: string): void {
  sessionStorage.setItem(DASHBOARD_SEARCH_KEY, search);
}

/** `/dealer/dashboard` with the filters the dealer last used in this tab. */
export function dashboardReturnPath(): string {
  const search = sessionStorage.getItem(DASHBOARD_SEARCH_KEY) ?? '';
  return search ? `${paths.dealerDashboard}?${search.replace(/^\?/, '')}` : paths.dealerDashboard;
}

import { parse } from 'regexparam';
// Not the shared @cardirect/web: the shell's first script reads this table before sharing starts.
import { paths } from '@cardirect/web/early';
import type { RemoteName } from './remote-registry';

export interface RemoteScreenRef {
  remote: RemoteName;
  /** The exposed module's name, e.g. `DealerDashboardScreen`. */
  screen: string;
}

/** Routes whose screen a remote owns: which remote, and which of its exposed screens. */
export const remoteRoutes: ReadonlyArray<RemoteScreenRef & { path: string }> = [
  { path: paths.submitVehicle, remote: 'mfe_seller', screen: 'SubmitVehicleScreen' },
  { path: paths.sellerLogin, remote: 'mfe_seller', screen: 'SellerLoginScreen' },
  { path: paths.sellerDashboard, remote: 'mfe_seller', screen: 'SellerDashboardScreen' },
  { path: paths.sellerConfirmListing, remote: 'mfe_seller', screen: 'ListingConfirmationScreen' },
  { path: paths.dealerLogin, remote: 'mfe_dealer', screen: 'DealerLoginScreen' },
  { path: paths.dealerRegister, remote: 'mfe_dealer', screen: 'DealerRegisterScreen' },
  { path: paths.dealerForgotPassword, remote: 'mfe_dealer', screen: 'DealerForgotPasswordScreen' },
  { path: paths.dealerDashboard, remote: 'mfe_dealer', screen: 'DealerDashboardScreen' },
  { path: paths.dealerDeals, remote: 'mfe_dealer', screen: 'DealerDealsScreen' },
  { path: paths.dealerSavedSearchUnsubscribe, remote: 'mfe_dealer', screen: 'SavedSearchUnsubscribeScreen' },
  { path: paths.adminLogin, remote: 'mfe_admin', screen: 'AdminLoginScreen' },
  { path: paths.adminDashboard, remote: 'mfe_admin', screen: 'AdminDashboardScreen' },
];

/** Whether this browser is logged in as the admin (role and e-mail as stored at login, spec section 3). */
export function isAdminSession(role: string | null, email: string | null): boolean {
  return role === 'admin' && email !== null;
}

/**
 * `/vehicles/{id}` is one route with two screens (ARCHITECTURE.md section 6): the admin's, with
 * everything the admin may see and change, and the dealer's (also for anyone not logged in, whom
 * it sends to log in).
 */
export function vehicleDetailScreen(isAdmin: boolean): RemoteScreenRef {
  return isAdmin ? { remote: 'mfe_admin', screen: 'AdminVehicleDetailScreen' } : { remote: 'mfe_dealer', screen: 'VehicleDetailScreen' };
}

/** A remote screen at a page's address, with the route's parameters (`{ id }` on `/vehicles/:id`). */
export interface RemoteScreenAt extends RemoteScreenRef {
  params: Record<string, string>;
}

/** The route's parameters when `pathname` matches `path` (regardless of case, as the router matches), else undefined. */
function paramsOf(path: string, pathname: string): Record<string, string> | undefined {
  const { keys, pattern } = parse(path);
  const match = new RegExp(pattern.source, 'i').exec(pathname);
  if (!match) return undefined;
  return Object.fromEntries(keys.flatMap((key, index) => (match[index + 1] === undefined ? [] : [[key, decodeURIComponent(match[index + 1]!)]])));
}

/** The remote screen a path shows, if a remote owns it. */
export function remoteScreenAt(pathname: string, isAdmin: boolean): RemoteScreenAt | undefined {
  const vehicleParams = paramsOf(paths.vehicleDetail, pathname);
  if (vehicleParams) return { ...vehicleDetailScreen(isAdmin), params: vehicleParams };
  for (const route of remoteRoutes) {
    const params = paramsOf(route.path, pathname);
    if (params) return { remote: route.remote, screen: route.screen, params };
  }
  return undefined;
}

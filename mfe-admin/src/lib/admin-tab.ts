import { storageKeys } from '@cardirect/web';

/** The admin dashboard's two tabs; Dealers is the default (spec section 2). */
export type AdminTab = 'dealers' | 'vehicles';

/**
 * Which tab the dashboard opens on next: the vehicle page's Back asks for Vehicles. Kept in local
 * storage (the spec's "stored value") and read once by the dashboard (docs/decisions.md).
 */
export function rememberAdminTab(tab: AdminTab): void {
  localStorage.setItem(storageKeys.adminActiveTab, tab);
}

/** The stored tab, or Dealers when none (or an unknown value) is stored. Only reads: see forgetAdminTab. */
export function storedAdminTab(): AdminTab {
  return localStorage.getItem(storageKeys.adminActiveTab) === 'vehicles' ? 'vehicles' : 'dealers';
}

/** After the dashboard has read the stored tab, so that the next visit opens on Dealers again. */
export function forgetAdminTab(): void {
  localStorage.removeItem(storageKeys.adminActiveTab);
}

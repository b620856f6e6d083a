import { storageKeys } from '@cardirect/web';

/** The admin dashboard's tabs, in order: the spec's two (Dealers is the default, spec section 2), then Deals (issue 34). */
export const ADMIN_TABS = ['dealers', 'vehicles', 'deals'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function isAdminTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly (string | null)[]).includes(value);
}

/**
 * Which tab the dashboard opens on next: the vehicle page's Back asks for Vehicles. Kept in local
 * storage (the spec's "stored value") and read once by the dashboard (docs/decisions.md).
 */
export function rememberAdminTab(tab: AdminTab): void {
  localStorage.setItem(storageKeys.adminActiveTab, tab);
}

/** The stored tab, or Dealers when none (or an unknown value) is stored. Only reads: see forgetAdminTab. */
export function storedAdminTab(): AdminTab {
  const stored = localStorage.getItem(storageKeys.adminActiveTab);
  return isAdminTab(stored) ? stored : 'dealers';
}

/** After the dashboard has read the stored tab, so that the next visit opens on Dealers again. */
export function forgetAdminTab(): void {
  localStorage.removeItem(storageKeys.adminActiveTab);
}

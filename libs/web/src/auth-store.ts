import { createStore, useStore, type StoreApi, type UseBoundStore } from 'zustand';
import { navigate } from 'wouter/use-browser-location';
import { api } from './api-client';
import { paths } from './paths';
import { storageKeys } from './storage-keys';

export type UserRole = 'admin' | 'dealer' | 'seller';

const userRoles: readonly UserRole[] = ['admin', 'dealer', 'seller'];

interface AuthState {
  /** The role of the last login; dealer when nothing is stored (the spec's default). */
  role: UserRole;
  /** Present only while someone is logged in. */
  email: string | null;
  login: (user: { role: UserRole; email: string }) => void;
  /** Tells the server, forgets the user in this browser and goes to the home page. */
  logout: () => Promise<void>;
  /** The server says nobody is logged in (the session expired): forget the user, stay on the page. */
  sessionEnded: () => void;
}

function readStoredRole(): UserRole {
  const stored = localStorage.getItem(storageKeys.userRole);
  return userRoles.find((role) => role === stored) ?? 'dealer';
}

function forgetStoredUser(): void {
  localStorage.removeItem(storageKeys.userRole);
  localStorage.removeItem(storageKeys.userEmail);
}

const authStore = createStore<AuthState>()((set) => ({
  role: readStoredRole(),
  email: localStorage.getItem(storageKeys.userEmail),
  login: ({ role, email }) => {
    localStorage.setItem(storageKeys.userRole, role);
    localStorage.setItem(storageKeys.userEmail, email);
    set({ role, email });
  },
  logout: async () => {
    // If the server cannot be reached, this browser forgets the user all the same; the server's
    // session then ends by its own expiry.
    await api.post('/api/auth/logout').catch(() => undefined);
    forgetStoredUser();
    set({ role: 'dealer', email: null });
    navigate(paths.home);
  },
  sessionEnded: () => {
    forgetStoredUser();
    set({ role: 'dealer', email: null });
  },
}));

export const useAuthStore = Object.assign(<T>(selector?: (state: AuthState) => T) => useStore(authStore, selector!), authStore) as UseBoundStore<StoreApi<AuthState>>;

// Another tab logged in or out: follow it, so that every open tab shows the right header.
window.addEventListener('storage', (event) => {
  const authKeys: (string | null)[] = [storageKeys.userRole, storageKeys.userEmail, null];
  if (authKeys.includes(event.key)) useAuthStore.setState({ role: readStoredRole(), email: localStorage.getItem(storageKeys.userEmail) });
});

/** Where the header's Dashboard link leads for each role. */
export const dashboardPaths: Record<UserRole, string> = {
  admin: paths.adminDashboard,
  dealer: paths.dealerDashboard,
  seller: paths.sellerDashboard,
};

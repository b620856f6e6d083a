import { api } from '@cardirect/web';

/**
 * POST /api/auth/logout, for a non-admin who used the admin form. Unlike the header's Logout it
 * stays on the page; a failure is ignored because the browser forgets the user either way.
 */
export async function logOut(): Promise<void> {
  await api.post('/api/auth/logout').catch(() => undefined);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The store reads storage when it is created, as on a page load; each test loads it afresh. */
async function loadAuthStore() {
  vi.resetModules();
  const { useAuthStore } = await import('./auth-store');
  return useAuthStore;
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/dealer/dashboard');
});

afterEach(() => vi.unstubAllGlobals());

describe('auth store', () => {
  it('When nothing is stored, then the role is dealer and nobody is logged in', async () => {
    const store = await loadAuthStore();
    expect(store.getState()).toMatchObject({ role: 'dealer', email: null });
  });

  it('When a role and e-mail are stored, then a new page load starts logged in as them', async () => {
    localStorage.setItem('userRole', 'admin');
    localStorage.setItem('userEmail', 'admin@cardirect.test');
    const store = await loadAuthStore();
    expect(store.getState()).toMatchObject({ role: 'admin', email: 'admin@cardirect.test' });
  });

  it('When the stored role is not a known one, then the role falls back to dealer', async () => {
    localStorage.setItem('userRole', 'superuser');
    const store = await loadAuthStore();
    expect(store.getState().role).toBe('dealer');
  });

  it('When a user logs in, then role and e-mail are kept under userRole and userEmail', async () => {
    const store = await loadAuthStore();
    store.getState().login({ role: 'seller', email: 'pat@example.com' });
    expect(localStorage.getItem('userRole')).toBe('seller');
    expect(localStorage.getItem('userEmail')).toBe('pat@example.com');
    expect(store.getState()).toMatchObject({ role: 'seller', email: 'pat@example.com' });
  });

  it('When the user logs out, then the server is told, storage is cleared and the browser goes to /', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const store = await loadAuthStore();
    store.getState().login({ role: 'dealer', email: 'dealer@example.com' });

    await store.getState().logout();

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(localStorage.getItem('userRole')).toBeNull();
    expect(localStorage.getItem('userEmail')).toBeNull();
    expect(store.getState()).toMatchObject({ role: 'dealer', email: null });
    expect(window.location.pathname).toBe('/');
  });

  it('When another tab logs in or out, then this tab follows', async () => {
    const store = await loadAuthStore();
    localStorage.setItem('userRole', 'admin');
    localStorage.setItem('userEmail', 'admin@cardirect.test');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userEmail' }));
    expect(store.getState()).toMatchObject({ role: 'admin', email: 'admin@cardirect.test' });

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(store.getState()).toMatchObject({ role: 'dealer', email: null });
  });

  it('When the logout call fails, then this browser still forgets the user', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const store = await loadAuthStore();
    store.getState().login({ role: 'admin', email: 'admin@cardirect.test' });

    await store.getState().logout();

    expect(localStorage.getItem('userEmail')).toBeNull();
    expect(window.location.pathname).toBe('/');
  });
});

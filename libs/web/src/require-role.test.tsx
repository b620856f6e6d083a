import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useAuthStore } from './auth-store';
import { createQueryClient } from './query-client';
import { RequireRole } from './require-role';

function serverSays(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status })));
}

function renderDashboard(path = '/dealer/dashboard') {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RequireRole role="dealer" redirectTo="/dealer/login">
          {(user) => <h1>Welcome back, {user.email}</h1>}
        </RequireRole>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useAuthStore.setState({ role: 'dealer', email: null }));
});

describe('RequireRole', () => {
  it('When the session is a dealer, then the dashboard shows with the e-mail', async () => {
    serverSays(200, { email: 'lot@dealer.test', role: 'dealer' });
    const location = renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Welcome back, lot@dealer.test' })).toBeTruthy();
    expect(location.history).toEqual(['/dealer/dashboard']);
  });

  it('When nobody is logged in, then the browser is sent to the login, told to come back here, and forgets a stale login', async () => {
    act(() => useAuthStore.getState().login({ role: 'dealer', email: 'stale@dealer.test' }));
    serverSays(401, { message: 'Not logged in' });
    const location = renderDashboard();
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/dealer/login?next=/dealer/dashboard'));
    expect(useAuthStore.getState().email).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('When the session has another role, then the browser is sent away and the content never shows', async () => {
    serverSays(200, { email: 'pat@example.com', role: 'seller' });
    const location = renderDashboard();
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/dealer/login?next=/dealer/dashboard'));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('When the page has a query, then the login is told the page with its query, and is opened once', async () => {
    serverSays(401, { message: 'Not logged in' });
    const location = renderDashboard('/dealer/dashboard?make=honda&year=2018');
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/dealer/login?next=/dealer/dashboard%3Fmake%3Dhonda%26year%3D2018'));
    // Still mounted here (no routes in this test) at the login's address, the guard does not send the browser on again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(location.history).toEqual(['/dealer/login?next=/dealer/dashboard%3Fmake%3Dhonda%26year%3D2018']);
  });

  it('When the check itself fails, then the page says so instead of sending the dealer away', async () => {
    serverSays(503, { message: 'Service unavailable' });
    const location = renderDashboard();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(location.history).toEqual(['/dealer/dashboard']);
  });
});

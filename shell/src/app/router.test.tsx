import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useAuthStore } from '@cardirect/web';
import { caseInsensitiveParser } from './case-insensitive-parser';
import { AppRoutes } from './router';

// Remotes are replaced by a stand-in that names the screen it was asked for.
vi.mock('../features/remotes/remote-registry', () => ({
  loadRemoteScreen: async (remote: string, screenName: string) => ({
    default: () => <h1>{`${remote}/${screenName}`}</h1>,
  }),
}));

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook} parser={caseInsensitiveParser}>
      <AppRoutes />
    </Router>,
  );
}

afterEach(cleanup);

describe('route table', () => {
  it.each([
    ['/submit-vehicle', 'mfe_seller/SubmitVehicleScreen'],
    ['/seller/login', 'mfe_seller/SellerLoginScreen'],
    ['/seller/dashboard', 'mfe_seller/SellerDashboardScreen'],
    ['/seller/confirm-listing', 'mfe_seller/ListingConfirmationScreen'],
    ['/dealer/login', 'mfe_dealer/DealerLoginScreen'],
    ['/dealer/register', 'mfe_dealer/DealerRegisterScreen'],
    ['/dealer/forgot-password', 'mfe_dealer/DealerForgotPasswordScreen'],
    ['/dealer/dashboard', 'mfe_dealer/DealerDashboardScreen'],
    ['/dealer/deals', 'mfe_dealer/DealerDealsScreen'],
    ['/admin/login', 'mfe_admin/AdminLoginScreen'],
    ['/admin/dashboard', 'mfe_admin/AdminDashboardScreen'],
  ])('%s shows %s', async (path, screenId) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: screenId })).toBeTruthy();
  });

  it.each([
    [null, 'mfe_dealer/VehicleDetailScreen'],
    ['dealer', 'mfe_dealer/VehicleDetailScreen'],
    ['admin', 'mfe_admin/AdminVehicleDetailScreen'],
  ] as const)('a vehicle page opened by %s shows %s', async (role, screenId) => {
    act(() => useAuthStore.setState(role ? { role, email: `${role}@cardirect.test` } : { role: 'dealer', email: null }));
    renderAt('/vehicles/64f1c2');
    expect(await screen.findByRole('heading', { name: screenId })).toBeTruthy();
    act(() => useAuthStore.setState({ role: 'dealer', email: null }));
  });

  it('matches paths whatever their case', async () => {
    renderAt('/DEALER/Login');
    expect(await screen.findByRole('heading', { name: 'mfe_dealer/DealerLoginScreen' })).toBeTruthy();
  });

  it.each(['/no/such/page', '/vehicles', '/dealer'])('%s shows the not-found screen', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('When the not-found screen shows, then its link leads home', async () => {
    const location = memoryLocation({ path: '/no/such/page', record: true });
    render(
      <Router hook={location.hook} parser={caseInsensitiveParser}>
        <AppRoutes />
      </Router>,
    );

    fireEvent.click(await screen.findByRole('link', { name: 'Go to the home page' }));

    expect(location.history.at(-1)).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell Your Car Directly to Dealers' })).toBeTruthy();
  });

  it.each([
    ['/about-us', 'About Us'],
    ['/car-buyers', 'Top Car Buyers'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/careers', 'Careers'],
    ['/press', 'Press'],
  ])('%s has its own page', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import { firstCallPathsOf, type FederationManifest } from '@cardirect/contracts';
import { adminVehicleFixture, dealerFixture, heldAnswer, jsonAnswer, renderScreen, stubApi } from '@cardirect/web/testing';
import AdminDashboardScreen from './admin-dashboard-screen';
import AdminLoginScreen from './admin-login-screen';
import AdminVehicleDetailScreen from './admin-vehicle-detail-screen';
import { firstCalls } from '../first-calls';

const adminSession = { 'GET /api/auth/user': { email: 'admin@cardirect.local', role: 'admin' } };

describe('mfe_admin exposed screens', () => {
  it('AdminLoginScreen shows the admin login form and names the browser tab', () => {
    stubApi({});
    renderScreen(<AdminLoginScreen />, { path: '/admin/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(document.title).toBe('Admin Login | CarDirect');
  });

  it('AdminDashboardScreen shows an admin the dashboard with the welcome line', async () => {
    stubApi({ ...adminSession, 'GET /api/dealers': [], 'GET /api/vehicles/all': [] });
    renderScreen(<AdminDashboardScreen />, { path: '/admin/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    // The address is its own element inside the line (it wraps at its '@' and dots).
    expect(screen.getByText((_text, element) => element?.tagName === 'P' && element.textContent === 'Welcome back, admin@cardirect.local')).toBeTruthy();
    expect(document.title).toBe('Admin Dashboard | CarDirect');
  });

  it('AdminDashboardScreen asks for the dealers and, opening on Vehicles, the first page while the session is still being checked', async () => {
    const session = heldAnswer();
    const api = stubApi({ 'GET /api/auth/user': () => session.answer, 'GET /api/dealers': [], 'GET /api/vehicles/all': [adminVehicleFixture()] });
    localStorage.setItem('adminActiveTab', 'vehicles');
    renderScreen(<AdminDashboardScreen />, { path: '/admin/dashboard' });

    await waitFor(() => expect([...api.calls].sort()).toEqual(['GET /api/auth/user', 'GET /api/dealers', 'GET /api/vehicles/all?limit=24']));
    session.release(jsonAnswer(200, { email: 'admin@cardirect.local', role: 'admin' }));

    expect(await screen.findByRole('link', { name: /View details/ })).toBeTruthy();
    expect(api.calls).toHaveLength(3);
  });

  it('AdminDashboardScreen asks again for dealers whose early call failed, once the admin is confirmed', async () => {
    const session = heldAnswer();
    let dealerCalls = 0;
    stubApi({
      'GET /api/auth/user': () => session.answer,
      'GET /api/dealers': () => (++dealerCalls === 1 ? jsonAnswer(503, { message: 'Service unavailable' }) : [dealerFixture()]),
    });
    renderScreen(<AdminDashboardScreen />, { path: '/admin/dashboard' });
    await waitFor(() => expect(dealerCalls).toBe(1));

    session.release(jsonAnswer(200, { email: 'admin@cardirect.local', role: 'admin' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Lone Star Motors' })).toBeTruthy();
    expect(dealerCalls).toBe(2);
  });

  it.each([
    ['nobody is logged in', { 'GET /api/auth/user': new Response('{"message":"Not logged in"}', { status: 401 }) }],
    ['a dealer is logged in', { 'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' } }],
  ])('AdminDashboardScreen sends the browser to /dealer/login, told to come back, when %s', async (_who, routes) => {
    stubApi(routes);
    const { location } = renderScreen(<AdminDashboardScreen />, { path: '/admin/dashboard' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/dealer/login?next=/admin/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it("AdminVehicleDetailScreen shows the car with its title as the browser tab's name", async () => {
    stubApi({
      ...adminSession,
      'GET /api/vehicles/car-7': adminVehicleFixture({ id: 'car-7' }),
      'GET /api/vehicles/car-7/offers': [],
      'GET /api/vehicles/car-7/access-log': [],
    });
    renderScreen(<Route path="/vehicles/:id" component={AdminVehicleDetailScreen} />, { path: '/vehicles/car-7' });
    expect(await screen.findByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('2018 Honda Accord EX-L | CarDirect'));
  });

  // The shell starts the declared calls early; only a request for the very same path is adopted.
  it.each([
    ['AdminDashboardScreen', AdminDashboardScreen, '/admin/dashboard', '/admin/dashboard', {}],
    ['AdminVehicleDetailScreen', AdminVehicleDetailScreen, '/vehicles/:id', '/vehicles/car-7', { id: 'car-7' }],
  ])('%s makes every first call its remote declares, to the very path declared', async (name, Screen, route, path, params) => {
    const api = stubApi({
      ...adminSession,
      'GET /api/dealers': [],
      'GET /api/vehicles/car-7': adminVehicleFixture({ id: 'car-7' }),
      'GET /api/vehicles/car-7/offers': [],
      'GET /api/vehicles/car-7/access-log': [],
    });
    const manifest: FederationManifest = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, firstCalls }, exposes: [] };
    const declared = firstCallPathsOf(manifest, name, { params, search: '' });
    renderScreen(<Route path={route} component={Screen} />, { path });

    expect(declared.length).toBeGreaterThan(0);
    await waitFor(() => expect(api.calls).toEqual(expect.arrayContaining(declared.map((call) => `GET ${call}`))));
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminVehicleFixture, dealerFixture, renderScreen, stubApi, type StubRequest } from '@cardirect/web/testing';
import { AdminDashboard } from './admin-dashboard';

const dealers = [
  dealerFixture({ id: 'p1', dealershipName: 'Lone Star Motors' }),
  dealerFixture({ id: 'p2', dealershipName: 'Prairie Cars', city: 'Austin' }),
  dealerFixture({ id: 'a1', dealershipName: 'Harbor Autos', isApproved: true }),
];

function renderDashboard() {
  return renderScreen(<AdminDashboard email="admin@cardirect.local" />, { path: '/admin/dashboard' });
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('AdminDashboard', () => {
  it('greets the admin by e-mail and links the queue dashboard with a full page load', () => {
    stubApi({ 'GET /api/dealers': [] });
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    // The address is its own element inside the line (it wraps at its '@' and dots).
    expect(screen.getByText((_text, element) => element?.tagName === 'P' && element.textContent === 'Welcome back, admin@cardirect.local')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Queue Dashboard' }).getAttribute('href')).toBe('/admin/queues');
  });

  it('When the vehicle page stored the Vehicles tab, then the dashboard opens on it once and clears it; the next visit opens on Dealers', async () => {
    stubApi({ 'GET /api/dealers': [], 'GET /api/vehicles/all': [adminVehicleFixture()] });
    localStorage.setItem('adminActiveTab', 'vehicles');

    const first = renderDashboard();
    expect(selectedTab()).toBe('Vehicles');
    expect(await screen.findByRole('heading', { level: 2, name: 'All Vehicles' })).toBeTruthy();
    expect(localStorage.getItem('adminActiveTab')).toBeNull();
    first.unmount();

    renderDashboard();
    expect(selectedTab()).toMatch(/^Dealers/);
  });

  it('When nothing is stored, then the Dealers tab is open', () => {
    stubApi({ 'GET /api/dealers': [] });
    renderDashboard();
    expect(selectedTab()).toMatch(/^Dealers/);
  });

  it('When dealers wait for approval, then the Dealers tab counts them, and the count follows an approval', async () => {
    let approved = false;
    stubApi({
      'GET /api/dealers': () => dealers.map((dealer) => (dealer.id === 'p1' && approved ? { ...dealer, isApproved: true } : dealer)),
      'PATCH /api/dealers/p1/approve': () => {
        approved = true;
        return { ...dealers[0], isApproved: true };
      },
    });
    renderDashboard();

    expect(await screen.findByRole('tab', { name: 'Dealers 2 pending' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Lone Star Motors' }));

    expect(await screen.findByRole('tab', { name: 'Dealers 1 pending' })).toBeTruthy();
  });

  it('When the admin types in the search box, then the Dealers tab filters by it and the Vehicles tab searches the same words on the server', async () => {
    const api = stubApi({ 'GET /api/dealers': dealers, 'GET /api/vehicles/all': ({ url }: StubRequest) => (url.searchParams.get('q') === 'austin' ? [adminVehicleFixture({ city: 'Austin' })] : []) });
    renderDashboard();
    await screen.findByRole('heading', { name: 'Lone Star Motors' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'austin' } });
    expect(screen.getByRole('heading', { name: 'Prairie Cars' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lone Star Motors' })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Vehicles' }));

    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Vehicles' })).getAllByRole('listitem')).toHaveLength(1));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('austin');
    expect(api.calls).toContain('GET /api/vehicles/all?limit=24&q=austin');
  });

  it("When the admin opens the third tab, Deals, then every deal is listed, searched with the same box as the other tabs", async () => {
    // Arrange
    const deal = {
      deal: {
        id: 'd1', vehicleId: 'car-1', offerId: 'o1', dealerId: 'dealer-1', dealershipName: 'Lone Star Motors', state: 'appointment-booked', agreedPrice: 16_500,
        acceptedAt: '2024-01-09T15:00:00.000Z', overdue: false, slots: [], rescheduled: { seller: false, dealer: false }, allowed: ['cancel'],
        nextStep: { action: 'record-hand-over', actor: 'dealer' }, timeline: [],
      },
      vehicle: { year: 2019, make: 'toyota', model: 'camry', makeName: 'Toyota', modelName: 'Camry' },
      seller: { fullName: 'Jordan Privateseller', email: 'jordan@example.com' },
    };
    const api = stubApi({ 'GET /api/dealers': [], 'GET /api/deals': [deal] });
    renderDashboard();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'camry' } });

    // Act
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Deals' }));

    // Assert
    const [first, ...others] = screen.getAllByRole('tab');
    expect(first!.textContent).toMatch(/^Dealers/);
    expect(others.map((tab) => tab.textContent)).toEqual(['Vehicles', 'Deals']);
    expect(selectedTab()).toBe('Deals');
    expect(await screen.findByRole('heading', { level: 2, name: 'All Deals' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Deals' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('link', { name: '2019 Toyota Camry' }).getAttribute('href')).toBe('/vehicles/car-1');
    expect(api.calls).toContain('GET /api/deals?limit=20&q=camry');
  });
});

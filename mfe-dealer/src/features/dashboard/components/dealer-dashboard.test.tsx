import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VehicleView } from '@cardirect/contracts';
import { rememberViewedVehicle } from '@cardirect/vehicle-views';
import { queryKeys } from '@cardirect/web';
import { createQueryClient } from '@cardirect/web/query';
import { chooseOption, heldAnswer, jsonAnswer, offerFixture, renderScreen, shownLabel, stubApi, type StubRequest, vehicleFixture, vpic } from '@cardirect/web/testing';
import DealerDashboardScreen, { loadFirstData } from '../../../exposes/dealer-dashboard-screen';

const dealer = { email: 'lot@dealer.test', role: 'dealer' };
const makes = vpic([{ Make_ID: 474, Make_Name: 'Honda' }, { Make_ID: 448, Make_Name: 'Toyota' }]);

function cars(count: number, from = 1): VehicleView[] {
  return Array.from({ length: count }, (_, index) => vehicleFixture({ id: `car-${from + index}` }));
}

function page(vehicles: VehicleView[], nextCursor?: string): Response {
  return jsonAnswer(200, vehicles, nextCursor ? { 'X-Next-Cursor': nextCursor } : {});
}

function openDashboard(path = '/dealer/dashboard', routes: Record<string, unknown> = {}) {
  const api = stubApi({ 'GET /api/auth/user': dealer, 'GET /api/vehicles/makes': makes, 'GET /api/vehicles/mine': [], ...routes });
  return { api, ...renderScreen(<DealerDashboardScreen />, { path }) };
}

const cardNames = () => within(screen.getByRole('list', { name: 'Available vehicles' })).getAllByRole('heading', { level: 3 });

describe('the dealer dashboard', () => {
  it('When a dealer opens it, then "My Offers and Deals" leads to the offers and deals', async () => {
    const { location } = openDashboard('/dealer/dashboard', { 'GET /api/vehicles': page([]), 'GET /api/vehicles/count': { count: 0 } });

    fireEvent.click(await screen.findByRole('link', { name: 'My Offers and Deals' }));

    expect(location.history.at(-1)).toBe('/dealer/deals');
  });

  it("When a dealer opens it, then it welcomes them by e-mail, shows 6 skeleton cards while loading, then the cards, and each card's status and offer are the dealer's own", async () => {
    const list = heldAnswer();
    const own = heldAnswer();
    const { api } = openDashboard('/dealer/dashboard', {
      'GET /api/vehicles': () => list.answer,
      'GET /api/vehicles/mine': () => own.answer,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dealer Dashboard' })).toBeTruthy();
    expect(screen.getByText(/^Welcome back,/).textContent).toBe('Welcome back, lot@dealer.test');
    expect(within(screen.getByRole('list', { name: 'Loading vehicles' })).getAllByRole('listitem')).toHaveLength(6);

    list.release(page([vehicleFixture({ id: 'car-1', status: 'new' }), vehicleFixture({ id: 'car-2', status: 'new', makeName: 'Mercedes-Benz', modelName: 'GLC-Class' }), vehicleFixture({ id: 'car-3', status: 'new' })]));

    await waitFor(() => expect(cardNames().map((heading) => heading.firstChild?.textContent)).toEqual(['2018 Honda Accord', '2018 Mercedes-Benz GLC-Class', '2018 Honda Accord']));
    // Until the dealer's own records answer, no card claims a status.
    expect(screen.queryByText('new')).toBeNull();
    own.release(
      jsonAnswer(200, [
        { vehicleId: 'car-1', status: 'approved', contacted: true, offerMade: false },
        { vehicleId: 'car-2', status: 'pending', contacted: true, offerMade: true, offer: offerFixture({ vehicleId: 'car-2', amount: 15000, status: 'pending' }) },
      ]),
    );

    const secondCard = screen.getByRole('heading', { name: /Mercedes-Benz/ }).closest('[id^="vehicle-card-"]') as HTMLElement;
    expect((await within(secondCard).findByText('pending')).className).toContain('bg-yellow-100');
    expect(within(secondCard).getByText('$15,000').closest('p')?.textContent).toBe('Your offer: $15,000Pending');
    expect(screen.getByText('approved').className).toContain('bg-blue-100');
    expect(screen.getByText('new').className).toContain('bg-green-100');
    expect(api.calls).toContain('GET /api/vehicles/mine?vehicleIds=car-1%2Ccar-2%2Ccar-3');
  });

  it("When it is the page's first screen and the shell let it load its first data, then its first render shows the cards with the dealer's own statuses, each call made once", async () => {
    const api = stubApi({
      'GET /api/vehicles/makes': makes,
      'GET /api/vehicles': page([vehicleFixture({ id: 'car-1', status: 'new', hasMinimumPrice: true }), vehicleFixture({ id: 'car-2', status: 'new', hasMinimumPrice: false })], 'page-2'),
      'GET /api/vehicles/mine': [{ vehicleId: 'car-2', status: 'approved', contacted: true, offerMade: false, watched: true }],
      'GET /api/vehicles/count': { count: 30 },
      'GET /api/vehicles/saved-searches': [],
    });
    const queryClient = createQueryClient();
    // What the shell does before its first render: the session it checked, then the screen's own data.
    queryClient.setQueryData(queryKeys.currentUser, dealer);
    await loadFirstData(queryClient, window.location);

    renderScreen(<DealerDashboardScreen />, { path: '/dealer/dashboard', queryClient });

    // Without waiting: no skeletons, no badge placeholders.
    expect(cardNames()).toHaveLength(2);
    expect(screen.getByText('new')).toBeTruthy();
    expect(screen.getByText('approved')).toBeTruthy();
    // Only the watched car says so.
    expect(screen.getAllByText('On your watchlist')).toHaveLength(1);
    expect(screen.getByText('On your watchlist').closest('li')?.textContent).toContain('approved');
    // Only the car with a minimum says so, without an amount.
    expect(screen.getAllByText('The seller has set a minimum price')).toHaveLength(1);
    expect(screen.getByText('The seller has set a minimum price').closest('li')?.textContent).toContain('new');
    expect(screen.getByRole('option', { name: 'Honda' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load More Vehicles' })).toBeTruthy();
    // The count is not part of the first data: it follows once, as do the saved searches below the cards.
    expect(await screen.findByText('30 vehicles · 2 shown')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual(['GET /api/vehicles/makes', 'GET /api/vehicles', 'GET /api/vehicles/mine?vehicleIds=car-1%2Ccar-2', 'GET /api/vehicles/count', 'GET /api/vehicles/saved-searches']);
    // The photos of the window's cards were asked for with the list, before the first render.
    const preloaded = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'));
    expect(preloaded).toEqual(['/api/vehicles/car-1/photos/0/thumbnail', '/api/vehicles/car-2/photos/0/thumbnail']);
  });

  it("When there are more cars than a page, then 'Load More Vehicles' adds the next page and goes away on the last one", async () => {
    const { api } = openDashboard('/dealer/dashboard', {
      'GET /api/vehicles': ({ url }: StubRequest) => (url.searchParams.get('cursor') === 'page-2' ? page(cars(2, 25)) : page(cars(24), 'page-2')),
      'GET /api/vehicles/count': { count: 26 },
    });

    await waitFor(() => expect(cardNames()).toHaveLength(24));
    expect(await screen.findByText('26 vehicles · 24 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More Vehicles' }));

    await waitFor(() => expect(cardNames()).toHaveLength(26));
    expect(screen.getByText('26 vehicles')).toBeTruthy();
    // The count is asked once per set of filters, not again for each page.
    expect(api.calls.filter((call) => call.startsWith('GET /api/vehicles/count'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load More Vehicles' })).toBeNull();
    expect(api.calls.filter((call) => call.startsWith('GET /api/vehicles/mine'))).toHaveLength(2);
  });

  it('When opened from a link with filters, then the server gets them and the fields show them; a choice adds an entry to the history', async () => {
    const { api, location } = openDashboard('/dealer/dashboard?q=accord&make=honda&year=2018&zip=787', { 'GET /api/vehicles': page(cars(1)) });

    await waitFor(() => expect(cardNames()).toHaveLength(1));
    expect(api.calls).toContain('GET /api/vehicles?q=accord&make=honda&year=2018&zipPrefix=787');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('accord');
    expect((screen.getByLabelText('ZIP Prefix') as HTMLInputElement).value).toBe('787');
    expect(shownLabel('Make')).toBe('Honda');
    expect(shownLabel('Year')).toBe('2018');

    await chooseOption('Make', 'All Makes');

    expect(location.history).toEqual(['/dealer/dashboard?q=accord&make=honda&year=2018&zip=787', '/dealer/dashboard?q=accord&year=2018&zip=787']);
    await waitFor(() => expect(api.calls).toContain('GET /api/vehicles?q=accord&year=2018&zipPrefix=787'));
  });

  it("When the filters leave no car but cars are listed, then 'No vehicles matching your criteria' offers 'Clear All Filters'", async () => {
    const { location } = openDashboard('/dealer/dashboard?make=toyota', {
      'GET /api/vehicles': ({ url }: StubRequest) => (url.searchParams.get('make') ? page([]) : page(cars(1))),
    });

    expect(await screen.findByRole('heading', { name: 'No vehicles matching your criteria' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters to see more results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));

    expect(location.history.at(-1)).toBe('/dealer/dashboard');
    await waitFor(() => expect(cardNames()).toHaveLength(1));
  });

  it("When no car is listed at all, then it says 'No vehicle listings available at this time'", async () => {
    openDashboard('/dealer/dashboard', { 'GET /api/vehicles': page([]) });

    expect(await screen.findByRole('heading', { name: 'No vehicle listings available at this time' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).toBeNull();
  });

  it('When the dealer comes back from a car within 5 s, then that card is highlighted', async () => {
    rememberViewedVehicle('car-2');
    openDashboard('/dealer/dashboard', { 'GET /api/vehicles': page(cars(3)) });

    await waitFor(() => expect(document.querySelector('[data-highlighted]')?.id).toBe('vehicle-card-car-2'));
  });

  it('When the dashboard opens, then the cards and makes are asked for while the session is still being checked', async () => {
    const { api } = openDashboard('/dealer/dashboard?make=honda', { 'GET /api/auth/user': () => new Promise<never>(() => undefined), 'GET /api/vehicles': page([]) });

    await waitFor(() => expect(api.calls).toEqual(expect.arrayContaining(['GET /api/auth/user', 'GET /api/vehicles?make=honda', 'GET /api/vehicles/makes'])));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('When nobody is logged in, then the dashboard sends the visitor to the dealer login', async () => {
    const { location } = openDashboard('/dealer/dashboard', { 'GET /api/auth/user': jsonAnswer(401, { message: 'Not logged in' }) });

    // The login brings the dealer back here (issue 31: log-in keeps where people were going).
    await waitFor(() => expect(location.history.at(-1)).toBe('/dealer/login?next=/dealer/dashboard'));
  });
});

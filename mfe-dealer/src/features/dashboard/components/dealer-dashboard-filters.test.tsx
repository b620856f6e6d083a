import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VehicleView } from '@cardirect/contracts';
import { chooseOption, jsonAnswer, offerFixture, optionLabels, renderScreen, shownLabel, stubApi, type StubRequest, vehicleFixture, vpic } from '@cardirect/web/testing';
import DealerDashboardScreen from '../../../exposes/dealer-dashboard-screen';

const dealer = { email: 'lot@dealer.test', role: 'dealer' };

function openDashboard(path: string, routes: Record<string, unknown>) {
  const api = stubApi({ 'GET /api/auth/user': dealer, 'GET /api/vehicles/makes': vpic([]), 'GET /api/vehicles/mine': [], 'GET /api/vehicles/count': { count: 1 }, ...routes });
  return { api, ...renderScreen(<DealerDashboardScreen />, { path }) };
}

function page(vehicles: VehicleView[]): Response {
  return jsonAnswer(200, vehicles);
}

function card(name: RegExp): HTMLElement {
  return within(screen.getByRole('list', { name: 'Available vehicles' })).getByRole('heading', { level: 3, name }).closest('[id^="vehicle-card-"]') as HTMLElement;
}

const listCalls = (calls: string[]) => calls.filter((call) => call.startsWith('GET /api/vehicles?') || call === 'GET /api/vehicles');
const countCalls = (calls: string[]) => calls.filter((call) => call.startsWith('GET /api/vehicles/count'));

describe("the dealer dashboard's count, distance, order and sales agreed", () => {
  it('When the list answers, then the number of matching cars shows beside the heading, as the server counted them', async () => {
    openDashboard('/dealer/dashboard?make=honda', { 'GET /api/vehicles': page([vehicleFixture()]), 'GET /api/vehicles/count': { count: 1 } });

    expect(await screen.findByText('1 vehicle')).toBeTruthy();
  });

  it('When the dealer picks a distance, then the address keeps it and both the list and the count are asked within it', async () => {
    const { api, location } = openDashboard('/dealer/dashboard', { 'GET /api/vehicles': page([vehicleFixture()]) });
    await screen.findByRole('heading', { level: 3 });

    expect(optionLabels('Distance')).toEqual(['Any distance', 'Within 25 miles', 'Within 50 miles', 'Within 100 miles', 'Within 250 miles']);
    await chooseOption('Distance', 'Within 50 miles');

    expect(location.history.at(-1)).toBe('/dealer/dashboard?within=50');
    await waitFor(() => expect(listCalls(api.calls)).toContain('GET /api/vehicles?withinMiles=50'));
    await waitFor(() => expect(countCalls(api.calls)).toContain('GET /api/vehicles/count?withinMiles=50'));
  });

  it('When the dealer picks an order, then the list is asked in it (the count is not asked again) and a link keeps it', async () => {
    const { api, location } = openDashboard('/dealer/dashboard?make=honda', { 'GET /api/vehicles': page([vehicleFixture()]) });
    await screen.findByRole('heading', { level: 3 });
    expect(shownLabel('Sort by')).toBe('Newest listed');

    await chooseOption('Sort by', 'Lowest mileage');

    expect(location.history.at(-1)).toBe('/dealer/dashboard?make=honda&sort=mileage');
    await waitFor(() => expect(listCalls(api.calls)).toContain('GET /api/vehicles?make=honda&sort=mileage'));
    expect(countCalls(api.calls)).toEqual(['GET /api/vehicles/count?make=honda']);
    await chooseOption('Sort by', 'Newest listed');
    expect(location.history.at(-1)).toBe('/dealer/dashboard?make=honda');
  });

  it("When the dealer ticks 'Show cars with a sale agreed', then they are asked for and marked 'Sale agreed', except the car whose sale is the dealer's own", async () => {
    const agreedWithOther = vehicleFixture({ id: 'car-1', modelName: 'Civic', saleAgreed: true });
    const agreedWithMe = vehicleFixture({ id: 'car-2', modelName: 'Accord', saleAgreed: true });
    const open = vehicleFixture({ id: 'car-3', modelName: 'Pilot' });
    const { api, location } = openDashboard('/dealer/dashboard', {
      'GET /api/vehicles': ({ url }: StubRequest) => page(url.searchParams.get('includeSaleAgreed') === 'true' ? [agreedWithOther, agreedWithMe, open] : [open]),
      'GET /api/vehicles/mine': [{ vehicleId: 'car-2', status: 'pending', contacted: true, offerMade: true, offer: offerFixture({ vehicleId: 'car-2', status: 'accepted' }) }],
    });
    await screen.findByRole('heading', { level: 3, name: /Pilot/ });
    const checkbox = screen.getByRole('checkbox', { name: 'Show cars with a sale agreed' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);

    fireEvent.click(checkbox);

    expect(location.history.at(-1)).toBe('/dealer/dashboard?agreed=1');
    await waitFor(() => expect(within(card(/Civic/)).getByText('Sale agreed')).toBeTruthy());
    expect(listCalls(api.calls)).toContain('GET /api/vehicles?includeSaleAgreed=true');
    expect(within(card(/Accord/)).queryByText('Sale agreed')).toBeNull();
    expect(within(card(/Accord/)).getByText('Accepted')).toBeTruthy();
    expect(within(card(/Pilot/)).queryByText('Sale agreed')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Show cars with a sale agreed' }) as HTMLInputElement).checked).toBe(true);
  });

  it("When 'Clear All Filters' is used, then the distance goes too", async () => {
    const { location } = openDashboard('/dealer/dashboard?within=25&sort=year', {
      'GET /api/vehicles': ({ url }: StubRequest) => page(url.searchParams.get('withinMiles') ? [] : [vehicleFixture()]),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Clear All Filters' }));

    expect(location.history.at(-1)).toBe('/dealer/dashboard');
    expect(shownLabel('Distance')).toBe('Any distance');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { VehicleStatus } from '@cardirect/contracts';
import { adminVehicleFixture, chooseOption, heldAnswer, jsonAnswer, renderScreen, stubApi, type StubRequest } from '@cardirect/web/testing';
import { VehiclesTab } from './vehicles-tab';

/** The tab with the dashboard's part played here: a search box and the status. */
function TabWithSearch() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<VehicleStatus>();
  return (
    <>
      <label>
        Search
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <VehiclesTab
        search={search}
        status={status}
        onStatusChange={setStatus}
        onClearFilters={() => {
          setSearch('');
          setStatus(undefined);
        }}
      />
    </>
  );
}

const cars = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => adminVehicleFixture({ id: `car-${from + index}`, fullName: `Seller ${from + index}`, year: 2000 + ((from + index) % 20) }));

const listedCards = () => within(screen.getByRole('list', { name: 'Vehicles' })).getAllByRole('listitem');

describe('VehiclesTab', () => {
  it('While the first page loads, then six skeleton cards stand in for the grid', () => {
    stubApi({ 'GET /api/vehicles/all': () => heldAnswer().answer });
    renderScreen(<TabWithSearch />);
    expect(within(screen.getByRole('list', { name: 'Loading vehicles' })).getAllByRole('listitem')).toHaveLength(6);
  });

  it("When there are more cars than a page, then 'Load More' asks the next page by its cursor and adds it, until the last page", async () => {
    const api = stubApi({
      'GET /api/vehicles/all': ({ url }: StubRequest) =>
        url.searchParams.get('cursor') === 'page-2' ? jsonAnswer(200, cars(24, 3)) : jsonAnswer(200, cars(0, 24), { 'X-Next-Cursor': 'page-2' }),
    });
    renderScreen(<TabWithSearch />);

    await waitFor(() => expect(listedCards()).toHaveLength(24));
    expect(within(listedCards()[0]!).getByText('Seller 0')).toBeTruthy();
    expect(screen.getByText('Showing the newest 24 vehicles')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));

    await waitFor(() => expect(listedCards()).toHaveLength(27));
    expect(within(listedCards()[26]!).getByText('Seller 26')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(screen.getByText('Showing 27 vehicles')).toBeTruthy();
    expect(api.calls).toEqual(['GET /api/vehicles/all?limit=24', 'GET /api/vehicles/all?limit=24&cursor=page-2']);
  });

  it("When the admin searches, then the server is asked for the words, and the seller's cars replace the list", async () => {
    const api = stubApi({
      'GET /api/vehicles/all': ({ url }: StubRequest) => (url.searchParams.get('q') === 'jordan 917' ? [adminVehicleFixture({ id: 'found', fullName: 'Jordan Privateseller' })] : cars(0, 2)),
    });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedCards()).toHaveLength(2));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' jordan 917 ' } });

    await waitFor(() => expect(listedCards()).toHaveLength(1));
    expect(within(listedCards()[0]!).getByText('Jordan Privateseller')).toBeTruthy();
    expect(api.calls).toEqual(['GET /api/vehicles/all?limit=24', 'GET /api/vehicles/all?limit=24&q=jordan+917']);
  });

  it('When a status is picked, then only cars of that status are asked for', async () => {
    const api = stubApi({ 'GET /api/vehicles/all': ({ url }: StubRequest) => (url.searchParams.get('status') === 'approved' ? [adminVehicleFixture({ id: 'ok', status: 'approved' })] : cars(0, 2)) });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedCards()).toHaveLength(2));

    await chooseOption('Status', 'Approved');

    await waitFor(() => expect(listedCards()).toHaveLength(1));
    expect(api.calls.at(-1)).toBe('GET /api/vehicles/all?limit=24&status=approved');
  });

  it("When nothing matches, then 'No vehicles found' shows, and 'Clear Filters' brings every car back", async () => {
    stubApi({ 'GET /api/vehicles/all': ({ url }: StubRequest) => (url.searchParams.has('q') ? [] : cars(0, 2)) });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedCards()).toHaveLength(2));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No vehicles found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));

    await waitFor(() => expect(listedCards()).toHaveLength(2));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it("When there are no cars at all, then 'No vehicles found' shows without 'Clear Filters'", async () => {
    stubApi({ 'GET /api/vehicles/all': [] });
    renderScreen(<TabWithSearch />);
    expect(await screen.findByText('No vehicles found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('When the list cannot be loaded, then the error is shown with Try Again', async () => {
    stubApi({ 'GET /api/vehicles/all': jsonAnswer(503, { message: 'Service unavailable' }) });
    renderScreen(<TabWithSearch />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the vehicles: Service unavailable');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDealRow, DealView } from '@cardirect/contracts';
import { chooseOption, heldAnswer, jsonAnswer, optionLabels, renderScreen, shownLabel, stubApi, type StubRequest } from '@cardirect/web/testing';
import type { DealFilters } from './deal-filters';
import { DealsTab } from './deals-tab';

/** The tab with the dashboard's part played here: the search box and the filters' state. */
function TabWithSearch() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<DealFilters>({});
  return (
    <>
      <label>
        Search
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <DealsTab
        search={search}
        filters={filters}
        onFiltersChange={setFilters}
        onClearFilters={() => {
          setSearch('');
          setFilters({});
        }}
      />
    </>
  );
}

/** A deal of Lone Star Motors' on a 2019 Toyota Camry SE sold by Jordan Privateseller, waiting for the dealer's times. */
function dealRow({ deal, ...overrides }: Partial<Omit<AdminDealRow, 'deal'>> & { deal?: Partial<DealView> } = {}): AdminDealRow {
  const id = deal?.id ?? 'deal-1';
  return {
    deal: {
      id,
      vehicleId: `car-of-${id}`,
      offerId: `offer-of-${id}`,
      dealerId: 'dealer-1',
      dealershipName: 'Lone Star Motors',
      state: 'accepted',
      agreedPrice: 16_500,
      acceptedAt: '2024-01-08T15:00:00.000Z',
      overdue: false,
      slots: [],
      rescheduled: { seller: false, dealer: false },
      allowed: ['cancel'],
      nextStep: { action: 'propose-slots', actor: 'dealer', dueAt: new Date(Date.now() + (3 * 24 * 60 + 30) * 60_000).toISOString() },
      timeline: [],
      ...deal,
    },
    vehicle: { year: 2019, make: 'toyota', model: 'camry', makeName: 'Toyota', modelName: 'Camry', trim: 'SE' },
    seller: { fullName: 'Jordan Privateseller', email: 'jordan@example.com' },
    ...overrides,
  };
}

const rows = (from: number, count: number) => Array.from({ length: count }, (_, index) => dealRow({ deal: { id: `deal-${from + index}` }, seller: { fullName: `Seller ${from + index}`, email: `seller${from + index}@example.com` } }));

const listedDeals = () => within(screen.getByRole('list', { name: 'Deals' })).getAllByRole('listitem');

// The admin's browser is in Chicago: the clocks are in its zone.
const initialZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
});
afterEach(() => {
  process.env.TZ = initialZone;
});

describe('DealsTab', () => {
  it('While the first page loads, then four skeleton cards stand in for the list', () => {
    stubApi({ 'GET /api/deals': () => heldAnswer().answer });

    renderScreen(<TabWithSearch />);

    expect(within(screen.getByRole('list', { name: 'Loading deals' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it("When deals are loaded, then each shows its car linked to the admin's car page, the seller, the dealership, its step and clock, and the price, in the server's order", async () => {
    // Arrange
    stubApi({
      'GET /api/deals': [
        dealRow({ deal: { id: 'late', overdue: true, nextStep: { action: 'propose-slots', actor: 'dealer', dueAt: '2024-01-09T15:00:00.000Z' } } }),
        dealRow({
          deal: { id: 'cut', dealerId: 'dealer-2', dealershipName: 'Harbor Autos', state: 'price-change-proposed', nextStep: { action: 'decide-price-change', actor: 'seller' }, priceChange: { price: 15_000, faults: [{ kind: 'panel-damage', panel: 'roof', damage: 'dent', size: 'small' }], reason: 'Dents', photos: [], at: '2024-01-10T15:00:00.000Z' } },
          vehicle: { year: 2018, make: 'honda', model: 'accord' },
          seller: { fullName: 'Sam Seller', email: 'sam@example.com' },
        }),
        dealRow({ deal: { id: 'done', state: 'completed', finalPrice: 16_000, completedAt: '2024-01-12T18:00:00.000Z', nextStep: undefined } }),
      ],
    });

    // Act
    renderScreen(<TabWithSearch />);

    // Assert
    await waitFor(() => expect(listedDeals()).toHaveLength(3));
    const [late, cut, done] = listedDeals().map((item) => within(item));
    expect(late!.getByRole('link', { name: '2019 Toyota Camry SE' }).getAttribute('href')).toBe('/vehicles/car-of-late');
    expect(late!.getByText('Overdue')).toBeTruthy();
    expect(late!.getByText('Waiting for appointment times')).toBeTruthy();
    expect(late!.getByText('Lone Star Motors must propose appointment times.')).toBeTruthy();
    expect(late!.getByText((_text, element) => element?.tagName === 'P' && element.textContent === 'Overdue since Tue, Jan 9, 2024, 9:00 AM CST')).toBeTruthy();
    expect(late!.getByText('Jordan Privateseller')).toBeTruthy();
    expect(late!.getByText((_text, element) => element?.tagName === 'DD' && element.textContent === 'jordan@example.com')).toBeTruthy();
    expect(late!.getByText('$16,500')).toBeTruthy();

    expect(cut!.getByRole('link', { name: '2018 honda accord' }).getAttribute('href')).toBe('/vehicles/car-of-cut');
    expect(cut!.queryByText('Overdue')).toBeNull();
    expect(cut!.getByText('Harbor Autos')).toBeTruthy();
    expect(cut!.getByText('Lower price proposed', { selector: 'dt' })).toBeTruthy();
    expect(cut!.getByText('$15,000')).toBeTruthy();
    expect(cut!.getByText('The seller must accept or refuse the lower price.')).toBeTruthy();

    expect(done!.getByText('Sale completed')).toBeTruthy();
    expect(done!.getByText('$16,000')).toBeTruthy();
    expect(done!.getByText((_text, element) => element?.tagName === 'P' && element.textContent === 'Completed Fri, Jan 12, 2024, 12:00 PM CST')).toBeTruthy();
    expect(screen.getByText('Showing 3 deals')).toBeTruthy();
  });

  it("When a deal's step is not overdue, then its clock shows the time left and nothing says overdue", async () => {
    stubApi({ 'GET /api/deals': [dealRow()] });

    renderScreen(<TabWithSearch />);

    await waitFor(() => expect(listedDeals()).toHaveLength(1));
    const deal = within(listedDeals()[0]!);
    expect(deal.getByText('3 days left')).toBeTruthy();
    expect(deal.queryByText(/overdue/i)).toBeNull();
  });

  it('When a deal was cancelled, then who cancelled it, why and when are shown', async () => {
    stubApi({
      'GET /api/deals': [dealRow({ deal: { state: 'cancelled', nextStep: undefined, cancellation: { by: 'dealer', reason: 'schedule', at: '2024-01-11T15:00:00.000Z', dealerLapse: false } } })],
    });

    renderScreen(<TabWithSearch />);

    await waitFor(() => expect(listedDeals()).toHaveLength(1));
    const deal = within(listedDeals()[0]!);
    expect(deal.getByText('Deal cancelled')).toBeTruthy();
    expect(deal.getByText('Lone Star Motors cancelled the deal: We could not agree on a time.')).toBeTruthy();
    expect(deal.getByText((_text, element) => element?.tagName === 'P' && element.textContent === 'Cancelled Thu, Jan 11, 2024, 9:00 AM CST')).toBeTruthy();
  });

  it("When a step is picked, then only deals at that step are asked for; 'All steps' shows every deal again", async () => {
    // Arrange
    const api = stubApi({
      'GET /api/deals': ({ url }: StubRequest) => (url.searchParams.get('state') === 'sale-recorded' ? [dealRow({ deal: { id: 'recorded', state: 'sale-recorded' } })] : rows(0, 2)),
    });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
    expect(shownLabel('Step')).toBe('All steps');
    expect(optionLabels('Step')).toEqual([
      'All steps',
      'Waiting for appointment times',
      'Appointment times proposed',
      'Other times requested',
      'Appointment booked',
      'Sale recorded, to be confirmed',
      'Lower price proposed',
      'Sale completed',
      'Deal cancelled',
    ]);

    // Act
    await chooseOption('Step', 'Sale recorded, to be confirmed');

    // Assert
    await waitFor(() => expect(listedDeals()).toHaveLength(1));
    expect(api.calls.at(-1)).toBe('GET /api/deals?limit=20&state=sale-recorded');
    await chooseOption('Step', 'All steps');
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
  });

  it("When a dealership is picked, then only its deals are asked for, and the other dealerships stay in the choice", async () => {
    // Arrange
    const harbor = dealRow({ deal: { id: 'harbor', dealerId: 'dealer-2', dealershipName: 'Harbor Autos' } });
    const api = stubApi({ 'GET /api/deals': ({ url }: StubRequest) => (url.searchParams.get('dealerId') === 'dealer-2' ? [harbor] : [dealRow({ deal: { id: 'lone-star' } }), harbor]) });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
    expect(optionLabels('Dealer')).toEqual(['All dealers', 'Harbor Autos', 'Lone Star Motors']);

    // Act
    await chooseOption('Dealer', 'Harbor Autos');

    // Assert
    await waitFor(() => expect(listedDeals()).toHaveLength(1));
    expect(api.calls.at(-1)).toBe('GET /api/deals?limit=20&dealerId=dealer-2');
    expect(shownLabel('Dealer')).toBe('Harbor Autos');
    expect(optionLabels('Dealer')).toEqual(['All dealers', 'Harbor Autos', 'Lone Star Motors']);
  });

  it("When 'Price changes to review' is checked, then only those deals are asked for, and with none waiting the tab says so; unchecked, every deal is back", async () => {
    // Arrange
    const api = stubApi({ 'GET /api/deals': ({ url }: StubRequest) => (url.searchParams.get('review') === 'price-changes' ? [] : rows(0, 2)) });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
    const reviewQueue = screen.getByRole('checkbox', { name: 'Price changes to review' });
    expect((reviewQueue as HTMLInputElement).checked).toBe(false);

    // Act
    await userEvent.click(reviewQueue);

    // Assert
    expect(await screen.findByText('No price changes waiting for a verdict')).toBeTruthy();
    expect(api.calls.at(-1)).toBe('GET /api/deals?limit=20&review=price-changes');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    await userEvent.click(reviewQueue);
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
  });

  it("When a deal's lower price awaits a verdict, then its row says so and links to the car's page, where it is judged", async () => {
    // Arrange
    const priceChange: NonNullable<DealView['priceChange']> = { price: 15_000, faults: [{ kind: 'panel-damage', panel: 'roof', damage: 'dent', size: 'large' }], reason: 'Hail damage on the roof', photos: [], at: '2024-01-10T15:00:00.000Z' };
    stubApi({
      'GET /api/deals': [
        dealRow({ deal: { id: 'waiting', state: 'completed', finalPrice: 15_000, completedAt: '2024-01-12T18:00:00.000Z', nextStep: undefined, priceChange } }),
        dealRow({ deal: { id: 'judged', state: 'completed', finalPrice: 15_500, completedAt: '2024-01-12T18:00:00.000Z', nextStep: undefined, priceChange: { ...priceChange, price: 15_500, verdict: { verdict: 'justified', at: '2024-01-13T15:00:00.000Z' } } } }),
      ],
    });

    // Act
    renderScreen(<TabWithSearch />);

    // Assert
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
    const [waiting, judged] = listedDeals().map((item) => within(item));
    expect(waiting!.getByText('Price change to review')).toBeTruthy();
    expect(waiting!.getByText('Lower price proposed', { selector: 'dt' })).toBeTruthy();
    expect(waiting!.getByRole('link', { name: '2019 Toyota Camry SE' }).getAttribute('href')).toBe('/vehicles/car-of-waiting');
    expect(judged!.queryByText('Price change to review')).toBeNull();
    expect(judged!.queryByText('Lower price proposed', { selector: 'dt' })).toBeNull();
  });

  it('When the admin types, then the server is asked once, for the words as they stand when typing pauses', async () => {
    // Arrange
    const api = stubApi({ 'GET /api/deals': ({ url }: StubRequest) => (url.searchParams.get('q') === 'camry jordan' ? [dealRow({ deal: { id: 'found' } })] : rows(0, 2)) });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
    const searchBox = screen.getByRole('searchbox', { name: 'Search' });

    // Act
    for (const typed of ['c', 'camry', 'camry jor', ' camry jordan ']) fireEvent.change(searchBox, { target: { value: typed } });

    // Assert
    expect(api.calls).toEqual(['GET /api/deals?limit=20']);
    await waitFor(() => expect(listedDeals()).toHaveLength(1));
    expect(api.calls).toEqual(['GET /api/deals?limit=20', 'GET /api/deals?limit=20&q=camry+jordan']);
  });

  it("When there are more deals than a page, then 'Load More' asks the next page by its cursor and adds it, until the last page", async () => {
    const api = stubApi({
      'GET /api/deals': ({ url }: StubRequest) => (url.searchParams.get('cursor') === 'page-2' ? jsonAnswer(200, rows(20, 3)) : jsonAnswer(200, rows(0, 20), { 'X-Next-Cursor': 'page-2' })),
    });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedDeals()).toHaveLength(20));
    expect(screen.getByText('Showing the first 20 deals')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));

    await waitFor(() => expect(listedDeals()).toHaveLength(23));
    expect(within(listedDeals()[22]!).getByText('Seller 22')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(screen.getByText('Showing 23 deals')).toBeTruthy();
    expect(api.calls).toEqual(['GET /api/deals?limit=20', 'GET /api/deals?limit=20&cursor=page-2']);
  });

  it("When there are no deals at all, then 'No deals yet' shows without 'Clear Filters'", async () => {
    stubApi({ 'GET /api/deals': [] });

    renderScreen(<TabWithSearch />);

    expect(await screen.findByText('No deals yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it("When nothing matches the search, then 'No deals match your search' shows, and 'Clear Filters' brings every deal back", async () => {
    stubApi({ 'GET /api/deals': ({ url }: StubRequest) => (url.searchParams.has('q') || url.searchParams.has('state') ? [] : rows(0, 2)) });
    renderScreen(<TabWithSearch />);
    await waitFor(() => expect(listedDeals()).toHaveLength(2));
    await chooseOption('Step', 'Appointment booked');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } });

    expect(await screen.findByText('No deals match your search')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));

    await waitFor(() => expect(listedDeals()).toHaveLength(2));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(shownLabel('Step')).toBe('All steps');
  });

  it('When the list cannot be loaded, then the error is shown, and Try Again asks again', async () => {
    let failing = true;
    stubApi({ 'GET /api/deals': () => (failing ? jsonAnswer(503, { message: 'Service unavailable' }) : rows(0, 1)) });
    renderScreen(<TabWithSearch />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the deals: Service unavailable');

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    await waitFor(() => expect(listedDeals()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

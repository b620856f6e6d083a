import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, type SavedSearchView } from '@cardirect/contracts';
import { jsonAnswer, renderScreen, stubApi, toastLines, vpic } from '@cardirect/web/testing';
import DealerDashboardScreen from '../../../exposes/dealer-dashboard-screen';

function savedSearch(overrides: Partial<SavedSearchView> = {}): SavedSearchView {
  return {
    id: 'search-1',
    criteria: { make: 'honda', model: 'accord', yearFrom: 2015, yearTo: 2020 },
    description: 'Honda Accord, 2015 to 2020',
    frequency: 'instant',
    createdAt: '2024-01-07T12:00:00.000Z',
    matchCount: 3,
    ...overrides,
  };
}

function openDashboard(savedSearches: unknown, routes: Record<string, unknown> = {}) {
  const api = stubApi({
    'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
    'GET /api/vehicles/makes': vpic([{ Make_ID: 474, Make_Name: 'Honda' }, { Make_ID: 448, Make_Name: 'Toyota' }]),
    'GET /api/vehicles': [],
    'GET /api/vehicles/count': { count: 0 },
    'GET /api/vehicles/saved-searches': savedSearches,
    ...routes,
  });
  renderScreen(<DealerDashboardScreen />, { path: '/dealer/dashboard' });
  return api;
}

const section = () => screen.findByRole('region', { name: 'Saved Searches' });

async function openForm(region: HTMLElement): Promise<HTMLElement> {
  await userEvent.click(within(region).getByRole('button', { name: 'Save a search' }));
  return within(region).getByRole('form', { name: 'Save a search' });
}

/** The dashboard's filters have a Make and a Distance too: the form's are chosen within it, once they offer the option (the makes load). */
async function choose(form: HTMLElement, name: string, label: string): Promise<void> {
  const select = within(form).getByRole('combobox', { name });
  await within(select).findByRole('option', { name: label });
  await userEvent.selectOptions(select, label);
}

describe('the saved searches on the dealer dashboard', () => {
  it('When the dealer has saved searches, then each card shows its description, how often it e-mails and how many cars fit it now', async () => {
    openDashboard([
      savedSearch({ id: 'search-1', description: 'Honda Accord, 2015 to 2020', frequency: 'instant', matchCount: 3 }),
      savedSearch({ id: 'search-2', description: 'Toyota, up to 80,000 miles', frequency: 'daily', matchCount: 1 }),
      savedSearch({ id: 'search-3', description: 'Any make, within 25 miles', frequency: 'daily', matchCount: 0 }),
    ]);

    const cards = await within(await section()).findAllByRole('listitem');

    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Honda Accord, 2015 to 2020',
      'Toyota, up to 80,000 miles',
      'Any make, within 25 miles',
    ]);
    expect(within(cards[0]!).getByText('3 cars on the market now')).toBeTruthy();
    expect(within(cards[0]!).getByText('As each car is listed')).toBeTruthy();
    expect(within(cards[1]!).getByText('1 car on the market now')).toBeTruthy();
    expect(within(cards[1]!).getByText('One e-mail a day')).toBeTruthy();
    expect(within(cards[2]!).getByText('No cars on the market now')).toBeTruthy();
  });

  it('When the dealer looks for its saved searches below the cars, then the header\'s "Saved Searches" link leads to the section', async () => {
    openDashboard([]);

    const link = await screen.findByRole('link', { name: 'Saved Searches' });

    const target = document.getElementById(link.getAttribute('href')!.replace(/^#/, ''));
    expect(target).toBe(await section());
  });

  it('When the dealer has none, then the section says what saving one brings', async () => {
    openDashboard([]);

    expect(await within(await section()).findByText('No saved searches yet. Save one to be e-mailed when a car that fits is listed.')).toBeTruthy();
  });

  it('When the dealer fills in the form and presses Save search, then the criteria typed are sent, the toast says so and the new search is listed', async () => {
    let list: SavedSearchView[] = [];
    const saved = savedSearch({ id: 'search-9', description: 'Honda Accord, 2015 to 2020, up to 80,000 miles, within 50 miles, Good or better', frequency: 'daily', matchCount: 2 });
    const api = openDashboard(() => list, {
      'POST /api/vehicles/saved-searches': () => {
        list = [saved];
        return jsonAnswer(201, saved);
      },
    });
    const region = await section();
    const form = await openForm(region);

    await choose(form, 'Make', 'Honda');
    await userEvent.type(within(form).getByLabelText('Model'), 'Accord');
    await userEvent.type(within(form).getByLabelText('From year'), '2015');
    await userEvent.type(within(form).getByLabelText('To year'), '2020');
    await userEvent.type(within(form).getByLabelText('Maximum mileage'), '80,000');
    await choose(form, 'Distance', 'Within 50 miles');
    await choose(form, 'Worst condition accepted', 'Good');
    await userEvent.click(within(form).getByRole('radio', { name: 'One e-mail a day' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save search' }));

    await waitFor(() => expect(toastLines()).toEqual([`Search saved / ${saved.description}: 2 cars on the market now.`]));
    expect(api.bodies.get('POST /api/vehicles/saved-searches')).toEqual({
      make: 'honda',
      model: 'Accord',
      yearFrom: 2015,
      yearTo: 2020,
      maxMileage: 80_000,
      withinMiles: 50,
      maxGrade: 'good',
      frequency: 'daily',
    });
    const card = await within(region).findByRole('listitem');
    expect(within(card).getByRole('heading', { name: saved.description })).toBeTruthy();
    // The form closes; the keyboard is back on the button that opened it.
    expect(within(region).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Save a search' }));
  });

  it("When the server refuses a criterion, then its message shows under that field", async () => {
    const message = "Your dealership's ZIP code is not one distances can be measured from";
    openDashboard([], { 'POST /api/vehicles/saved-searches': jsonAnswer(400, { message, errors: { withinMiles: message } }) });
    const form = await openForm(await section());

    await choose(form, 'Distance', 'Within 25 miles');
    await userEvent.click(within(form).getByRole('button', { name: 'Save search' }));

    const distance = within(form).getByRole('combobox', { name: 'Distance' });
    await waitFor(() => expect(distance.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(distance.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(toastLines()).toEqual([`Search not saved / ${message}`]);
  });

  it('When the form breaks a rule, then the message shows on its field and nothing is sent; Cancel closes the form', async () => {
    const api = openDashboard([]);
    const form = await openForm(await section());
    expect(document.activeElement).toBe(within(form).getByRole('heading', { name: 'Save a search' }));

    await userEvent.type(within(form).getByLabelText('Model'), 'Accord');
    await userEvent.click(within(form).getByRole('button', { name: 'Save search' }));

    expect(await within(form).findByText('Choose a make before a model')).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Save a search' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save a search' }));
  });

  it(`When the dealer keeps ${MAX_SAVED_SEARCHES} searches, then saving waits for one to be deleted`, async () => {
    openDashboard(Array.from({ length: MAX_SAVED_SEARCHES }, (_, index) => savedSearch({ id: `search-${index}`, description: `Any make, ${2000 + index}` })));
    const region = await section();

    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(MAX_SAVED_SEARCHES));
    expect(within(region).getByText('You have 10 saved searches, the most you can keep. Delete one to save another.')).toBeTruthy();
    expect((within(region).getByRole('button', { name: 'Save a search' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('When the dealer deletes a search and confirms, then it is deleted and leaves the list; Keep Search deletes nothing', async () => {
    let list = [savedSearch({ id: 'search-1', description: 'Honda Accord, 2015 to 2020' }), savedSearch({ id: 'search-2', description: 'Toyota' })];
    const api = openDashboard(() => list, {
      'DELETE /api/vehicles/saved-searches/search-1': () => {
        list = list.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    const region = await section();
    const deleteButton = await within(region).findByRole('button', { name: 'Delete saved search Honda Accord, 2015 to 2020' });

    await userEvent.click(deleteButton);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep Search' }));
    expect(api.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);

    await userEvent.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this saved search?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Search' }));

    await waitFor(() => expect(within(region).getAllByRole('listitem').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Toyota']));
    expect(api.calls).toContain('DELETE /api/vehicles/saved-searches/search-1');
    expect(toastLines()).toEqual(['Search deleted / You get no more e-mails for Honda Accord, 2015 to 2020.']);
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('heading', { level: 2, name: 'Saved Searches' })));
  });

  it('When the list cannot be loaded, then the section says so and Try Again asks again', async () => {
    let answer: unknown = jsonAnswer(500, { message: 'Something went wrong' });
    const api = openDashboard(() => answer);
    const region = await section();

    expect((await within(region).findByRole('alert')).textContent).toContain('Could not load your saved searches: Something went wrong');
    answer = [savedSearch()];
    await userEvent.click(within(region).getByRole('button', { name: 'Try Again' }));

    expect(await within(region).findByRole('listitem')).toBeTruthy();
    expect(api.calls.filter((call) => call === 'GET /api/vehicles/saved-searches')).toHaveLength(2);
  });
});

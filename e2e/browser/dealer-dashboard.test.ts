import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView, VehicleView } from '@cardirect/contracts';
import { apiClient, loginAdmin, type Api } from '../support/api';
import { chooseOption, chosenOption, launchChromium } from '../support/browser';
import { approvedDealerIn, dashboardResponds, submitCars, vehicleCards, type CarSpec } from '../support/dealers';
import { startStack, type Stack } from '../support/stack';

const ZIP = '73301';
const accord: CarSpec = { make: 'honda', model: 'Accord', year: 2018, zipCode: ZIP };

// Oldest first: the dashboard shows the 24 Accords first (newest), then the F-150, the Camry, and
// the Civic, which alone is at another ZIP.
const cars: CarSpec[] = [
  { make: 'honda', model: 'Civic', year: 2018, zipCode: '90210' },
  { make: 'toyota', model: 'Camry', year: 2021, zipCode: ZIP },
  { make: 'ford', model: 'F-150', year: 2019, zipCode: ZIP },
  ...Array.from({ length: 24 }, () => accord),
];

describe("the dealer's dashboard and vehicle page in the browser", () => {
  let stack: Stack;
  let browser: Browser;
  let api: Api;
  let adminCookie: string;
  let context: BrowserContext;
  let page: Page;

  async function openDashboard(search = ''): Promise<void> {
    await page.goto(`${stack.baseUrl}/dealer/dashboard${search}`);
    await dashboardResponds(page);
  }

  /** The names on the cards (e.g. '2021 Toyota Camry'), once the list has settled. */
  async function cardNames(): Promise<string[]> {
    await page.getByRole('list', { name: 'Available vehicles' }).and(page.locator(':not([aria-busy])')).waitFor();
    return vehicleCards(page).getByRole('heading', { level: 3 }).evaluateAll((headings) => headings.map((heading) => heading.firstChild?.textContent ?? ''));
  }

  beforeAll(async () => {
    stack = await startStack();
    api = apiClient(stack);
    adminCookie = await loginAdmin(api, stack);
    await submitCars(api, stack, cars);
    browser = await launchChromium();
    ({ context, page } = await approvedDealerIn(browser, stack, api, adminCookie));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  it("When 26 cars are at one ZIP, then 24 are shown and 'Load More Vehicles' shows all 26, then goes away", async () => {
    await openDashboard(`?zip=${ZIP}`);

    await expect.poll(() => vehicleCards(page).count()).toBe(24);
    await page.getByRole('button', { name: 'Load More Vehicles' }).click();

    await expect.poll(() => vehicleCards(page).count()).toBe(26);
    expect(await page.getByRole('button', { name: 'Load More Vehicles' }).count()).toBe(0);
    expect(await page.getByLabel('ZIP Prefix').inputValue()).toBe(ZIP);
  });

  /** The API calls (not photos) the page asks while `work` runs, by path. */
  async function apiCallsDuring(work: () => Promise<void>): Promise<string[]> {
    const apiCalls: string[] = [];
    const recordCall = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('/thumbnail')) apiCalls.push(url.pathname);
    };
    page.on('request', recordCall);
    try {
      await work();
    } finally {
      page.off('request', recordCall);
    }
    return apiCalls;
  }

  it('When the dealer opens the dashboard, then each of its first calls reaches the server once: the screen adopts the calls its remote declares, which the shell starts while the screen loads', async () => {
    const errors: string[] = [];
    const recordError = (error: Error) => errors.push(error.message);
    page.on('pageerror', recordError);
    try {
      const apiCalls = await apiCallsDuring(async () => {
        await openDashboard();
        await expect.poll(() => vehicleCards(page).getByText('new', { exact: true }).count()).toBe(24);
      });
      expect(apiCalls).toEqual(expect.arrayContaining(['/api/auth/user', '/api/vehicles', '/api/vehicles/count', '/api/vehicles/makes', '/api/vehicles/mine']));
      expect(apiCalls.filter((call, index) => apiCalls.indexOf(call) !== index)).toEqual([]);
    } finally {
      page.off('pageerror', recordError);
    }
    expect(errors).toEqual([]);
  });

  it('When the dealer opens a filtered dashboard, then each call reaches the server once: the screen adopts the calls the shell starts while it loads', async () => {
    const apiCalls = await apiCallsDuring(async () => {
      await openDashboard(`?zip=${ZIP}`);
      await expect.poll(() => vehicleCards(page).count()).toBe(24);
      // The dealer's own side of the cards is known: every card shows its status badge.
      await expect.poll(() => vehicleCards(page).getByText('new', { exact: true }).count()).toBe(24);
    });

    // By path: a shell asking for another address than the screen's would show here twice.
    expect(apiCalls).toEqual(expect.arrayContaining(['/api/auth/user', '/api/vehicles', '/api/vehicles/makes', '/api/vehicles/mine']));
    expect(apiCalls.filter((call, index) => apiCalls.indexOf(call) !== index)).toEqual([]);
  });

  it('When the dealer uses each filter, then the cards narrow to the cars that match, and the address keeps the filters through a reload', async () => {
    await openDashboard();

    await page.getByLabel('Search', { exact: true }).fill('camry');
    await expect.poll(cardNames).toEqual(['2021 Toyota Camry']);
    await expect.poll(() => new URL(page.url()).search).toBe('?q=camry');
    await page.getByLabel('Search', { exact: true }).fill('');
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await chooseOption(page, 'Make', 'Ford');
    await expect.poll(cardNames).toEqual(['2019 Ford F-150']);
    await chooseOption(page, 'Make', 'All Makes');

    await chooseOption(page, 'Year', '2021');
    await expect.poll(cardNames).toEqual(['2021 Toyota Camry']);
    await page.reload();
    await expect.poll(cardNames).toEqual(['2021 Toyota Camry']);
    expect(await chosenOption(page, 'Year')).toBe('2021');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await chooseOption(page, 'Year', 'All Years');

    await page.getByLabel('ZIP Prefix').fill('902');
    await expect.poll(cardNames).toEqual(['2018 Honda Civic']);
  });

  it("When nothing matches, then 'No vehicles matching your criteria' shows and 'Clear All Filters' brings the cars back", async () => {
    await page.goto(`${stack.baseUrl}/dealer/dashboard?q=lamborghini`);

    await page.getByRole('heading', { name: 'No vehicles matching your criteria' }).waitFor();
    expect(await page.getByText('Try adjusting your filters to see more results').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();

    await expect.poll(() => vehicleCards(page).count()).toBe(24);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
  });

  it("When the dealer opens a car, then the seller's contact is hidden, the dealer's own record is saved without changing the admin's, an offer is placed, and Back brings the car into view", async () => {
    await openDashboard();
    // A card far down the first page, so coming back has to scroll to it.
    const link = vehicleCards(page).nth(19).getByRole('link', { name: /View details/ });
    const vehicleId = (await link.getAttribute('href'))!.split('/').pop()!;
    await link.click();
    await page.getByRole('heading', { level: 1, name: '2018 Honda Accord' }).waitFor();

    const main = page.getByRole('main');
    expect(await main.getByText("The seller's name, e-mail and phone are shared with you once the seller accepts your offer.").isVisible()).toBe(true);
    expect(await main.getByText('Jordan Privateseller').count()).toBe(0);
    expect(await main.getByText('(917) 555-0142').count()).toBe(0);
    expect(await main.getByText('Description').count()).toBe(0);
    expect(await main.getByText(ZIP, { exact: true }).isVisible()).toBe(true);

    await chooseOption(page, 'Status', 'Contacted');
    await page.getByLabel('Notes').fill('Called the seller on Monday');
    await page.getByLabel('Seller Contacted').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Vehicle details updated successfully', { exact: true }).waitFor();
    const adminView = await api<VehicleView>(`/api/vehicles/${vehicleId}`, { cookie: adminCookie });
    expect(adminView.body).toMatchObject({ status: 'new', contacted: false });
    expect(adminView.body.notes).toBeUndefined();

    await page.getByLabel('Offer Amount ($)').fill('15500');
    expect(await page.getByText('You are offering $15,500').isVisible()).toBe(true);
    await page.getByLabel('Message to the Seller (optional)').fill('Cash, pick-up this week');
    await page.getByRole('button', { name: 'Make Offer' }).click();
    await page.getByText('Your offer of $15,500 was sent to the seller.', { exact: true }).waitFor();
    const yourOffer = page.getByRole('region', { name: 'Your Offer' });
    await yourOffer.getByText('Pending', { exact: true }).waitFor();
    expect(await yourOffer.getByText(/(day|hour|minute)s? left$/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Raise Offer' }).isVisible()).toBe(true);
    const offers = await api<OfferView[]>(`/api/vehicles/${vehicleId}/offers`, { cookie: adminCookie });
    expect(offers.body.map((offer) => [offer.amount, offer.status, offer.message])).toEqual([[15_500, 'pending', 'Cash, pick-up this week']]);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: '2018 Honda Accord' }).waitFor();
    expect(await page.getByLabel('Notes').inputValue()).toBe('Called the seller on Monday');
    expect(await page.getByLabel('Offer Made').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${stack.baseUrl}/dealer/dashboard`);
    const card = page.locator(`#vehicle-card-${vehicleId}`);
    await card.and(page.locator('[data-highlighted]')).waitFor();
    // Within the window once the (smooth) scroll has ended.
    await expect
      .poll(() => card.evaluate((element) => ({ top: element.getBoundingClientRect().top >= 0, bottom: element.getBoundingClientRect().bottom <= window.innerHeight, scrollY: window.scrollY > 0 })), { timeout: 10_000 })
      .toEqual({ top: true, bottom: true, scrollY: true });
    expect(await card.getByText('Your offer:').isVisible()).toBe(true);
    expect(await card.getByText('contacted', { exact: true }).isVisible()).toBe(true);
    await card.and(page.locator(':not([data-highlighted])')).waitFor();
  });
});

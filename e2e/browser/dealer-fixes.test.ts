// Issue 31, the dealer's side: offers in whole dollars (and only raised, by the server too), cars
// with a sale agreed, withdrawing an offer, the list's count, orders, distance and search words, and
// the offer first on a phone. Two approved dealers at ZIP 10001 (Manhattan); the second's offer on
// the Accord was accepted before the tests start.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '@cardirect/contracts';
import { apiClient, loginAdmin, sellerContact, submitListedVehicle, vehicleSubmission, type Api } from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { chooseOption, chosenOption, launchChromium, sidewaysOverflow } from '../support/browser';
import { approvedDealerIn, dashboardResponds, vehicleCards } from '../support/dealers';
import { artifactsDir } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const shotsDir = path.join(artifactsDir, 'dealer-fixes');

interface Car {
  make: string;
  model: string;
  year: number;
  trim: string;
  mileage: number;
  zipCode: string;
}

// Listed in this order (the dashboard shows the last first).
const cars = {
  camry2018: { make: 'toyota', model: 'Camry', year: 2018, trim: 'ALL-TRAC', mileage: 61_000, zipCode: '07030' }, // Hoboken, about 2 miles
  camry2019: { make: 'toyota', model: 'Camry', year: 2019, trim: 'LE', mileage: 15_000, zipCode: '19103' }, // Philadelphia, about 80 miles
  civic: { make: 'honda', model: 'Civic', year: 2022, trim: 'Sport', mileage: 30_000, zipCode: '90210' }, // Beverly Hills
  accord: { make: 'honda', model: 'Accord', year: 2016, trim: 'EX', mileage: 98_000, zipCode: '10002' }, // Manhattan: the sale agreed
  pilot: { make: 'honda', model: 'Pilot', year: 2020, trim: 'Touring', mileage: 5_000, zipCode: '02108' }, // Boston, about 190 miles
  odyssey: { make: 'honda', model: 'Odyssey', year: 2017, trim: 'EX-L', mileage: 44_000, zipCode: '10001' }, // Manhattan
} satisfies Record<string, Car>;

type CarName = keyof typeof cars;

const title = (car: Car) => `${car.year} ${car.make === 'toyota' ? 'Toyota' : 'Honda'} ${car.model}`;

describe("issue 31, the dealer's side, in the browser", () => {
  let stack: Stack;
  let browser: Browser;
  let api: Api;
  const ids = {} as Record<CarName, string>;
  const sellers = {} as Record<CarName, string>;
  /** The dealer whose offer on the Accord the seller accepted. */
  let buyer: { context: BrowserContext; page: Page; cookie: string };
  /** Another dealer, who sees that sale as agreed. */
  let other: { context: BrowserContext; page: Page; cookie: string };

  async function dealerIn(adminCookie: string) {
    const { context, page } = await approvedDealerIn(browser, stack, api, adminCookie);
    const cookie = (await context.cookies()).find((each) => each.name === 'cd_session')!.value;
    return { context, page, cookie };
  }

  beforeAll(async () => {
    stack = await startStack();
    api = apiClient(stack);
    const adminCookie = await loginAdmin(api, stack);
    for (const [name, car] of Object.entries(cars) as Array<[CarName, Car]>) {
      const listed = await submitListedVehicle(api, stack, { ...vehicleSubmission(sellerContact(), car.zipCode), ...car });
      ids[name] = listed.id;
      sellers[name] = listed.sellerCookie;
    }
    browser = await launchChromium();
    buyer = await dealerIn(adminCookie);
    other = await dealerIn(adminCookie);
    const offer = await api<OfferView>(`/api/vehicles/${ids.accord}/offers`, { method: 'POST', cookie: buyer.cookie, body: { amount: 8_000 } });
    const accepted = await api(`/api/offers/${offer.body.id}/accept`, { method: 'POST', cookie: sellers.accord });
    if (accepted.status !== 200) throw new Error(`acceptance failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    fs.rmSync(shotsDir, { recursive: true, force: true });
    fs.mkdirSync(shotsDir, { recursive: true });
  });

  afterAll(async () => {
    await buyer?.context.close();
    await other?.context.close();
    await browser?.close();
    await stack?.stop();
  });

  async function openDashboard(page: Page, search = ''): Promise<void> {
    await page.goto(`${stack.baseUrl}/dealer/dashboard${search}`);
    await dashboardResponds(page);
  }

  /** The names on the cards, once the list has settled. */
  async function cardNames(page: Page): Promise<string[]> {
    await page.getByRole('list', { name: 'Available vehicles' }).and(page.locator(':not([aria-busy])')).waitFor();
    return vehicleCards(page).getByRole('heading', { level: 3 }).evaluateAll((headings) => headings.map((heading) => heading.firstChild?.textContent ?? ''));
  }

  function cardOf(page: Page, car: Car): Locator {
    return vehicleCards(page).filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${title(car)}`) }) });
  }

  async function openCar(page: Page, name: CarName): Promise<Locator> {
    await page.goto(`${stack.baseUrl}/vehicles/${ids[name]}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${title(cars[name])}`) }).waitFor();
    const panel = page.getByRole('region', { name: 'Your Offer' });
    // The panel has loaded the dealer's offers once its spinner is gone.
    await panel.getByText('Loading your offers…').waitFor({ state: 'detached' });
    return panel;
  }

  /** Photographs the page at 375 and 1280 px and asks axe about each; answers the violations found. */
  async function photographAndCheck(page: Page, name: string, ready: () => Promise<unknown>): Promise<string[]> {
    const violations: string[] = [];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await ready();
      expect(await sidewaysOverflow(page), `${name} at ${width} px`).toBe(0);
      violations.push(...(await seriousAccessibilityViolations(page)).map((violation) => `${name} at ${width} px: ${violation}`));
      await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    return violations;
  }

  async function offersOn(name: CarName): Promise<Array<[number, string]>> {
    const offers = await api<OfferView[]>(`/api/vehicles/${ids[name]}/offers`, { cookie: sellers[name] });
    return offers.body.map((offer) => [offer.amount, offer.status]);
  }

  // Broken 1. On today's main the form reads '12,500.50' as its digits and sends $1,250,050 (and
  // shows "You are offering $1,250,050"); the API also takes a lower amount in place of a pending one.
  it('When a dealer types an offer with cents, then the form refuses it with a sentence and sends nothing; whole dollars with commas go; the server refuses a lower replacement', async () => {
    const { page, cookie } = other;
    const panel = await openCar(page, 'pilot');
    const amount = panel.getByLabel('Offer Amount ($)');

    await amount.fill('12,500.50');
    expect(await panel.getByText(/You are offering/).count()).toBe(0);
    await panel.getByRole('button', { name: 'Make Offer' }).click();
    await panel.getByText('Offers are in whole dollars: leave out the cents (12,500, not 12,500.50)').waitFor();
    expect(await offersOn('pilot')).toEqual([]);

    await amount.fill('12,500');
    expect(await panel.getByText('You are offering $12,500').isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Make Offer' }).click();
    await page.getByText('Your offer of $12,500 was sent to the seller.', { exact: true }).waitFor();
    expect(await offersOn('pilot')).toEqual([[12_500, 'pending']]);

    const lower = await api(`/api/vehicles/${ids.pilot}/offers`, { method: 'POST', cookie, body: { amount: 11_000 } });
    expect(lower).toMatchObject({ status: 400, body: { errors: { amount: 'Your new offer must be higher than your current offer of $12,500' } } });
    expect(await offersOn('pilot')).toEqual([[12_500, 'pending']]);
  });

  // Broken 2. On today's main the Accord is under "Available Vehicles" for the other dealer with a
  // green "New" badge, and its page offers the form (which fails only once sent).
  it("When the seller accepted another dealer's offer, then the other dealer's list leaves the car out unless asked, marks it 'Sale agreed', and its page explains instead of offering the form", async () => {
    const { page } = other;
    await openDashboard(page);
    expect(await cardNames(page)).not.toContain(title(cars.accord));

    await page.getByRole('checkbox', { name: 'Show cars with a sale agreed' }).check();
    await expect.poll(() => new URL(page.url()).search).toBe('?agreed=1');
    await expect.poll(() => cardNames(page)).toContain(title(cars.accord));
    const card = cardOf(page, cars.accord);
    await card.getByText('Sale agreed', { exact: true }).waitFor();
    expect(await card.getByText('new', { exact: true }).count()).toBe(0);
    expect(await cardOf(page, cars.civic).getByText('Sale agreed').count()).toBe(0);

    await card.getByRole('link', { name: /View details/ }).click();
    const panel = page.getByRole('region', { name: 'Your Offer' });
    await panel.getByText('The seller accepted another offer on this car, so it no longer takes offers.').waitFor();
    expect(await panel.getByText('Sale agreed', { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByLabel('Offer Amount ($)').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Make Offer' }).count()).toBe(0);
    expect(
      await photographAndCheck(page, 'vehicle-sale-agreed', () => panel.getByText('Sale agreed', { exact: true }).waitFor()),
    ).toEqual([]);

    await openDashboard(page, '?agreed=1');
    expect(await photographAndCheck(page, 'dashboard-sale-agreed', () => cardOf(page, cars.accord).getByText('Sale agreed', { exact: true }).waitFor())).toEqual([]);
  });

  it("When the buyer looks at the car it bought, then it sees its accepted offer as before, never 'Sale agreed'", async () => {
    const { page } = buyer;
    const panel = await openCar(page, 'accord');
    await panel.getByText('The seller accepted your offer. Their contact details are under Seller Information.').waitFor();
    expect(await panel.getByText('Sale agreed').count()).toBe(0);

    await openDashboard(page, '?agreed=1');
    const card = cardOf(page, cars.accord);
    await card.getByText('Accepted', { exact: true }).waitFor();
    expect(await card.getByText('Sale agreed').count()).toBe(0);
  });

  it('When a dealer withdraws its pending offer, then after confirming it reads as withdrawn for the dealer and the seller, and a new offer can be made', async () => {
    const { page } = other;
    const panel = await openCar(page, 'odyssey');
    await panel.getByLabel('Offer Amount ($)').fill('9,000');
    await panel.getByRole('button', { name: 'Make Offer' }).click();
    await page.getByText('Your offer of $9,000 was sent to the seller.', { exact: true }).waitFor();
    await panel.getByText('Pending', { exact: true }).waitFor();
    expect(await photographAndCheck(page, 'vehicle-pending-offer', () => panel.getByRole('button', { name: 'Withdraw Offer' }).waitFor())).toEqual([]);

    await panel.getByRole('button', { name: 'Withdraw Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw your offer of $9,000?' });
    await dialog.waitFor();
    expect(await photographAndCheck(page, 'withdraw-dialog', () => dialog.waitFor())).toEqual([]);
    await dialog.getByRole('button', { name: 'Withdraw Offer' }).click();

    await page.getByText('The seller can no longer accept your offer of $9,000.', { exact: true }).waitFor();
    await panel.getByText('Withdrawn', { exact: true }).waitFor();
    expect(await offersOn('odyssey')).toEqual([[9_000, 'withdrawn']]);
    expect(await panel.getByRole('button', { name: 'Make Offer' }).isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Withdraw Offer' }).count()).toBe(0);
  });

  it('When the dealer opens the dashboard, then it says how many cars match, and the count follows the filters', async () => {
    const { page } = other;
    await openDashboard(page);
    const results = page.getByRole('region', { name: 'Available Vehicles' });

    await results.getByText('5 vehicles', { exact: true }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('camry');
    await results.getByText('2 vehicles', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Show cars with a sale agreed' }).check();
    await page.getByLabel('Search', { exact: true }).fill('');
    await results.getByText('6 vehicles', { exact: true }).waitFor();
    expect(await photographAndCheck(page, 'dashboard-count', () => results.getByText('6 vehicles', { exact: true }).waitFor())).toEqual([]);
  });

  it('When the dealer sorts by lowest mileage or newest model year, then the cards follow that order, and a reload keeps it', async () => {
    const { page } = other;
    await openDashboard(page);
    expect(await cardNames(page)).toEqual([cars.odyssey, cars.pilot, cars.civic, cars.camry2019, cars.camry2018].map(title));

    await chooseOption(page, 'Sort by', 'Lowest mileage');
    await expect.poll(() => cardNames(page)).toEqual([cars.pilot, cars.camry2019, cars.civic, cars.odyssey, cars.camry2018].map(title));
    expect(new URL(page.url()).search).toBe('?sort=mileage');

    await chooseOption(page, 'Sort by', 'Newest model year');
    await expect.poll(() => cardNames(page)).toEqual([cars.civic, cars.pilot, cars.camry2019, cars.camry2018, cars.odyssey].map(title));
    await page.reload();
    await expect.poll(() => cardNames(page)).toEqual([cars.civic, cars.pilot, cars.camry2019, cars.camry2018, cars.odyssey].map(title));
    expect(await chosenOption(page, 'Sort by')).toBe('Newest model year');
  });

  it("When the dealer narrows the list to a distance from its dealership (ZIP 10001), then only the cars that close show, with their count", async () => {
    const { page } = other;
    await openDashboard(page);
    const results = page.getByRole('region', { name: 'Available Vehicles' });

    await chooseOption(page, 'Distance', 'Within 25 miles');
    await expect.poll(() => cardNames(page)).toEqual([cars.odyssey, cars.camry2018].map(title));
    await results.getByText('2 vehicles', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?within=25');

    await chooseOption(page, 'Distance', 'Within 100 miles');
    await expect.poll(() => cardNames(page)).toEqual([cars.odyssey, cars.camry2019, cars.camry2018].map(title));
    await chooseOption(page, 'Distance', 'Within 250 miles');
    await expect.poll(() => cardNames(page)).toEqual([cars.odyssey, cars.pilot, cars.camry2019, cars.camry2018].map(title));
    await chooseOption(page, 'Distance', 'Any distance');
    await expect.poll(() => cardNames(page)).toHaveLength(5);
  });

  it('When the dealer searches with the words in any order, or names the trim, then the car is found', async () => {
    const { page } = other;
    await openDashboard(page);

    for (const words of ['2018 toyota camry', 'camry 2018', 'Camry ALL-TRAC']) {
      await page.getByLabel('Search', { exact: true }).fill(words);
      await expect.poll(() => cardNames(page), { message: words }).toEqual([title(cars.camry2018)]);
    }
    await page.getByLabel('Search', { exact: true }).fill('camry toyota');
    await expect.poll(() => cardNames(page)).toEqual([cars.camry2019, cars.camry2018].map(title));
  });

  it('On a phone the offer comes right under the title; at 1280 px it heads the right column beside the details, as before', async () => {
    const { page } = other;
    await page.setViewportSize({ width: 375, height: 812 });
    const panel = await openCar(page, 'civic');
    const amountOnPhone = (await panel.getByLabel('Offer Amount ($)').boundingBox())!;
    const detailsOnPhone = (await page.getByRole('heading', { level: 2, name: 'Vehicle Details' }).boundingBox())!;

    // On today's main the offer form is about 1,600 px down the page.
    expect(amountOnPhone.y + amountOnPhone.height).toBeLessThan(812);
    expect(detailsOnPhone.y).toBeGreaterThan(amountOnPhone.y);
    expect(await photographAndCheck(page, 'vehicle-offer-first', () => panel.getByLabel('Offer Amount ($)').waitFor())).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    const card = (name: string) => page.getByRole('heading', { level: 2, name }).locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
    const offerBox = (await panel.boundingBox())!;
    const detailsBox = (await card('Vehicle Details').boundingBox())!;
    const sellerBox = (await card('Seller Information').boundingBox())!;
    const resourcesBox = (await card('External Resources').boundingBox())!;
    expect(offerBox.x).toBeGreaterThan(detailsBox.x + detailsBox.width);
    expect(Math.abs(offerBox.y - detailsBox.y)).toBeLessThan(2);
    expect(Math.abs(sellerBox.x - offerBox.x)).toBeLessThan(2);
    expect(sellerBox.y).toBeGreaterThan(offerBox.y + offerBox.height);
    expect(Math.abs(resourcesBox.x - detailsBox.x)).toBeLessThan(2);
    expect(resourcesBox.y).toBeGreaterThan(detailsBox.y + detailsBox.height);
  });
});

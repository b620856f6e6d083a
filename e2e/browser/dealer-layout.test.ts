import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAdmin, MAIL_TIMEOUT_MS, type Api } from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { launchChromium, sidewaysOverflow } from '../support/browser';
import { approvedDealerIn, dashboardResponds, submitCars, vehicleCards } from '../support/dealers';
import { artifactsDir } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const widths = [375, 768, 1280] as const;
const screenshotsDir = path.join(artifactsDir, 'dealer-screenshots');

interface DealerScreen {
  name: string;
  /** The address, given the car the suite opens and a live password-reset link's token. */
  route: (world: { vehicleId: string; resetToken: string }) => string;
  /** The dealer's screens need its session; the account screens are for visitors. */
  signedIn: boolean;
  /** What shows once the screen is ready. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();

const screens: DealerScreen[] = [
  { name: 'login', route: () => '/dealer/login', signedIn: false, ready: heading('Dealer Login') },
  { name: 'register', route: () => '/dealer/register', signedIn: false, ready: heading('Dealer Registration') },
  { name: 'forgot-password', route: () => '/dealer/forgot-password', signedIn: false, ready: heading('Forgot Password') },
  { name: 'set-new-password', route: ({ resetToken }) => `/dealer/forgot-password#token=${resetToken}`, signedIn: false, ready: heading('Set a New Password') },
  { name: 'reset-link-no-longer-works', route: () => `/dealer/forgot-password#token=${'x'.repeat(43)}`, signedIn: false, ready: heading('Reset Link No Longer Works') },
  { name: 'dashboard', route: () => '/dealer/dashboard', signedIn: true, ready: dashboardResponds },
  { name: 'dashboard-no-match', route: () => '/dealer/dashboard?q=lamborghini', signedIn: true, ready: async (page) => void (await page.getByRole('button', { name: 'Clear All Filters' }).waitFor()) },
  { name: 'vehicle', route: ({ vehicleId }) => `/vehicles/${vehicleId}`, signedIn: true, ready: async (page) => void (await page.getByRole('button', { name: 'Make Offer' }).waitFor()) },
];

describe("the dealer's screens: accessibility and layout from 375 to 1280 px", () => {
  let stack: Stack;
  let browser: Browser;
  let api: Api;
  let visitor: BrowserContext;
  let dealer: BrowserContext;
  let vehicleId: string;
  let resetToken: string;

  async function open(screen: DealerScreen, width: number): Promise<Page> {
    const page = await (screen.signedIn ? dealer : visitor).newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${stack.baseUrl}${screen.route({ vehicleId, resetToken })}`);
    await screen.ready(page);
    return page;
  }

  beforeAll(async () => {
    stack = await startStack();
    api = apiClient(stack);
    const adminCookie = await loginAdmin(api, stack);
    [vehicleId] = await submitCars(api, stack, [
      { make: 'toyota', model: 'Camry', year: 2021, zipCode: '73301', vin: '4T1B11HK5JU123456' },
      { make: 'ford', model: 'F-150', year: 2019, zipCode: '73301' },
      { make: 'mercedes-benz', model: 'GLC-Class', year: 2020, zipCode: '10001' },
      { make: 'honda', model: 'Accord', year: 2018, zipCode: '90210' },
    ]);
    browser = await launchChromium();
    visitor = await browser.newContext();
    const signedIn = await approvedDealerIn(browser, stack, api, adminCookie);
    dealer = signedIn.context;
    // A live reset link (opening its page checks it, and uses nothing up).
    await api('/api/auth/dealer/forgot-password', { method: 'POST', body: { email: signedIn.dealer.email } });
    const resetMail = await stack.mail.waitFor((mail) => mail.to.includes(signedIn.dealer.email) && mail.subject === 'Reset your CarDirect password', MAIL_TIMEOUT_MS);
    resetToken = /forgot-password#token=([A-Za-z0-9_%-]+)/.exec(resetMail.text)![1]!;
    fs.rmSync(screenshotsDir, { recursive: true, force: true });
    fs.mkdirSync(screenshotsDir, { recursive: true });
    console.log(`Dealer screenshots: ${screenshotsDir}`);
  });

  afterAll(async () => {
    await visitor?.close();
    await dealer?.close();
    await browser?.close();
    await stack?.stop();
  });

  it.each(screens)('axe finds no serious or critical violation on the $name screen, at 375 and 1280 px', async (screen) => {
    for (const width of [375, 1280]) {
      const page = await open(screen, width);
      expect(await seriousAccessibilityViolations(page), `${screen.name} at ${width} px`).toEqual([]);
      await page.close();
    }
  });

  it.each(screens)('the $name screen fits 375, 768 and 1280 px without sideways scrolling, with one h1 and headings in order, and is photographed', async (screen) => {
    for (const width of widths) {
      const page = await open(screen, width);
      expect(await sidewaysOverflow(page), `${screen.name} at ${width} px`).toBe(0);
      const levels = await page.getByRole('main').evaluate((main) => Array.from(main.querySelectorAll('h1, h2, h3, h4')).map((element) => Number(element.tagName[1])));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, index) => index > 0 && expect(level - levels[index - 1]!, `${screen.name}: h${levels[index - 1]} then h${level}`).toBeLessThanOrEqual(1));
      await page.screenshot({ path: path.join(screenshotsDir, `${screen.name}-${width}.png`), fullPage: true });
      await page.close();
    }
  });

  it.each([
    [375, 1],
    [768, 2],
    [1280, 3],
  ])('At %i px the dashboard shows its cards in %i column(s)', async (width, columns) => {
    const page = await open(screens.find((screen) => screen.name === 'dashboard')!, width);
    const lefts = await vehicleCards(page).evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(columns);
    await page.close();
  });

  it('A keyboard user sees where the focus is: the first filter and a card link draw an outline', async () => {
    const page = await open(screens.find((screen) => screen.name === 'dashboard')!, 1280);
    const outlineOf = () => page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    });
    await page.getByLabel('Search', { exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await outlineOf()).toBe(true);
    await vehicleCards(page).first().getByRole('link').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await outlineOf()).toBe(true);
    await page.close();
  });
});

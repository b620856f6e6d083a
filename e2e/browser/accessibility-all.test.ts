// Every screen of the product, for each role that reaches it (anonymous, seller, dealer, admin):
// axe finds no serious or critical violation, headings are in order and nothing scrolls sideways,
// each at 375, 768 and 1280 px, and each width's screenshots are laid out in one contact sheet (issue 13).
// One stack and one Chromium for all of it.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, approveDealer, loginAdmin, loginDealer, loginSeller, PHOTO, registerDealer, sellerContact, submitListedVehicle, vehicleSubmission, withGuidedPhotosAndReport, type Api } from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { launchChromium, sidewaysOverflow, signIn, type SignedInPerson } from '../support/browser';
import { writeContactSheet, type Shot } from '../support/contact-sheet';
import { dashboardResponds } from '../support/dealers';
import { artifactsDir } from '../support/paths';
import { draftViewPhotos, openWizardWithDraft, plainConditionReport } from '../support/seller-wizard';
import { startStack, type Stack } from '../support/stack';
import { hasFocus, tabTo } from '../support/story-keyboard';

type Role = 'anonymous' | 'seller' | 'dealer' | 'admin';

const widths = [375, 768, 1280] as const;
const screensDir = path.join(artifactsDir, 'screens');
const sheetsDir = path.join(artifactsDir, 'contact-sheets');

let stack: Stack;
let browser: Browser;
let api: Api;
let vehicleId: string;
/** A car of the same seller whose offer was accepted, with times proposed: the deal's screens. */
let dealVehicleId: string;
const people = new Map<Role, BrowserContext>();
const shots = new Map<number, Shot[]>(widths.map((width) => [width, []]));

const sellerEmail = 'alexandra.montgomery-whitfield.sells@example.com';

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  api = apiClient(stack);
  const adminCookie = await loginAdmin(api, stack);
  // Something on every screen: two pending dealers and one approved, a car with a long seller
  // e-mail (the narrowest cards must wrap it) and an offer on it, and three more cars.
  await registerDealer(api, adminCookie, { dealershipName: 'Lone Star Motors of North Texas' });
  await registerDealer(api, adminCookie, { dealershipName: 'Harbor Autos' });
  const approved = await registerDealer(api, adminCookie, { dealershipName: 'Prairie Cars' });
  await approveDealer(api, adminCookie, approved);
  const suspended = await registerDealer(api, adminCookie, { dealershipName: 'Lakeview Motor Company' });
  await approveDealer(api, adminCookie, suspended);
  const suspension = await api(`/api/dealers/${suspended.id}/suspend`, { method: 'POST', cookie: adminCookie, body: { reason: 'Two appointments missed without a word to the sellers, and a third cancelled on the day.' } });
  if (suspension.status !== 200) throw new Error(`suspending failed: ${suspension.status}`);
  await callOffThreeSales(adminCookie);
  const seller = { ...sellerContact(), fullName: 'Alexandra Montgomery-Whitfield', contactEmail: sellerEmail };
  // Listed with the guided photos, the questionnaire and a minimum above the dealer's offer, so the
  // car pages show them and the seller's dashboard marks the offer below the minimum (issue 36).
  const submitted = await submitListedVehicle(
    api,
    stack,
    withGuidedPhotosAndReport({ ...vehicleSubmission(seller, '78701'), description: 'One owner, garage kept. New tyres in March, timing belt done at 90k.', reservePrice: 17_000 }),
  );
  vehicleId = submitted.id;
  for (let index = 0; index < 3; index++) await submitListedVehicle(api, stack, vehicleSubmission(sellerContact(), '10001'));
  const dealerCookie = await loginDealer(api, approved);
  const offer = await api(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: dealerCookie, body: { amount: 16500, message: 'Cash, can collect this week' } });
  if (offer.status !== 201) throw new Error(`offer failed: ${offer.status}`);
  // Watched too, so the car page shows the pressed star and My Offers and Deals the watchlist.
  const watched = await api(`/api/vehicles/${vehicleId}/watch`, { method: 'POST', cookie: dealerCookie, body: { watched: true } });
  if (watched.status !== 200) throw new Error(`watching failed: ${watched.status}`);
  // A saved search, so the dashboard shows its card and the delete dialog can be opened.
  const savedSearch = await api('/api/vehicles/saved-searches', { method: 'POST', cookie: dealerCookie, body: { make: 'honda', model: 'accord', yearFrom: 2015, withinMiles: 50, frequency: 'instant' } });
  if (savedSearch.status !== 201) throw new Error(`saving a search failed: ${savedSearch.status}`);

  const dealCar = await submitListedVehicle(api, stack, vehicleSubmission(seller, '78701'));
  dealVehicleId = dealCar.id;
  const dealOffer = await api<{ id: string }>(`/api/vehicles/${dealVehicleId}/offers`, { method: 'POST', cookie: dealerCookie, body: { amount: 15000 } });
  if ((await api(`/api/offers/${dealOffer.body.id}/accept`, { method: 'POST', cookie: dealCar.sellerCookie })).status !== 200) throw new Error('accepting the offer failed');
  const deal = await api<{ id: string }>(`/api/vehicles/${dealVehicleId}/deal`, { cookie: dealerCookie });
  const firstSlot = new Date(Date.now() + 2 * 24 * 3_600_000);
  firstSlot.setUTCHours(16, 0, 0, 0);
  const slots = [0, 1].map((day) => ({ startsAt: new Date(firstSlot.getTime() + day * 24 * 3_600_000).toISOString(), hours: 2 - day }));
  const proposed = await api(`/api/deals/${deal.body.id}/slots`, { method: 'POST', cookie: dealerCookie, body: { slots, place: 'dealership', message: 'Either suits us.' } });
  if (proposed.status !== 200) throw new Error(`proposing times failed: ${proposed.status}`);

  const signedIn: Record<Exclude<Role, 'anonymous'>, SignedInPerson> = {
    admin: { sessionCookie: adminCookie, role: 'admin', email: stack.admin.email },
    dealer: { sessionCookie: dealerCookie, role: 'dealer', email: approved.email },
    seller: { sessionCookie: await loginSeller(api, stack, sellerEmail), role: 'seller', email: sellerEmail },
  };
  for (const role of ['anonymous', 'seller', 'dealer', 'admin'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (role !== 'anonymous') await signIn(context, stack.baseUrl, signedIn[role]);
    people.set(role, context);
  }
  for (const dir of [screensDir, sheetsDir]) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
});

afterAll(async () => {
  for (const context of people.values()) await context.close();
  await browser?.close();
  await stack?.stop();
});

/**
 * Redwood Auto Exchange calls off three sales after the sellers accepted its offers: flagged for
 * the admin's review, with its strikes.
 */
async function callOffThreeSales(adminCookie: string): Promise<void> {
  const dealer = await registerDealer(api, adminCookie, { dealershipName: 'Redwood Auto Exchange' });
  await approveDealer(api, adminCookie, dealer);
  const dealerCookie = await loginDealer(api, dealer);
  for (let sale = 0; sale < 3; sale++) {
    const car = await submitListedVehicle(api, stack, vehicleSubmission(sellerContact(), '10001'));
    const offer = await api<{ id: string }>(`/api/vehicles/${car.id}/offers`, { method: 'POST', cookie: dealerCookie, body: { amount: 9000 } });
    if ((await api(`/api/offers/${offer.body.id}/accept`, { method: 'POST', cookie: car.sellerCookie })).status !== 200) throw new Error('accepting the offer failed');
    const deal = await api<{ id: string }>(`/api/vehicles/${car.id}/deal`, { cookie: dealerCookie });
    const cancelled = await api(`/api/deals/${deal.body.id}/cancel`, { method: 'POST', cookie: dealerCookie, body: { reason: 'schedule' } });
    if (cancelled.status !== 200) throw new Error(`cancelling the deal failed: ${cancelled.status}`);
  }
}

/** Lazily loaded photos are asked for now and awaited, so a full-page picture has them all. */
async function loadEveryImage(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images, (image) => {
        image.loading = 'eager';
        return image.decode().catch(() => undefined);
      }),
    ),
  );
}

/** The wizard at a later step, as a seller who filled the earlier ones finds it after a reload. */
async function openWizardAt(page: Page, step: 2 | 3 | 4): Promise<void> {
  await page.goto(`${stack.baseUrl}/submit-vehicle`);
  // Any step: the draft an earlier screen left in this browser's IndexedDB opens where it stopped.
  await page.getByRole('list', { name: 'Progress' }).waitFor();
  const vehicle = { year: '2018', make: 'honda', makeName: 'Honda', model: 'accord', modelName: 'Accord', trim: 'EX-L', mileage: '42000', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701' };
  // One declared scratch, so step 3 shows its photo place and the review lists it.
  const conditionReport = { ...plainConditionReport, panelDamage: [{ panel: 'rear-left-quarter-panel', kind: 'scratch-and-dent', size: 'medium' }] };
  const photos = [...draftViewPhotos(PHOTO), { id: 'damage', role: { role: 'damage', damageIndex: 0 }, dataUrl: PHOTO }];
  const contact = { fullName: 'Alexandra Montgomery-Whitfield', contactEmail: 'alexandra.montgomery-whitfield@example.com', photos };
  await openWizardWithDraft(page, step, step === 4 ? { ...vehicle, conditionReport, ...contact } : step === 3 ? { ...vehicle, conditionReport } : vehicle);
}

interface Screen {
  role: Role;
  name: string;
  /** Whether the screen goes on the contact sheets (the shell's pages are photographed once, anonymously). */
  photographed: boolean;
  /** Dialogs are not pages: they are left out of the heading order check. */
  headingOrder?: false;
  open(page: Page): Promise<void>;
}

function at(route: string, heading: string | RegExp) {
  return async (page: Page) => {
    await page.goto(`${stack.baseUrl}${route}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: heading }).waitFor();
  };
}

const screens: Screen[] = [
  { role: 'anonymous', name: 'landing', photographed: true, open: at('/', /Sell/) },
  { role: 'anonymous', name: 'about us', photographed: true, open: at('/about-us', 'About Us') },
  { role: 'anonymous', name: 'top car buyers', photographed: true, open: at('/car-buyers', 'Top Car Buyers') },
  { role: 'anonymous', name: 'not found', photographed: true, open: at('/no-such-page', '404 Page Not Found') },
  {
    role: 'anonymous',
    name: 'wizard 1 vehicle',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/submit-vehicle`);
      await page.getByRole('heading', { level: 2, name: 'Enter your VIN or select vehicle manually' }).waitFor();
    },
  },
  {
    role: 'anonymous',
    name: 'wizard 2 details',
    photographed: true,
    async open(page) {
      await openWizardAt(page, 2);
      await page.getByRole('heading', { level: 2, name: 'Enter Vehicle Details' }).waitFor();
    },
  },
  {
    role: 'anonymous',
    name: 'wizard 3 contact',
    photographed: true,
    async open(page) {
      await openWizardAt(page, 3);
      await page.getByRole('heading', { level: 2, name: 'Your Contact Information' }).waitFor();
      await page.getByRole('button', { name: 'Browse for a photo: damage 1' }).waitFor();
    },
  },
  {
    role: 'anonymous',
    name: 'submission success',
    photographed: true,
    async open(page) {
      await openWizardAt(page, 4);
      await page.getByRole('button', { name: 'Submit Vehicle' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    },
  },
  { role: 'anonymous', name: 'seller access', photographed: true, open: at('/seller/login', 'Seller Access') },
  { role: 'anonymous', name: 'seller sign-in link', photographed: true, open: at('/seller/login#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Seller Access') },
  { role: 'anonymous', name: 'confirm listing', photographed: true, open: at('/seller/confirm-listing#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Confirm your listing') },
  { role: 'anonymous', name: 'dealer login', photographed: true, open: at('/dealer/login', 'Dealer Login') },
  { role: 'anonymous', name: 'dealer registration', photographed: true, open: at('/dealer/register', /Regist/) },
  { role: 'anonymous', name: 'dealer forgot password', photographed: true, open: at('/dealer/forgot-password', 'Forgot Password') },
  {
    role: 'anonymous',
    name: 'reset link no longer works',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/dealer/forgot-password#token=${'f'.repeat(64)}`);
      await page.getByRole('heading', { name: 'Reset Link No Longer Works' }).waitFor();
    },
  },
  { role: 'anonymous', name: 'dealer login for an admin page', photographed: true, open: at('/dealer/login?next=/admin/dashboard', 'Dealer Login') },
  { role: 'anonymous', name: 'admin login', photographed: true, open: at('/admin/login', 'Admin Login') },
  {
    role: 'anonymous',
    name: 'saved search unsubscribe',
    photographed: true,
    open: at('/dealer/saved-searches/unsubscribe#token=search-1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Unsubscribe from a saved search'),
  },
  { role: 'seller', name: 'landing', photographed: false, open: at('/', /Sell/) },
  {
    role: 'seller',
    name: 'seller dashboard',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/seller/dashboard`);
      // Two Accords: the one in a deal lists first; the other's offer is below its minimum.
      await page.getByRole('list', { name: /^Offers on the 2018 Honda Accord/ }).getByText('Below your minimum').waitFor();
      await loadEveryImage(page);
    },
  },
  {
    role: 'seller',
    name: 'seller lower minimum dialog',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/seller/dashboard`);
      await page.getByRole('button', { name: /^Lower your minimum: 2018 Honda Accord/ }).click();
      await page.getByRole('dialog', { name: /^Lower your minimum for the 2018 Honda Accord/ }).getByLabel('New minimum price').waitFor();
    },
  },
  {
    role: 'seller',
    name: 'seller withdraw dialog',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/seller/dashboard`);
      await page.getByRole('button', { name: /^Withdraw listing: 2018 Honda Accord/ }).click();
      await page.getByRole('dialog').getByRole('radio', { name: 'Changed my mind' }).waitFor();
    },
  },
  {
    role: 'seller',
    name: 'seller preview as dealers see it',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/seller/dashboard`);
      await page.getByRole('button', { name: /^Preview as dealers see it/ }).first().click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Vehicle Details' }).waitFor();
      await loadEveryImage(page);
    },
  },
  {
    role: 'seller',
    name: 'seller dealer record dialog',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/seller/dashboard`);
      await page.getByRole('button', { name: 'Full record of Prairie Cars' }).first().click();
      await page.getByRole('dialog', { name: 'Record of Prairie Cars' }).getByText('Offers made').waitFor();
    },
  },
  {
    role: 'seller',
    name: 'seller deal cancel dialog',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/seller/dashboard`);
      await page.getByRole('group', { name: 'Choose one of the proposed times' }).waitFor();
      await page.getByRole('button', { name: 'Cancel Deal' }).click();
      await page.getByRole('dialog', { name: 'Cancel the deal with Prairie Cars?' }).getByRole('group', { name: 'Why are you cancelling?' }).waitFor();
    },
  },
  { role: 'dealer', name: 'landing', photographed: false, open: at('/', /Sell/) },
  {
    role: 'dealer',
    name: 'dealer dashboard',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/dealer/dashboard`);
      await dashboardResponds(page);
      await page.getByRole('list', { name: 'Your saved searches' }).getByText('Honda Accord, 2015 or newer, within 50 miles').waitFor();
      await loadEveryImage(page);
    },
  },
  {
    role: 'dealer',
    name: 'dealer save a search form',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/dealer/dashboard`);
      await page.getByRole('region', { name: 'Saved Searches' }).getByRole('button', { name: 'Save a search' }).click();
      await page.getByRole('form', { name: 'Save a search' }).getByRole('radio', { name: 'One e-mail a day' }).waitFor();
    },
  },
  {
    role: 'dealer',
    name: 'dealer delete saved search dialog',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/dealer/dashboard`);
      await page.getByRole('button', { name: 'Delete saved search Honda Accord, 2015 or newer, within 50 miles' }).click();
      await page.getByRole('dialog', { name: 'Delete this saved search?' }).getByRole('button', { name: 'Keep Search' }).waitFor();
    },
  },
  {
    role: 'dealer',
    name: 'dealer vehicle page',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/vehicles/${vehicleId}`);
      await page.getByRole('main').getByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' }).waitFor();
      await page.getByRole('region', { name: 'Your Offer' }).getByText('$16,500').waitFor();
      await page.getByRole('button', { name: 'Watch this car', pressed: true }).waitFor();
      await loadEveryImage(page);
    },
  },
  {
    role: 'dealer',
    name: 'dealer offers and deals',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/dealer/deals`);
      await page.getByRole('list', { name: 'Your Deals' }).getByRole('listitem').first().waitFor();
      await page.getByRole('table', { name: 'Your Offers' }).getByText('$16,500').waitFor();
      await page.getByRole('region', { name: 'Watched Cars' }).getByRole('link', { name: '2018 Honda Accord EX-L' }).waitFor();
    },
  },
  {
    role: 'dealer',
    name: 'dealer deal panel',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/vehicles/${dealVehicleId}`);
      await page.getByRole('region', { name: 'Your Deal' }).getByRole('heading', { name: 'Times You Proposed' }).waitFor();
      await loadEveryImage(page);
    },
  },
  { role: 'admin', name: 'landing', photographed: false, open: at('/', /Sell/) },
  {
    role: 'admin',
    name: 'admin dealers',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('heading', { level: 3, name: 'Prairie Cars' }).waitFor();
    },
  },
  {
    role: 'admin',
    name: 'admin vehicles',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('tab', { name: 'Vehicles' }).click();
      await page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').first().waitFor();
      await loadEveryImage(page);
    },
  },
  {
    role: 'admin',
    name: 'admin deals',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('tab', { name: 'Deals' }).click();
      await page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    role: 'admin',
    name: 'admin suspended dealer history',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('button', { name: 'History of Lakeview Motor Company' }).click();
      await page.getByRole('list', { name: 'History of Lakeview Motor Company' }).getByText(/^Suspended on /).waitFor();
    },
  },
  {
    role: 'admin',
    name: 'admin flagged dealer strikes',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('button', { name: 'Strikes (3) of Redwood Auto Exchange' }).click();
      await page.getByRole('list', { name: 'Strikes of Redwood Auto Exchange' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    role: 'admin',
    name: 'admin suspend dialog',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('button', { name: 'Suspend Prairie Cars' }).click();
      const dialog = page.getByRole('dialog', { name: 'Suspend Prairie Cars?' });
      await dialog.getByRole('button', { name: 'Suspend Dealer' }).click();
      await dialog.getByText('Give a reason; the dealer reads it in its e-mail', { exact: true }).waitFor();
    },
  },
  {
    role: 'admin',
    name: 'admin deals review queue',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('tab', { name: 'Deals' }).click();
      await page.getByRole('checkbox', { name: 'Price changes to review' }).check();
      await page.getByText('No price changes waiting for a verdict', { exact: true }).waitFor();
    },
  },
  {
    role: 'admin',
    name: 'admin reject dialog',
    photographed: true,
    headingOrder: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('button', { name: 'Reject Harbor Autos' }).click();
      await page.getByRole('dialog', { name: 'Reject Harbor Autos?' }).waitFor();
    },
  },
  {
    role: 'admin',
    name: 'admin vehicle page',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/vehicles/${vehicleId}`);
      await page.getByRole('main').getByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' }).waitFor();
      await page.getByRole('region', { name: 'Offers' }).getByText('Prairie Cars', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Contact Details Viewed' }).getByRole('listitem').first().waitFor();
      await loadEveryImage(page);
    },
  },  {
    role: 'admin',
    name: 'admin deal',
    photographed: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/vehicles/${dealVehicleId}`);
      await page.getByRole('region', { name: 'Deal' }).getByRole('list', { name: 'Deal timeline' }).getByRole('listitem').nth(1).waitFor();
      await loadEveryImage(page);
    },
  },
];

async function pageOf(role: Role): Promise<Page> {
  return people.get(role)!.newPage();
}

function headingLevels(page: Page): Promise<number[]> {
  return page.getByRole('main').evaluate((main) => Array.from(main.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => Number(heading.tagName[1])));
}

describe('every screen, for each role', () => {
  it.each(screens)('$role · $name: headings in order; no serious or critical axe violation and nothing sideways at 375, 768 and 1280 px', { timeout: 120_000 }, async (screen) => {
    const page = await pageOf(screen.role);
    await screen.open(page);
    if (screen.headingOrder !== false) {
      const levels = await headingLevels(page);
      expect(levels[0], `first heading of ${levels.join(',')}`).toBe(1);
      expect(levels.filter((level) => level === 1), `h1s of ${levels.join(',')}`).toHaveLength(1);
      levels.forEach((level, index) => {
        if (index > 0) expect(level - levels[index - 1]!, `heading ${index} of ${levels.join(',')}`).toBeLessThanOrEqual(1);
      });
    }
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // From the top, so the sticky header is drawn where it belongs in the full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await sidewaysOverflow(page), `${screen.role} · ${screen.name} at ${width} px scrolls sideways`).toBe(0);
      // At every width: a phone's layout hides, stacks and relabels things the wide one does not.
      expect(await seriousAccessibilityViolations(page), `${screen.role} · ${screen.name} at ${width} px`).toEqual([]);
      if (!screen.photographed) continue;
      const file = path.join(screensDir, `${screen.role}-${screen.name.replace(/\s+/g, '-')}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      shots.get(width)!.push({ label: `${screen.role} · ${screen.name}`, file });
    }
    await page.close();
  });

  it('the narrowest supported phone (360 px) still shows the headline and the menu button', async () => {
    const page = await pageOf('anonymous');
    await page.setViewportSize({ width: 360, height: 800 });
    await at('/', /Sell/)(page);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.close();
  });

  it('When a keyboard user tabs through the landing page and the admin dashboard, then each focused control draws a visible outline', async () => {
    const targets: Array<[Role, string, (page: Page) => ReturnType<Page['getByRole']>]> = [
      ['anonymous', '/', (page) => page.getByRole('link', { name: 'Skip to main content' })],
      ['anonymous', '/', (page) => page.getByRole('banner').getByRole('link', { name: 'CarDirect' }).first()],
      ['admin', '/admin/dashboard', (page) => page.getByRole('link', { name: 'Queue Dashboard' })],
      ['admin', '/admin/dashboard', (page) => page.getByRole('tab', { name: /^Dealers/ })],
      ['admin', '/admin/dashboard', (page) => page.getByRole('searchbox', { name: 'Search' })],
      ['admin', '/admin/dashboard', (page) => page.getByRole('button', { name: 'Approve Harbor Autos' })],
    ];
    const pages = new Map<Role, Page>();
    for (const [role, route, find] of targets) {
      if (!pages.has(role)) {
        const page = await pageOf(role);
        await page.goto(`${stack.baseUrl}${route}`);
        await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
        pages.set(role, page);
      }
      const page = pages.get(role)!;
      const target = find(page);
      await tabTo(page, target);
      expect(await hasFocus(target)).toBe(true);
      const outline = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.style, String(target)).not.toBe('none');
      expect(outline.width, String(target)).toBeGreaterThan(0);
    }
    for (const page of pages.values()) await page.close();
  });

  it('the contact sheets of every screen at 375, 768 and 1280 px are written', { timeout: 120_000 }, async () => {
    for (const width of widths) {
      const sheet = path.join(sheetsDir, `${width}.png`);
      await writeContactSheet(browser, shots.get(width)!, width, sheet);
      expect(fs.statSync(sheet).size).toBeGreaterThan(10_000);
      console.log(`Contact sheet at ${width} px (${shots.get(width)!.length} screens): ${sheet}`);
    }
  });
});

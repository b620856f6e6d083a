import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, approveDealer, loginAdmin, loginDealer, registerDealer, sellerContact, vehicleSubmission, type Api } from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { launchChromium, sidewaysOverflow, signIn } from '../support/browser';
import { artifactsDir } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const widths = [375, 768, 1280] as const;
const screenshotsDir = path.join(artifactsDir, 'admin-screenshots');

let stack: Stack;
let browser: Browser;
let api: Api;
let adminCookie: string;
let vehicleId: string;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  api = apiClient(stack);
  adminCookie = await loginAdmin(api, stack);
  // Something on every screen: two pending dealers and one approved, a car with a long seller
  // e-mail (the narrowest cards must wrap it) and an offer on it.
  await registerDealer(api, adminCookie, { dealershipName: 'Lone Star Motors of North Texas' });
  await registerDealer(api, adminCookie, { dealershipName: 'Harbor Autos' });
  const approved = await registerDealer(api, adminCookie, { dealershipName: 'Prairie Cars' });
  await approveDealer(api, adminCookie, approved);
  const seller = { ...sellerContact(), fullName: 'Alexandra Montgomery-Whitfield', contactEmail: 'alexandra.montgomery-whitfield.sells@example.com' };
  const submitted = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: { ...vehicleSubmission(seller, '78701'), description: 'One owner, garage kept. New tyres in March, timing belt done at 90k.' } });
  vehicleId = submitted.body.id;
  for (let index = 0; index < 3; index++) await api('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '10001') });
  const offer = await api(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: await loginDealer(api, approved), body: { amount: 16500, message: 'Cash, can collect this week' } });
  if (offer.status !== 201) throw new Error(`offer failed: ${offer.status}`);

  fs.rmSync(screenshotsDir, { recursive: true, force: true });
  fs.mkdirSync(screenshotsDir, { recursive: true });
  console.log(`Admin screenshots: ${screenshotsDir}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Cards' photos load lazily; a full-page photograph needs them all, so each is asked for now and awaited. */
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

/** The admin's screens and how to bring each to its full state. */
const screens: ReadonlyArray<{ name: string; signedIn: boolean; open(page: Page): Promise<void> }> = [
  {
    name: 'admin-login',
    signedIn: false,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/login`);
      await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    },
  },
  {
    name: 'dashboard-dealers',
    signedIn: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('heading', { level: 3, name: 'Prairie Cars' }).waitFor();
    },
  },
  {
    name: 'dashboard-vehicles',
    signedIn: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('tab', { name: 'Vehicles' }).click();
      await page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').first().waitFor();
      await loadEveryImage(page);
    },
  },
  {
    name: 'reject-dialog',
    signedIn: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('button', { name: 'Reject Harbor Autos' }).click();
      await page.getByRole('dialog', { name: 'Reject Harbor Autos?' }).waitFor();
    },
  },
  {
    name: 'vehicle-page',
    signedIn: true,
    async open(page) {
      await page.goto(`${stack.baseUrl}/vehicles/${vehicleId}`);
      await page.getByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' }).waitFor();
      await page.getByRole('region', { name: 'Offers' }).getByText('Prairie Cars').waitFor();
      await page.getByRole('region', { name: 'Contact Details Viewed' }).getByRole('listitem').first().waitFor();
      await loadEveryImage(page);
    },
  },
];

async function pageFor(signedIn: boolean, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (signedIn) await signIn(context, stack.baseUrl, { sessionCookie: adminCookie, role: 'admin', email: stack.admin.email });
  return context.newPage();
}

describe('admin screens: accessibility and layout', () => {
  it.each(screens)('axe finds no serious or critical violation on $name', async ({ signedIn, open }) => {
    const page = await pageFor(signedIn, 1280);
    await open(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  // Three fresh browsers per screen: more than the default minute on a busy machine.
  it.each(screens)('$name fits 375, 768 and 1280 px without sideways scrolling, and is photographed', { timeout: 180_000 }, async ({ name, signedIn, open }) => {
    for (const width of widths) {
      const page = await pageFor(signedIn, width);
      await open(page);
      expect(await sidewaysOverflow(page), `${name} at ${width} px`).toBe(0);
      await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
      await page.context().close();
    }
  });

  it.each(screens.filter((screen) => screen.name !== 'reject-dialog'))('$name has one h1 and headings that never skip a level', async ({ signedIn, open }) => {
    const page = await pageFor(signedIn, 1280);
    await open(page);
    const levels = await page.getByRole('main').evaluate((main) => Array.from(main.querySelectorAll('h1, h2, h3, h4')).map((heading) => Number(heading.tagName[1])));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!, `heading ${index} of ${levels.join(',')}`).toBeLessThanOrEqual(1);
    });
    await page.context().close();
  });

  it('When the admin tabs through the dashboard, then each focused control draws a visible outline', async () => {
    const page = await pageFor(true, 1280);
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { level: 3, name: 'Prairie Cars' }).waitFor();
    const targets = [page.getByRole('link', { name: 'Queue Dashboard' }), page.getByRole('tab', { name: /^Dealers/ }), page.getByRole('searchbox', { name: 'Search' }), page.getByRole('button', { name: 'Approve Harbor Autos' })];
    for (const target of targets) {
      for (let presses = 0; presses < 40 && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
      const outline = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { focused: element === document.activeElement, style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.focused).toBe(true);
      expect(outline.style).not.toBe('none');
      expect(outline.width).toBeGreaterThan(0);
    }
    await page.context().close();
  });
});

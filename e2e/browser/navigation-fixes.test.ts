// Issue 31, broken #3 and #5 and the shell's and the admin's confusing items: a login leads back to
// the page the person was going to, the footer's Testimonials and Success Stories land on real
// sections, and the admin's empty search, the queue dashboard's way back, the phone menu, long
// e-mail addresses and the 404 page.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  approveDealer,
  dealerRegistration,
  loginAdmin,
  MAIL_TIMEOUT_MS,
  registerDealer,
  sellerContact,
  submitListedVehicle,
  vehicleSubmission,
  type Api,
  type RegisteredDealer,
} from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { launchChromium, signIn, sidewaysOverflow } from '../support/browser';
import { artifactsDir } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const screenshotsDir = path.join(artifactsDir, 'navigation-fixes');
const widths = [375, 1280] as const;

let stack: Stack;
let browser: Browser;
let api: Api;
let adminCookie: string;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  api = apiClient(stack);
  adminCookie = await loginAdmin(api, stack);
  fs.rmSync(screenshotsDir, { recursive: true, force: true });
  fs.mkdirSync(screenshotsDir, { recursive: true });
  console.log(`Navigation screenshots: ${screenshotsDir}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A new person with an empty browser (nobody logged in). */
async function newVisitor(width = 1280, options: { hasTouch?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: options.hasTouch });
  return context.newPage();
}

/** The admin, logged in through the API, in a browser of their own. */
async function newAdmin(width = 1280): Promise<Page> {
  const page = await newVisitor(width);
  await signIn(page.context(), stack.baseUrl, { sessionCookie: adminCookie, role: 'admin', email: stack.admin.email });
  return page;
}

/** Path, query and fragment of the page's address. */
function address(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

async function approvedDealer(): Promise<RegisteredDealer> {
  const dealer = await registerDealer(api, adminCookie);
  await approveDealer(api, adminCookie, dealer);
  return dealer;
}

async function listedCar(seller = sellerContact()): Promise<string> {
  return (await submitListedVehicle(api, stack, vehicleSubmission(seller, '10001'))).id;
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** Whether some of the element is inside the window (a section link scrolled it into view). */
function isInView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  });
}

describe('issue 31 #3: a login leads back to where the person was going', () => {
  // Failed on main: the guards sent people to the bare login page, and every login went to its
  // role's usual page (the dealer to the dashboard, the seller to the wizard, the admin to theirs).

  it("When a logged-out dealer follows a car's link and logs in, then the car's page opens, not the dashboard", async () => {
    const dealer = await approvedDealer();
    const carId = await listedCar();
    const page = await newVisitor();

    await page.goto(`${stack.baseUrl}/vehicles/${carId}`);
    await expect.poll(() => address(page)).toBe(`/dealer/login?next=/vehicles/${carId}`);
    await page.getByLabel('Email').fill(dealer.email);
    await page.getByLabel('Password').fill(dealer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect.poll(() => address(page)).toBe(`/vehicles/${carId}`);
    await page.getByRole('heading', { level: 1, name: /2018 Honda Accord/ }).waitFor();
    await page.context().close();
  });

  it('When a logged-out seller opens their dashboard and logs in with the code, then the dashboard opens, not an empty wizard', async () => {
    const seller = sellerContact();
    await listedCar(seller);
    const isCodeMail = (mail: { to: string[]; subject: string }) => mail.to.includes(seller.contactEmail) && mail.subject === 'Your CarDirect login code';
    const earlier = new Set(stack.mail.messages().filter(isCodeMail).map((mail) => mail.id));
    const page = await newVisitor(375);

    await page.goto(`${stack.baseUrl}/seller/dashboard`);
    await expect.poll(() => address(page)).toBe('/seller/login?next=/seller/dashboard');
    await page.getByLabel('Email').fill(seller.contactEmail);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    const mail = await stack.mail.waitFor((candidate) => isCodeMail(candidate) && !earlier.has(candidate.id), MAIL_TIMEOUT_MS);
    await page.getByLabel('Verification Code').fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
    await page.getByRole('button', { name: 'Verify & Login' }).click();

    await expect.poll(() => address(page)).toBe('/seller/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Seller Dashboard' }).waitFor();
    await page.context().close();
  });

  it("When the logged-out admin follows a car's link, then the dealer login offers the admin login, and logging in there opens the admin's page of the car", async () => {
    const carId = await listedCar();
    const page = await newVisitor();

    await page.goto(`${stack.baseUrl}/vehicles/${carId}`);
    await page.getByRole('link', { name: 'admin login' }).click();
    await expect.poll(() => address(page)).toBe(`/admin/login?next=/vehicles/${carId}`);
    await page.getByLabel('Email').fill(stack.admin.email);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect.poll(() => address(page)).toBe(`/vehicles/${carId}`);
    // Only the admin's screen of the car edits the street address.
    await page.getByLabel('Street Address').waitFor();
    await page.context().close();
  });

  it("When a dealer's login carries another site or the admin's page as next, then it leads to the dealer dashboard", async () => {
    const dealer = await approvedDealer();
    for (const next of ['//evil.example', '/%2F%2Fevil.example', 'https://evil.example/', '/admin/dashboard']) {
      const page = await newVisitor();
      await page.goto(`${stack.baseUrl}/dealer/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Email').fill(dealer.email);
      await page.getByLabel('Password').fill(dealer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();

      await expect.poll(() => address(page), { message: next }).toBe('/dealer/dashboard');
      await page.context().close();
    }
  });
});

describe("issue 31 #5: the footer's Testimonials and Success Stories land on sections that exist", () => {
  // Failed on main: neither `#testimonials` on the landing page nor `#success-stories` on the dealer
  // registration page existed, so the links scrolled nowhere.
  it.each([
    ['For Sellers', 'Testimonials', '/#testimonials', 'testimonials'],
    ['For Dealers', 'Success Stories', '/dealer/register#success-stories', 'success-stories'],
  ])('When the footer link %s › %s is followed, then %s shows a section titled with what it holds', async (group, label, target, id) => {
    for (const width of widths) {
      const page = await newVisitor(width);
      await page.goto(`${stack.baseUrl}/terms`);
      await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();

      await page.getByRole('contentinfo').getByRole('region', { name: group }).getByRole('link', { name: label, exact: true }).click();

      await expect.poll(() => address(page)).toBe(target);
      const section = page.locator(`#${id}`);
      await section.getByRole('heading', { level: 2, name: 'Our Track Record' }).waitFor();
      await expect.poll(() => isInView(section), { message: `${label} at ${width} px` }).toBe(true);
      const figures = await section.getByRole('list', { name: 'CarDirect in figures' }).getByRole('listitem').allTextContents();
      expect(figures).toEqual(['20+Years of experience', '$100M+In vehicle transactions', '1000+Cars sold']);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await section.screenshot({ path: path.join(screenshotsDir, `${id}-${width}.png`) });
      await page.context().close();
    }
  });
});

describe("issue 31: the shell's and the admin's confusing items", () => {
  it('When an unknown page is opened, then the 404 keeps its texts and links home', async () => {
    for (const width of widths) {
      const page = await newVisitor(width);
      await page.goto(`${stack.baseUrl}/no/such/page`);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      expect(await page.getByText('Did you forget to add the page to the router?', { exact: true }).isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `not-found-${width}`);

      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();

      await expect.poll(() => address(page)).toBe('/');
      await page.getByRole('heading', { level: 1, name: 'Sell Your Car Directly to Dealers' }).waitFor();
      await page.context().close();
    }
  });

  it('When the phone menu is open and the person taps the page outside it, then it closes', async () => {
    const page = await newVisitor(375, { hasTouch: true });
    await page.goto(`${stack.baseUrl}/about-us`);
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.tap();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.waitFor();
    await screenshot(page, 'phone-menu-open-375');

    // Inside the panel, away from its links: the menu stays.
    const panel = (await menu.locator('xpath=..').boundingBox())!;
    await page.touchscreen.tap(panel.x + panel.width - 4, panel.y + panel.height - 4);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    await page.touchscreen.tap(187, panel.y + panel.height + 40);

    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(address(page)).toBe('/about-us');
    await page.context().close();
  });

  it("When the admin's search finds only a pending dealer, then the approved section says 'No dealers found' and 'Clear Search' brings every dealer back", async () => {
    const pending = await registerDealer(api, adminCookie, { dealershipName: `Quiet Lane Motors ${randomUUID().slice(0, 6)}` });
    await approvedDealer();
    for (const width of widths) {
      const page = await newAdmin(width);
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();

      await page.getByRole('searchbox', { name: 'Search' }).fill(pending.dealershipName);

      const approved = page.getByRole('region', { name: /^Approved Dealers/ });
      await approved.getByText('No dealers found', { exact: true }).waitFor();
      expect(await approved.getByText('No approved dealers yet.').count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `admin-search-only-pending-${width}`);
      await approved.getByRole('button', { name: 'Clear Search' }).click();
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
      await approved.getByRole('listitem').first().waitFor();
      await page.context().close();
    }
  });

  it("When a dealer's e-mail is long, then on a 375 px phone the admin's card wraps it only after its @ or before a dot, and nothing scrolls sideways", async () => {
    // Failed on main: the card broke the address anywhere (`break-all`), mid-word.
    const registration = {
      ...dealerRegistration({ dealershipName: `Longaddress Motors ${randomUUID().slice(0, 6)}` }),
      email: `quentinalexander${randomUUID().slice(0, 4)}.montgomeryworthington@verylongdealershipname.example.com`,
    };
    expect((await api('/api/auth/dealer/register', { method: 'POST', body: registration })).status).toBe(201);
    const page = await newAdmin(375);
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(registration.dealershipName);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: registration.dealershipName }) });
    const shownAddress = card.getByRole('link', { name: registration.email });
    await shownAddress.waitFor();

    // Where each line of the address starts, by the position of its characters on the screen.
    const lineStarts = await shownAddress.evaluate((link) => {
      const text = link.textContent ?? '';
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let offset = 0; offset < node.textContent!.length; offset++) {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
      }
      const starts = tops.flatMap((top, index) => (index > 0 && top > tops[index - 1]! ? [index] : []));
      return starts.map((index) => text.slice(0, index));
    });

    expect(lineStarts.length).toBeGreaterThan(0);
    for (const before of lineStarts) expect(before.endsWith('@') || registration.email[before.length] === '.', `a line starts after "${before}"`).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await card.screenshot({ path: path.join(screenshotsDir, 'admin-dealer-card-long-email-375.png') });
    await page.context().close();
  });

  it('When the admin opens the Queue Dashboard, then its menu leads back to the admin dashboard', async () => {
    const page = await newAdmin();
    await page.goto(`${stack.baseUrl}/admin/queues`);
    await expect.poll(() => page.locator('base').getAttribute('href')).toBe('/admin/queues/');
    await page.getByRole('banner').getByRole('button').last().click();
    const back = page.getByRole('menuitem', { name: 'Back to CarDirect' });
    await back.waitFor();
    await screenshot(page, 'queue-dashboard-menu-1280');

    await back.click();

    await expect.poll(() => address(page)).toBe('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.context().close();
  });

  it('When the dealer login is opened for a page an admin may open, then it is accessible and its admin link fits a phone', async () => {
    for (const width of widths) {
      const page = await newVisitor(width);
      await page.goto(`${stack.baseUrl}/dealer/login?next=/admin/dashboard`);
      await page.getByRole('link', { name: 'admin login' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `dealer-login-with-next-${width}`);
      await page.context().close();
    }
  });
});

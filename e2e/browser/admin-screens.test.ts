import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerView, VehicleView } from '@cardirect/contracts';
import {
  apiClient,
  approveDealer,
  loginAdmin,
  loginDealer,
  registerDealer,
  sellerContact,
  submitListedVehicle,
  vehicleSubmission,
  type Api,
  type RegisteredDealer,
} from '../support/api';
import { chooseOption, launchChromium, signIn, toast } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

const ACCESS_DENIED = 'Access Denied: This login is for administrators only.';

let stack: Stack;
let browser: Browser;
let api: Api;
let adminCookie: string;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  api = apiClient(stack);
  adminCookie = await loginAdmin(api, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A new person with an empty browser. */
async function newVisitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/** The admin, logged in through the API, in a browser of their own. */
async function newAdmin(): Promise<Page> {
  const { context, page } = await newVisitor();
  await signIn(context, stack.baseUrl, { sessionCookie: adminCookie, role: 'admin', email: stack.admin.email });
  return page;
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/admin/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
}

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The count on the Dealers tab: "Dealers 3 pending". */
async function pendingCountOnTab(page: Page): Promise<number> {
  const name = await page.getByRole('tab', { name: /^Dealers/ }).textContent();
  const count = /(\d+)/.exec(name ?? '')?.[1];
  if (count === undefined) throw new Error(`no count on the Dealers tab: ${name}`);
  return Number(count);
}

async function approvedDealer(): Promise<RegisteredDealer & { cookie: string }> {
  const dealer = await registerDealer(api, adminCookie);
  await approveDealer(api, adminCookie, dealer);
  return { ...dealer, cookie: await loginDealer(api, dealer) };
}

describe('admin login', () => {
  it("When a dealer's credentials are used on the admin login, then 'Access Denied' shows and no session is made", async () => {
    const dealer = await approvedDealer();
    const { context, page } = await newVisitor();
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(await page.getByText('This page is restricted to administrators.', { exact: false }).isVisible()).toBe(true);

    await page.getByLabel('Email').fill(dealer.email);
    await page.getByLabel('Password').fill(dealer.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await toast(page, ACCESS_DENIED).waitFor();
    expect((await context.cookies()).filter((cookie) => cookie.name === 'cd_session')).toEqual([]);
    expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it("When the form is sent with a bad e-mail and a short password, then the spec's two messages show", async () => {
    const { page } = await newVisitor();
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Email').fill('admin');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Login' }).click();

    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.getByText('Password must be at least 6 characters').isVisible()).toBe(true);
  });

  it('When the admin logs in with the keyboard only, then the welcome toast shows and the dashboard opens with the e-mail', async () => {
    const { page } = await newVisitor();
    await page.goto(`${stack.baseUrl}/admin/login`);
    const email = page.getByLabel('Email');
    await email.waitFor();

    await tabTo(page, email);
    await page.keyboard.type(stack.admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(stack.admin.password);
    await page.keyboard.press('Enter');

    await toast(page, 'Welcome to the admin dashboard!').waitFor();
    expect(await toast(page, 'Login Successful').isVisible()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    expect(await page.getByText(`Welcome back, ${stack.admin.email}`).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('admin');
  });
});

describe('admin dashboard: dealers', () => {
  it('When the admin approves one new dealer and rejects another, then each toast names it and the pending count drops by two', async () => {
    const keep = await registerDealer(api, adminCookie, { dealershipName: `Keep Motors ${randomUUID().slice(0, 6)}` });
    const drop = await registerDealer(api, adminCookie, { dealershipName: `Drop Motors ${randomUUID().slice(0, 6)}` });
    const page = await newAdmin();
    await openDashboard(page);
    const pending = page.getByRole('region', { name: /^Pending Approval/ });
    await pending.getByRole('heading', { level: 3, name: drop.dealershipName }).waitFor();
    const before = await pendingCountOnTab(page);

    await pending.getByRole('button', { name: `Approve ${keep.dealershipName}` }).click();
    await toast(page, `${keep.dealershipName} has been approved successfully`).waitFor();
    expect(await toast(page, 'Dealer Approved').isVisible()).toBe(true);
    await page.getByRole('region', { name: /^Approved Dealers/ }).getByRole('heading', { name: keep.dealershipName }).waitFor();

    await pending.getByRole('button', { name: `Reject ${drop.dealershipName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${drop.dealershipName}?` });
    await dialog.getByRole('button', { name: 'Reject Dealer' }).click();
    await toast(page, `${drop.dealershipName} has been rejected`).waitFor();
    expect(await toast(page, 'Dealer Rejected').isVisible()).toBe(true);

    await expect.poll(() => pendingCountOnTab(page)).toBe(before - 2);
    await expect.poll(() => page.getByRole('heading', { name: drop.dealershipName }).count()).toBe(0);
    const dealers = (await api<DealerView[]>('/api/dealers', { cookie: adminCookie })).body;
    expect(dealers.find((dealer) => dealer.id === keep.id)?.isApproved).toBe(true);
    expect(dealers.find((dealer) => dealer.id === drop.id)).toBeUndefined();
    expect((await api('/api/auth/dealer/login', { method: 'POST', body: { email: drop.email, password: drop.password } })).status).toBe(401);
  });

  it("When the search matches no dealer, then 'No dealers found' shows and 'Clear Search' brings them back", async () => {
    const dealer = await registerDealer(api, adminCookie);
    const page = await newAdmin();
    await openDashboard(page);
    await page.getByRole('heading', { level: 3, name: dealer.dealershipName }).waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill(`nobody-${randomUUID()}`);
    await page.getByText('No dealers found', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();

    await page.getByRole('heading', { level: 3, name: dealer.dealershipName }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
  });
});

describe('admin dashboard: vehicles and the vehicle page', () => {
  it("When the admin finds a car by its seller's name, then its page shows description, contact and offers, saves the address and the Actions form, and Back returns to the Vehicles tab once", async () => {
    const seller = { ...sellerContact(), fullName: `Casey Q${randomUUID().slice(0, 8)}` };
    const { id: vehicleId } = await submitListedVehicle(api, stack, vehicleSubmission(seller, '73301'));
    const dealer = await approvedDealer();
    const offered = await api(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: dealer.cookie, body: { amount: 15500, message: 'Cash, can collect this week' } });
    expect(offered.status).toBe(201);

    const page = await newAdmin();
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Vehicles' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(seller.fullName.toLowerCase());
    const cards = page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain(seller.fullName);
    expect(await cards.first().textContent()).toContain('73301');

    await cards.first().getByRole('link', { name: /View details/ }).click();
    await page.getByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/vehicles/${vehicleId}`);
    expect(await page.getByText('One owner, garage kept.').isVisible()).toBe(true);
    for (const detail of [seller.fullName, seller.contactEmail, seller.contactPhone, seller.city]) {
      expect(await page.getByText(detail, { exact: true }).first().isVisible(), detail).toBe(true);
    }
    const offers = page.getByRole('region', { name: 'Offers' });
    await offers.getByText(dealer.dealershipName, { exact: true }).waitFor();
    expect(await offers.textContent()).toContain('$15,500');
    expect(await offers.textContent()).toContain('pending');
    const viewed = page.getByRole('region', { name: 'Contact Details Viewed' });
    await viewed.getByText(`${stack.admin.email} (admin)`).first().waitFor();

    await page.getByPlaceholder('Enter complete street address').fill('400 Congress Ave, Austin, TX 78701');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await toast(page, 'Vehicle details updated successfully').waitFor();

    await chooseOption(page, 'Status', 'Contacted');
    await page.getByLabel('Notes').fill('Called the seller, viewing on Friday');
    await page.getByLabel('Seller Contacted').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await api<VehicleView>(`/api/vehicles/${vehicleId}`, { cookie: adminCookie })).body.notes).toBe('Called the seller, viewing on Friday');
    expect(await toast(page, 'Success').isVisible()).toBe(true);
    const saved = (await api<VehicleView>(`/api/vehicles/${vehicleId}`, { cookie: adminCookie })).body;
    expect(saved).toMatchObject({ streetAddress: '400 Congress Ave, Austin, TX 78701', status: 'contacted', contacted: true, offerMade: false });

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Vehicles' }).getAttribute('aria-selected')).toBe('true');
    await page.locator(`#vehicle-card-${vehicleId}`).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab', { name: /^Dealers/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('When the admin follows the Queue Dashboard link, then the gateway serves the e-mail queues in a full page load', async () => {
    const page = await newAdmin();
    await openDashboard(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-test-document', 'dashboard'));

    await page.getByRole('link', { name: 'Queue Dashboard' }).click();

    await page.waitForURL(/\/admin\/queues/);
    // bull-board's own page (its base is the dashboard's path), not the shell: a full page load.
    await expect.poll(() => page.locator('base').getAttribute('href')).toBe('/admin/queues/');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-test-document'))).toBeNull();
  });
});

describe('who may open the admin dashboard', () => {
  it('When nobody is logged in, then /admin/dashboard sends the browser to /dealer/login, with the dashboard as where it was going', async () => {
    const { page } = await newVisitor();
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/dealer/login?next=/admin/dashboard`);
    expect(await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it('When a dealer is logged in, then /admin/dashboard sends the browser to /dealer/login', async () => {
    const dealer = await approvedDealer();
    const { context, page } = await newVisitor();
    await signIn(context, stack.baseUrl, { sessionCookie: dealer.cookie, role: 'dealer', email: dealer.email });
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/dealer/login?next=/admin/dashboard`);
    expect(await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).count()).toBe(0);
  });
});

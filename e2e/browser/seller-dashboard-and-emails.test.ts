// Issue 31, the seller's side: the dashboard shows the seller's own state of the listing (not the
// admin's status), a listing can be withdrawn with a reason (dealers no longer see it), previewed as
// dealers see it, and after accepting an offer the seller gets the dealer's contact details; a used
// password-reset link says so before a new password is typed.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '@cardirect/contracts';
import {
  apiClient,
  approveDealer,
  loginAdmin,
  loginDealer,
  MAIL_TIMEOUT_MS,
  registerDealer,
  sellerContact,
  submitListedVehicle,
  to,
  vehicleSubmission,
  type Api,
  type RegisteredDealer,
  type SellerContact,
} from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { launchChromium, sidewaysOverflow, signIn, toast } from '../support/browser';
import { dashboardResponds } from '../support/dealers';
import { artifactsDir } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const screenshotsDir = path.join(artifactsDir, 'seller-dashboard-and-emails');
const widths = [375, 1280] as const;
const carName = '2018 Honda Accord';

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
  console.log(`Seller dashboard screenshots: ${screenshotsDir}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function newPerson(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** A seller with a confirmed listing, in a browser on the dashboard. */
async function sellerOnDashboard(width = 1280): Promise<{ page: Page; seller: SellerContact; vehicleId: string }> {
  const seller = sellerContact();
  const { id: vehicleId, sellerCookie } = await submitListedVehicle(api, stack, vehicleSubmission(seller, '10001'));
  const page = await newPerson(width);
  await signIn(page.context(), stack.baseUrl, { sessionCookie: sellerCookie, role: 'seller', email: seller.contactEmail });
  await page.goto(`${stack.baseUrl}/seller/dashboard`);
  await page.getByRole('heading', { level: 2, name: `${carName} EX-L` }).waitFor();
  return { page, seller, vehicleId };
}

async function approvedDealer(): Promise<{ dealer: RegisteredDealer; cookie: string }> {
  const dealer = await registerDealer(api, adminCookie, { zipCode: '10002' });
  await approveDealer(api, adminCookie, dealer);
  return { dealer, cookie: await loginDealer(api, dealer) };
}

/** Full-page pictures at each width (none scrolling sideways) and axe's verdict at each. */
async function photographAndCheck(page: Page, name: string): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await sidewaysOverflow(page), `${name} at ${width} px scrolls sideways`).toBe(0);
    expect(await seriousAccessibilityViolations(page), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
  }
}

describe("the seller's dashboard", () => {
  it('When the admin marked the car contacted and the seller withdraws it with a reason, then the seller reads Listed then Withdrawn, and the dealer no longer sees the car', async () => {
    // Arrange: a car the admin follows up, another car still listed, and a dealer with an open offer
    const { page, vehicleId } = await sellerOnDashboard(375);
    const other = await submitListedVehicle(api, stack, vehicleSubmission(sellerContact(), '10001'));
    await api(`/api/vehicles/${vehicleId}`, { method: 'PATCH', cookie: adminCookie, body: { status: 'contacted', contacted: true } });
    const { dealer, cookie: dealerCookie } = await approvedDealer();
    expect((await api<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: dealerCookie, body: { amount: 15_000 } })).status).toBe(201);
    await page.reload();
    const card = page.getByRole('list', { name: 'Your cars' }).getByRole('listitem').filter({ hasText: `${carName} EX-L` });

    // Assert: the seller's own state, not the admin's status
    await card.getByText('Listed', { exact: true }).waitFor();
    expect(await card.getByText(/contacted/i).count()).toBe(0);
    await photographAndCheck(page, 'dashboard-listed');

    // Act: withdraw with a reason and a note
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByRole('button', { name: `Withdraw listing: ${carName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw your ${carName}?` });
    await dialog.getByText(/The open offer is declined, and each dealer is told by email\./).waitFor();
    await photographAndCheck(page, 'withdraw-dialog');
    await dialog.getByRole('radio', { name: 'Sold elsewhere' }).check();
    await dialog.getByLabel('Note (optional)').fill('Sold to my neighbour');
    await dialog.getByRole('button', { name: 'Withdraw Listing' }).click();

    // Assert: withdrawn for the seller, with the reason and note, and no way to withdraw again
    await toast(page, 'Listing Withdrawn').waitFor();
    await card.getByText('Withdrawn', { exact: true }).waitFor();
    await card.getByText(/You withdrew this listing just now \(sold elsewhere\)\. Dealers no longer see it\./).waitFor();
    await card.getByText('Your note: “Sold to my neighbour”').waitFor();
    expect(await page.getByRole('button', { name: `Withdraw listing: ${carName}` }).count()).toBe(0);
    await photographAndCheck(page, 'dashboard-withdrawn');

    // Assert: the dealer's dashboard lists the other car but not this one, and its page is gone
    const dealerPage = await newPerson();
    await signIn(dealerPage.context(), stack.baseUrl, { sessionCookie: dealerCookie, role: 'dealer', email: dealer.email });
    await dealerPage.goto(`${stack.baseUrl}/dealer/dashboard`);
    await dashboardResponds(dealerPage);
    await dealerPage.locator(`a[href="/vehicles/${other.id}"]`).first().waitFor();
    expect(await dealerPage.locator(`a[href="/vehicles/${vehicleId}"]`).count()).toBe(0);
    await dealerPage.goto(`${stack.baseUrl}/vehicles/${vehicleId}`);
    await dealerPage.getByRole('heading', { name: 'Vehicle not found' }).waitFor();
    const withdrawnMail = await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === `The seller withdrew the ${carName} EX-L`, MAIL_TIMEOUT_MS);
    expect(withdrawnMail.text).toContain(`${stack.baseUrl}/dealer/dashboard`);
    await page.context().close();
    await dealerPage.context().close();
  });

  it('When the seller previews the listing as dealers see it, then the dealers\' cards show the car and ZIP, and none of the contact details or the description', async () => {
    // Arrange
    const { page, seller } = await sellerOnDashboard();

    // Act
    await page.getByRole('button', { name: `Preview as dealers see it: ${carName}` }).click();

    // Assert
    const dialog = page.getByRole('dialog', { name: `Your ${carName} as dealers see it` });
    await dialog.getByRole('heading', { name: 'Vehicle Details' }).waitFor();
    await dialog.getByRole('heading', { name: 'Seller Information' }).waitFor();
    await dialog.getByText('42,000 mi').waitFor();
    await dialog.getByText('10001', { exact: true }).waitFor();
    const shown = (await dialog.textContent()) ?? '';
    for (const secret of [seller.fullName, seller.contactEmail, seller.contactPhone, 'One owner, garage kept.']) expect(shown).not.toContain(secret);
    await photographAndCheck(page, 'preview-as-dealers');
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    await page.context().close();
  });

  it("When the seller accepts an offer, then the dashboard shows how to reach the dealer: name, e-mail and phone", async () => {
    // Arrange
    const { page, vehicleId } = await sellerOnDashboard();
    const { dealer, cookie } = await approvedDealer();
    await api(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie, body: { amount: 16_500, message: 'Cash today' } });
    await page.reload();

    // Act
    await page.getByRole('button', { name: `Accept $16,500 from ${dealer.dealershipName}` }).click();
    await page.getByRole('dialog', { name: `Accept the offer of $16,500 from ${dealer.dealershipName}?` }).getByRole('button', { name: 'Accept Offer' }).click();

    // Assert
    const contact = page.getByLabel(`How to reach ${dealer.dealershipName}`);
    await contact.waitFor();
    expect(await contact.getByRole('link', { name: dealer.email }).getAttribute('href')).toBe(`mailto:${dealer.email}`);
    expect(await contact.getByRole('link', { name: '(212) 555-0100' }).getAttribute('href')).toBe('tel:(212) 555-0100');
    await page.getByText('Offer accepted', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Withdraw listing: ${carName}` }).count()).toBe(0);
    await photographAndCheck(page, 'dashboard-offer-accepted');
    await page.context().close();
  });
});

describe('password reset', () => {
  it('When a dealer opens a reset link that was already used, then the page says so before any password is typed and offers a new link', async () => {
    // Arrange: the link is used once
    const { dealer } = await approvedDealer();
    await api('/api/auth/dealer/forgot-password', { method: 'POST', body: { email: dealer.email } });
    const mail = await stack.mail.waitFor((candidate) => to(dealer.email)(candidate) && candidate.subject === 'Reset your CarDirect password', MAIL_TIMEOUT_MS);
    const link = new RegExp(`${stack.baseUrl}/dealer/forgot-password#token=[^\\s"]+`).exec(mail.text)![0];
    const token = decodeURIComponent(new URL(link).hash.slice('#token='.length));
    expect((await api('/api/auth/dealer/reset-password', { method: 'POST', body: { token, password: 'a-brand-new-password' } })).status).toBe(200);
    await stack.mail.waitFor((candidate) => to(dealer.email)(candidate) && candidate.subject === 'Your CarDirect password was changed', MAIL_TIMEOUT_MS);

    // Act: the dealer clicks the link again
    const page = await newPerson(375);
    await page.goto(link);

    // Assert
    await page.getByRole('heading', { level: 1, name: 'Reset Link No Longer Works' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Reset link is invalid or has expired' }).count()).toBe(1);
    expect(await page.getByLabel('New Password').count()).toBe(0);
    await photographAndCheck(page, 'reset-link-used');
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').waitFor();
    await page.context().close();
  });
});

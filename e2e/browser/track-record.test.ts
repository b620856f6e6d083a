// Issue 34, the dealers' track records where sellers decide: a seller compares two offers whose
// dealers have different records, and an admin's verdict on a price cut changes the record the
// seller reads. The history is made through the API; what people see is checked in the browser.
// Screenshots at 375 and 1280 px land in e2e/artifacts/track-record.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DealView, OfferView } from '@cardirect/contracts';
import { approveDealer, loginDealer, PHOTO, registerDealer, sellerContact, submitListedVehicle, vehicleSubmission, type RegisteredDealer } from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { sidewaysOverflow } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const suite = browserSuite('track-record');
const widths = [375, 1280] as const;

async function approvedDealer(dealershipName: string): Promise<{ dealer: RegisteredDealer; cookie: string }> {
  const dealer = await registerDealer(suite.api, suite.adminCookie, { zipCode: '10002', dealershipName });
  await approveDealer(suite.api, suite.adminCookie, dealer);
  return { dealer, cookie: await loginDealer(suite.api, dealer) };
}

async function step<Body>(path: string, cookie: string, body?: unknown): Promise<Body> {
  const answer = await suite.api<Body>(path, { method: 'POST', cookie, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * One sale of the dealer's from offer to completion, as the API takes it: the seller accepts, books
 * the dealer's time, and confirms, or accepts the lower price the dealer asks at the hand-over.
 */
async function completedSale(dealerCookie: string, options: { lowerPrice?: number } = {}): Promise<string> {
  const { id: vehicleId, sellerCookie } = await submitListedVehicle(suite.api, suite.stack, vehicleSubmission(sellerContact(), '10001'));
  const offer = await step<OfferView>(`/api/vehicles/${vehicleId}/offers`, dealerCookie, { amount: 20_000 });
  await step(`/api/offers/${offer.id}/accept`, sellerCookie);
  const { id: dealId } = (await suite.api<DealView>(`/api/vehicles/${vehicleId}/deal`, { cookie: sellerCookie })).body;
  const startsAt = new Date(Date.now() + 48 * 3_600_000).toISOString();
  const proposed = await step<DealView>(`/api/deals/${dealId}/slots`, dealerCookie, { slots: [{ startsAt, hours: 2 }], place: 'dealership' });
  await step(`/api/deals/${dealId}/booking`, sellerCookie, { slotId: proposed.slots[0]!.id });
  if (options.lowerPrice === undefined) {
    await step(`/api/deals/${dealId}/confirm`, sellerCookie);
  } else {
    await step(`/api/deals/${dealId}/hand-over`, dealerCookie, { outcome: 'lower-price', price: options.lowerPrice, reason: 'Scratches along the driver side door.', photoUrls: [PHOTO] });
    await step(`/api/deals/${dealId}/price-change/accept`, sellerCookie);
  }
  return vehicleId;
}

/** Full-page pictures at each width (none scrolling sideways) and axe's verdict at each. */
async function photographAndCheck(page: Page, name: string): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `${name} at ${width} px scrolls sideways`).toBe(0);
    expect(await seriousAccessibilityViolations(page), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: path.join(suite.screenshotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("dealers' track records", () => {
  it('When a seller compares the offers of a dealer with a record and a new one, and the admin then judges the known dealer\'s price cut unjustified, then the seller reads each record in plain words and sees the verdict count', async () => {
    // Arrange: Harbor Autos completed three sales at the offered price and one with a 10 % cut; Prairie Cars has none
    const { dealer: known, cookie: knownCookie } = await approvedDealer('Harbor Autos');
    const { dealer: newcomer, cookie: newcomerCookie } = await approvedDealer('Prairie Cars');
    for (let sale = 0; sale < 3; sale++) await completedSale(knownCookie);
    const cutCar = await completedSale(knownCookie, { lowerPrice: 18_000 });
    const sellerDetails = sellerContact();
    const { id: vehicleId, sellerCookie } = await submitListedVehicle(suite.api, suite.stack, vehicleSubmission(sellerDetails, '10001'));
    await step(`/api/vehicles/${vehicleId}/offers`, knownCookie, { amount: 16_000 });
    await step(`/api/vehicles/${vehicleId}/offers`, newcomerCookie, { amount: 15_500 });

    // Act: the seller opens the dashboard
    const seller = await suite.signedInPerson({ sessionCookie: sellerCookie, role: 'seller', email: sellerDetails.contactEmail });
    await seller.goto(`${suite.stack.baseUrl}/seller/dashboard`);

    // Assert: each offer carries its dealer's record in plain words
    const knownRecord = seller.getByRole('list', { name: `Record of ${known.dealershipName}` });
    await knownRecord.getByText('Completed 3 of 4 sales at the offered price', { exact: true }).waitFor();
    await knownRecord.getByText('Lowered the price at 1 of 4 hand-overs, by 10 % on average', { exact: true }).waitFor();
    await knownRecord.getByText('Cancelled 0 of its last 4 deals', { exact: true }).waitFor();
    await seller.getByRole('list', { name: `Record of ${newcomer.dealershipName}` }).getByText('New to CarDirect', { exact: true }).waitFor();
    await photographAndCheck(seller, 'seller-compares-records');
    await seller.getByRole('button', { name: `Full record of ${known.dealershipName}` }).click();
    const detail = seller.getByRole('dialog', { name: `Record of ${known.dealershipName}` });
    await detail.getByText('Completed with a lower price').waitFor();
    await photographAndCheck(seller, 'seller-record-detail');
    await seller.keyboard.press('Escape');

    // Act: the admin judges the price cut unjustified on the car's page
    const admin = await suite.signedInPerson({ sessionCookie: suite.adminCookie, role: 'admin', email: suite.stack.admin.email });
    await admin.goto(`${suite.stack.baseUrl}/vehicles/${cutCar}`);
    const dealCard = admin.getByRole('region', { name: 'Deal' });
    await dealCard.getByRole('button', { name: 'Unjustified' }).click();
    const verdict = admin.getByRole('dialog', { name: 'Judge the lower price unjustified?' });
    await verdict.getByLabel('Note (optional)').fill('The scratches are visible in the listing photo.');
    await photographAndCheck(admin, 'admin-verdict-dialog');
    await verdict.getByRole('button', { name: 'Judge Unjustified' }).click();
    await dealCard.getByText(/^Judged unjustified by CarDirect on /).waitFor();
    await photographAndCheck(admin, 'admin-verdict-given');

    // Assert: the seller's next look counts it against the dealer
    await seller.reload();
    await knownRecord.getByText('1 price cut judged unjustified by CarDirect', { exact: true }).waitFor();

    // Assert: the dealer reads the same words about itself
    const dealerPage = await suite.signedInPerson({ sessionCookie: knownCookie, role: 'dealer', email: known.email });
    await dealerPage.goto(`${suite.stack.baseUrl}/dealer/deals`);
    const ownRecord = dealerPage.getByRole('list', { name: 'Your record in the words sellers read' });
    await ownRecord.getByText('1 price cut judged unjustified by CarDirect', { exact: true }).waitFor();
    await photographAndCheck(dealerPage, 'dealer-own-record');
    for (const page of [seller, admin, dealerPage]) await page.context().close();
  });
});

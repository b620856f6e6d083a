// Issue 34, the dealers' track records where sellers decide: a seller compares two offers whose
// dealers have different records, and an admin's verdict on a price cut changes the record the
// seller reads; the admin suspends a flagged dealer and reinstates it. The history is made through
// the API; what people see is checked in the browser and in their e-mail.
// Screenshots at 375 and 1280 px land in e2e/artifacts/track-record.
import { describe, expect, it } from 'vitest';
import { DEALER_SUSPENDED_MESSAGE, type DealView, type OfferView } from '@cardirect/contracts';
import type { CaughtMail } from '@cardirect/service-kit/testing';
import { approveDealer, loginDealer, PHOTO, registerDealer, sellerContact, submitListedVehicle, vehicleSubmission, type RegisteredDealer } from '../support/api';
import { browserSuite } from '../support/browser-suite';

const suite = browserSuite('track-record');

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
    await step(`/api/deals/${dealId}/hand-over`, dealerCookie, { outcome: 'lower-price', price: options.lowerPrice, faults: [{ kind: 'other', description: 'Scratches along the driver side door' }], reason: 'Scratches along the driver side door.', photoUrls: [PHOTO] });
    await step(`/api/deals/${dealId}/price-change/accept`, sellerCookie);
  }
  return vehicleId;
}

/** A sale the dealer calls off after the seller accepted its offer: a strike against it. */
async function saleCancelledByDealer(dealerCookie: string): Promise<void> {
  const { id: vehicleId, sellerCookie } = await submitListedVehicle(suite.api, suite.stack, vehicleSubmission(sellerContact(), '10001'));
  const offer = await step<OfferView>(`/api/vehicles/${vehicleId}/offers`, dealerCookie, { amount: 12_000 });
  await step(`/api/offers/${offer.id}/accept`, sellerCookie);
  const { id: dealId } = (await suite.api<DealView>(`/api/vehicles/${vehicleId}/deal`, { cookie: sellerCookie })).body;
  await step(`/api/deals/${dealId}/cancel`, dealerCookie, { reason: 'schedule' });
}

const MAIL_TIMEOUT_MS = 30_000;

function mailTo(address: string, subject: string | RegExp): Promise<CaughtMail> {
  const matches = (mail: CaughtMail) => mail.to.includes(address) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  return suite.stack.mail.waitFor(matches, MAIL_TIMEOUT_MS);
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
    await suite.photographAndCheck(seller, 'seller-compares-records');
    await seller.getByRole('button', { name: `Full record of ${known.dealershipName}` }).click();
    const detail = seller.getByRole('dialog', { name: `Record of ${known.dealershipName}` });
    await detail.getByText('Completed with a lower price').waitFor();
    await suite.photographAndCheck(seller, 'seller-record-detail');
    await seller.keyboard.press('Escape');

    // Act: the admin judges the price cut unjustified on the car's page
    const admin = await suite.signedInPerson({ sessionCookie: suite.adminCookie, role: 'admin', email: suite.stack.admin.email });
    await admin.goto(`${suite.stack.baseUrl}/vehicles/${cutCar}`);
    const dealCard = admin.getByRole('region', { name: 'Deal' });
    await dealCard.getByRole('button', { name: 'Unjustified' }).click();
    const verdict = admin.getByRole('dialog', { name: 'Judge the lower price unjustified?' });
    await verdict.getByLabel('Note (optional)').fill('The scratches are visible in the listing photo.');
    await suite.photographAndCheck(admin, 'admin-verdict-dialog');
    await verdict.getByRole('button', { name: 'Judge Unjustified' }).click();
    await dealCard.getByText(/^Judged unjustified by CarDirect on /).waitFor();
    await suite.photographAndCheck(admin, 'admin-verdict-given');

    // Assert: the seller's next look counts it against the dealer
    await seller.reload();
    await knownRecord.getByText('1 price cut judged unjustified by CarDirect', { exact: true }).waitFor();

    // Assert: the dealer reads the same words about itself
    const dealerPage = await suite.signedInPerson({ sessionCookie: knownCookie, role: 'dealer', email: known.email });
    await dealerPage.goto(`${suite.stack.baseUrl}/dealer/deals`);
    const ownRecord = dealerPage.getByRole('list', { name: 'Your record in the words sellers read' });
    await ownRecord.getByText('1 price cut judged unjustified by CarDirect', { exact: true }).waitFor();
    await suite.photographAndCheck(dealerPage, 'dealer-own-record');
    for (const page of [seller, admin, dealerPage]) await page.context().close();
  });

  it('When the admin suspends a flagged dealer with a reason, then its next request is refused, its pending offer leaves the seller\'s dashboard, the seller and the dealer are e-mailed, and once reinstated it logs in again', async () => {
    // Arrange: Sunset Motors called off three sales this month (flagged) and has an offer pending on a seller's car beside Lakeside Autos'
    const { dealer: flaky, cookie: flakyCookie } = await approvedDealer('Sunset Motors');
    const { cookie: steadyCookie } = await approvedDealer('Lakeside Autos');
    for (let sale = 0; sale < 3; sale++) await saleCancelledByDealer(flakyCookie);
    const sellerDetails = sellerContact();
    const { id: vehicleId, sellerCookie } = await submitListedVehicle(suite.api, suite.stack, vehicleSubmission(sellerDetails, '10001'));
    await step(`/api/vehicles/${vehicleId}/offers`, flakyCookie, { amount: 14_250 });
    await step(`/api/vehicles/${vehicleId}/offers`, steadyCookie, { amount: 13_900 });
    const seller = await suite.signedInPerson({ sessionCookie: sellerCookie, role: 'seller', email: sellerDetails.contactEmail });
    await seller.goto(`${suite.stack.baseUrl}/seller/dashboard`);
    await seller.getByRole('list', { name: 'Record of Sunset Motors' }).waitFor();

    // Act: the admin finds the dealer flagged on the Dealers tab and suspends it
    const admin = await suite.signedInPerson({ sessionCookie: suite.adminCookie, role: 'admin', email: suite.stack.admin.email });
    await admin.goto(`${suite.stack.baseUrl}/admin/dashboard`);
    const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { level: 3, name: 'Sunset Motors', exact: true }) });
    await card.getByText(/Flagged for review$/).waitFor();
    await card.getByRole('list', { name: 'Why Sunset Motors is flagged' }).getByText(/^3 strikes in the last 30 days/).waitFor();
    await card.getByRole('button', { name: 'Strikes (3) of Sunset Motors' }).click();
    expect(await card.getByRole('list', { name: 'Strikes of Sunset Motors' }).getByRole('listitem').count()).toBe(3);
    await suite.photographAndCheck(admin, 'admin-flagged-dealer');
    await card.getByRole('button', { name: 'Suspend Sunset Motors' }).click();
    const suspendDialog = admin.getByRole('dialog', { name: 'Suspend Sunset Motors?' });
    await suspendDialog.getByRole('button', { name: 'Suspend Dealer' }).click();
    await suspendDialog.getByText('Give a reason; the dealer reads it in its e-mail', { exact: true }).waitFor();
    await suite.photographAndCheck(admin, 'admin-suspend-dialog');
    const reason = 'Three sales called off in a month after the sellers accepted.';
    await suspendDialog.getByLabel('Reason').fill(reason);
    await suspendDialog.getByRole('button', { name: 'Suspend Dealer' }).click();
    await admin.getByText('Sunset Motors has been suspended', { exact: true }).waitFor();

    // Assert: the admin's card says so, with who, when and why in its history
    await card.getByText(`Reason: “${reason}”`, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'History of Sunset Motors' }).click();
    await card.getByRole('list', { name: 'History of Sunset Motors' }).getByText(new RegExp(`^Suspended on .* by ${suite.stack.admin.email}`)).waitFor();
    await suite.photographAndCheck(admin, 'admin-suspended-dealer');

    // Assert: the dealer's session no longer works, and its login is refused with the reason to look for
    expect((await suite.api('/api/offers/mine', { cookie: flakyCookie })).status).toBe(401);
    const dealerPage = await suite.newPerson();
    await dealerPage.goto(`${suite.stack.baseUrl}/dealer/login`);
    await dealerPage.getByLabel('Email').fill(flaky.email);
    await dealerPage.getByLabel('Password').fill(flaky.password);
    await dealerPage.getByRole('button', { name: 'Sign In' }).click();
    await dealerPage.getByText(DEALER_SUSPENDED_MESSAGE, { exact: true }).waitFor();

    // Assert: the seller is told, and the offer has left the dashboard while the other stands
    const sellerMail = await mailTo(sellerDetails.contactEmail, /^Sunset Motors's offer on your .+ was withdrawn$/);
    expect(sellerMail.text).toContain('CarDirect suspended the dealer');
    expect(sellerMail.text).not.toContain(reason);
    await seller.reload();
    await seller.getByRole('list', { name: 'Record of Lakeside Autos' }).waitFor();
    expect(await seller.getByRole('list', { name: 'Record of Sunset Motors' }).count()).toBe(0);
    expect(await seller.getByText('Sunset Motors', { exact: true }).count()).toBe(0);

    // Assert: the dealer's e-mail gives the reason and a way to answer
    const suspendedMail = await mailTo(flaky.email, 'Your CarDirect dealer account is suspended');
    expect(suspendedMail.text).toContain(reason);
    expect(suspendedMail.replyTo).toHaveLength(1);

    // Act: the admin reinstates it
    await card.getByRole('button', { name: 'Reinstate Sunset Motors' }).click();
    const reinstateDialog = admin.getByRole('dialog', { name: 'Reinstate Sunset Motors?' });
    await reinstateDialog.getByLabel('Reason').fill('Spoke with the owner; the sales manager responsible has left.');
    await reinstateDialog.getByRole('button', { name: 'Reinstate Dealer' }).click();
    await admin.getByText('Sunset Motors has been reinstated', { exact: true }).waitFor();

    // Assert: it is told and may log in again; the withdrawn offer stays withdrawn
    await mailTo(flaky.email, 'Your CarDirect dealer account is active again');
    await loginDealer(suite.api, flaky);
    await seller.reload();
    await seller.getByRole('list', { name: 'Record of Lakeside Autos' }).waitFor();
    expect(await seller.getByText('Sunset Motors', { exact: true }).count()).toBe(0);
    for (const page of [seller, admin, dealerPage]) await page.context().close();
  });
});

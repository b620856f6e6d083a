// Issue 33, the sale after Accept, in the built product: two people in two browsers follow the
// e-mails from the acceptance to the completed sale (the calendar invitation and both bills of sale
// read back), and the deal's clocks, fired by promoting their delayed jobs, lead a lapsed deal back
// to the dealers. Screenshots of every new screen at 375 and 1280 px land in e2e/artifacts/deal.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ConditionReport, DealView, OfferView } from '@cardirect/contracts';
import { parseInvite, pdfText, type CaughtMail } from '@cardirect/service-kit/testing';
import { approveDealer, loginDealer, MAIL_TIMEOUT_MS, registerDealer, sellerContact, submitListedVehicle, to, vehicleSubmission, type RegisteredDealer } from '../support/api';
import { toast } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { dashboardResponds } from '../support/dealers';
import { linkIn } from '../support/story-mail';
import { delayedJobsOf } from '../support/delayed-jobs';
import { drawJpeg } from '../support/photos';

const suite = browserSuite('deal');
const car = '2018 Honda Accord EX-L';
const vin = '1HGCV1F34JA012345';

/** The vehicle service's queue of deal clocks (services/vehicle/src/data-access/deal-clock-queue.ts). */
const clocks = delayedJobsOf(suite, 'deal-clocks');

/** Moves a deal's clock to now, as its time passing would, and waits until the service has worked it. */
function fireClock(dealId: string, clock: 'proposal-reminder' | 'proposal-overdue'): Promise<void> {
  return clocks.runNow((job) => job.data.dealId === dealId && job.data.clock === clock, `${clock} clock of deal ${dealId}`);
}

async function approvedDealer(): Promise<{ dealer: RegisteredDealer; cookie: string }> {
  const dealer = await registerDealer(suite.api, suite.adminCookie, { zipCode: '10002' });
  await approveDealer(suite.api, suite.adminCookie, dealer);
  return { dealer, cookie: await loginDealer(suite.api, dealer) };
}

function mailTo(address: string, subject: string): Promise<CaughtMail> {
  return suite.stack.mail.waitFor((mail) => to(address)(mail) && mail.subject === subject, MAIL_TIMEOUT_MS);
}

function attachment(mail: CaughtMail, pattern: RegExp): Buffer {
  const file = mail.attachments.find((candidate) => pattern.test(candidate.filename));
  if (!file) throw new Error(`no ${pattern} attached to "${mail.subject}" (${mail.attachments.map((candidate) => candidate.filename).join(', ')})`);
  return file.content;
}

/** `YYYY-MM-DD` of the day `days` from today in the browser's own time zone, and that day at `time` as an instant. */
function browserDay(page: Page, days: number, time: string): Promise<{ date: string; instant: string }> {
  return page.evaluate(
    ({ days, time }) => {
      const day = new Date();
      day.setDate(day.getDate() + days);
      const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      return { date, instant: new Date(`${date}T${time}`).toISOString() };
    },
    { days, time },
  );
}

async function dealOf(vehicleId: string): Promise<DealView> {
  const answer = await suite.api<DealView>(`/api/vehicles/${vehicleId}/deal`, { cookie: suite.adminCookie });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the sale after Accept, two people in two browsers', () => {
  it('When the seller books a proposed time and accepts a lower price with photos at the hand-over, then the sale completes, both get the invitation and the bill of sale, and a dealer watching the car hears it is sold', async () => {
    // Arrange: a listed car with a VIN and a questionnaire declaring a chipped windshield and a scratch, and a dealer's offer on it
    const sellerDetails = sellerContact();
    const conditionReport: ConditionReport = {
      accidentHistory: 'none', warningLights: [], tires: 'good', panelDamage: [{ panel: 'front-bumper', kind: 'scratch', size: 'small' }],
      windshield: 'chipped', keys: 'two-or-more', serviceHistory: 'full', smokedIn: false,
    };
    const submission = { ...vehicleSubmission(sellerDetails, '10001'), vin, conditionReport };
    const { id: vehicleId, sellerCookie } = await submitListedVehicle(suite.api, suite.stack, submission);
    const { dealer, cookie: dealerCookie } = await approvedDealer();
    expect((await suite.api<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: dealerCookie, body: { amount: 16_500 } })).status).toBe(201);
    // Another dealer watches the car without offering (issue 36's watchlist)
    const { dealer: watcher, cookie: watcherCookie } = await approvedDealer();
    expect((await suite.api(`/api/vehicles/${vehicleId}/watch`, { method: 'POST', cookie: watcherCookie, body: { watched: true } })).status).toBe(200);
    const seller = await suite.signedInPerson({ sessionCookie: sellerCookie, role: 'seller', email: sellerDetails.contactEmail });
    const dealerPage = await suite.signedInPerson({ sessionCookie: dealerCookie, role: 'dealer', email: dealer.email });

    // Act: the seller accepts on the dashboard
    await seller.goto(`${suite.stack.baseUrl}/seller/dashboard`);
    await seller.getByRole('button', { name: `Accept $16,500 from ${dealer.dealershipName}` }).click();
    await seller.getByRole('dialog', { name: `Accept the offer of $16,500 from ${dealer.dealershipName}?` }).getByRole('button', { name: 'Accept Offer' }).click();
    await seller.getByRole('heading', { name: `Sale to ${dealer.dealershipName}` }).waitFor();

    // Act: the dealer follows the e-mail to the car and proposes two times at the seller's address
    const accepted = await mailTo(dealer.email, `Offer accepted: ${car}`);
    await dealerPage.goto(linkIn(accepted, `/vehicles/${vehicleId}`));
    const dealPanel = dealerPage.getByRole('region', { name: 'Your Deal' });
    await dealPanel.getByRole('heading', { name: 'Propose Appointment Times' }).waitFor();
    await suite.photographAndCheck(dealerPage, 'dealer-propose-times');
    const first = await browserDay(dealerPage, 2, '10:00');
    const second = await browserDay(dealerPage, 3, '15:00');
    await dealPanel.getByRole('group', { name: 'Time 1' }).getByLabel('Date').fill(first.date);
    await dealPanel.getByRole('group', { name: 'Time 1' }).getByLabel('Start time').fill('10:00');
    await dealPanel.getByRole('group', { name: 'Time 1' }).getByRole('combobox', { name: 'Window' }).selectOption({ label: '2 hours' });
    await dealPanel.getByRole('button', { name: 'Add Another Time' }).click();
    await dealPanel.getByRole('group', { name: 'Time 2' }).getByLabel('Date').fill(second.date);
    await dealPanel.getByRole('group', { name: 'Time 2' }).getByLabel('Start time').fill('15:00');
    await dealPanel.getByRole('radio', { name: "At the seller's address (the seller gives it when booking)" }).check();
    await dealPanel.getByLabel('Message to the Seller (optional)').fill('Either suits us; we bring the paperwork.');
    await dealPanel.getByRole('button', { name: 'Propose Times' }).click();
    await toast(dealerPage, 'Times Sent').waitFor();

    // Act: the seller follows the e-mail and books the first time, giving the street address
    const proposed = await mailTo(sellerDetails.contactEmail, `Choose an appointment time for your ${car}`);
    await seller.goto(linkIn(proposed, '/seller/dashboard'));
    const times = seller.getByRole('group', { name: 'Choose one of the proposed times' });
    await times.waitFor();
    await suite.photographAndCheck(seller, 'seller-book-time');
    await times.getByRole('radio').first().check();
    await seller.getByLabel('Street address for the appointment').fill('12 Elm Street');
    await seller.getByRole('button', { name: 'Book This Time' }).click();
    await toast(seller, 'Appointment Booked').waitFor();

    // Assert: both get the invitation, which a calendar reads as the booked time, place and people
    for (const [address, subject] of [
      [sellerDetails.contactEmail, `Appointment booked for your ${car}`],
      [dealer.email, `Appointment booked for the ${car}`],
    ] as const) {
      const invite = parseInvite(attachment(await mailTo(address, subject), /\.ics$/).toString('utf8'));
      expect(invite.start).toBe(first.instant);
      expect(new Date(invite.end).getTime() - new Date(invite.start).getTime()).toBe(2 * 3_600_000);
      expect(invite.location).toContain('12 Elm Street');
      expect(invite.attendees.map((attendee) => attendee.email).sort()).toEqual([dealer.email, sellerDetails.contactEmail].sort());
    }

    // Act: the dealer records a lower price at the hand-over for two faults, with two photos of them;
    // the chipped windshield the listing declared is refused on the spot, a cracked one is not
    await dealerPage.goto(linkIn(accepted, `/vehicles/${vehicleId}`));
    await dealPanel.getByRole('button', { name: 'Record Hand-Over' }).click();
    const declared = dealPanel.getByRole('region', { name: 'Declared in the listing (cannot lower the price)' });
    expect(await declared.getByRole('listitem').allTextContents()).toEqual(['Scratch, small (under 1 inch), on the front bumper', 'Windshield: chipped']);
    await dealPanel.getByRole('radio', { name: 'A lower price, for faults not in the listing' }).check();
    await dealPanel.getByLabel('New Price ($)').fill('15,000');
    const firstFault = dealPanel.getByRole('group', { name: 'Fault 1' });
    await firstFault.getByRole('combobox', { name: 'What Is Wrong' }).selectOption({ label: 'Windshield damage' });
    await firstFault.getByRole('combobox', { name: 'Windshield' }).selectOption({ label: 'Chipped' });
    await dealPanel.getByRole('button', { name: 'Save Hand-Over' }).click();
    await firstFault.getByText('The chipped windshield was declared in the listing: a declared fault cannot lower the price').waitFor();
    await firstFault.getByRole('combobox', { name: 'Windshield' }).selectOption({ label: 'Cracked' });
    await dealPanel.getByRole('button', { name: 'Add Another Fault' }).click();
    const secondFault = dealPanel.getByRole('group', { name: 'Fault 2' });
    await secondFault.getByRole('combobox', { name: 'What Is Wrong' }).selectOption({ label: 'A scratch or dent' });
    await secondFault.getByRole('combobox', { name: 'Panel' }).selectOption({ label: 'Rear bumper' });
    await secondFault.getByRole('combobox', { name: 'Damage' }).selectOption({ label: 'Dent' });
    await secondFault.getByRole('combobox', { name: 'Size' }).selectOption({ label: 'Large (over 4 inches)' });
    await dealPanel.getByLabel('Reason').fill('The windshield is cracked across, not chipped as listed, and the rear bumper is dented.');
    const photos = [await drawJpeg(dealerPage, 1600, 1200), await drawJpeg(dealerPage, 1200, 1600)];
    await dealPanel.getByLabel('Photos of the Faults').setInputFiles(photos.map((buffer, index) => ({ name: `fault-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
    await dealPanel.getByRole('img', { name: 'Fault photo 2' }).waitFor();
    await suite.photographAndCheck(dealerPage, 'dealer-hand-over');
    await dealPanel.getByRole('button', { name: 'Save Hand-Over' }).click();
    await toast(dealerPage, 'Lower Price Sent').waitFor();

    // Act: the seller follows the e-mail, which names the faults, sees them and the photos, and accepts the lower price
    const lower = await mailTo(sellerDetails.contactEmail, `${dealer.dealershipName} asks for a lower price for your ${car}`);
    expect(lower.text).toContain('1. Windshield: cracked\n2. Dent, large (over 4 inches), on the rear bumper');
    await seller.goto(linkIn(lower, '/seller/dashboard'));
    await seller.getByRole('list', { name: 'Photos of the faults' }).getByRole('img').nth(1).waitFor();
    const named = seller.getByRole('list', { name: 'Faults the dealer found that are not in your listing' });
    expect(await named.getByRole('listitem').allTextContents()).toEqual(['Windshield: cracked', 'Dent, large (over 4 inches), on the rear bumper']);
    await suite.photographAndCheck(seller, 'seller-lower-price');
    await seller.getByRole('button', { name: 'Accept $15,000' }).click();
    await seller.getByRole('dialog', { name: `Accept $15,000 from ${dealer.dealershipName}?` }).getByRole('button', { name: 'Accept Lower Price' }).click();
    await toast(seller, 'Lower Price Accepted').waitFor();

    // Assert: completed at $15,000, the car sold, and both bills of sale name the VIN and the price
    await seller.getByText('Sale completed', { exact: true }).first().waitFor();
    await suite.photographAndCheck(seller, 'seller-completed');
    const completed = await dealOf(vehicleId);
    expect(completed).toMatchObject({ state: 'completed', finalPrice: 15_000, agreedPrice: 16_500 });
    expect(completed.priceChange?.photos).toHaveLength(2);
    expect(completed.priceChange?.faults).toEqual([
      { kind: 'windshield', condition: 'cracked' },
      { kind: 'panel-damage', panel: 'rear-bumper', damage: 'dent', size: 'large' },
    ]);
    // The watching dealer hears the car is sold, without the price
    const sold = await mailTo(watcher.email, `Sold: ${car}`);
    expect(linkIn(sold, '/dealer/deals')).toMatch(/^https?:/);
    expect(sold.text).not.toMatch(/\$\d/);
    for (const [address, subject] of [
      [sellerDetails.contactEmail, `Sale completed: your ${car}`],
      [dealer.email, `Sale completed: the ${car}`],
    ] as const) {
      const bill = await pdfText(attachment(await mailTo(address, subject), /\.pdf$/));
      expect(bill).toContain(vin);
      expect(bill).toContain('$15,000');
      expect(bill).toContain(sellerDetails.fullName);
      expect(bill).toContain(dealer.dealershipName);
    }

    // Assert: the dealer's "My Offers and Deals", reached from the dashboard, shows the completed sale
    await dealerPage.goto(`${suite.stack.baseUrl}/dealer/dashboard`);
    await dealerPage.getByRole('link', { name: 'My Offers and Deals' }).click();
    const deals = dealerPage.getByRole('list', { name: 'Your Deals' });
    await deals.getByRole('link', { name: car, exact: true }).waitFor();
    await deals.getByText('Sale completed', { exact: true }).waitFor();
    await dealerPage.getByRole('table', { name: 'Your Offers' }).getByText('$16,500').waitFor();
    await suite.photographAndCheck(dealerPage, 'dealer-offers-and-deals');
    await seller.context().close();
    await dealerPage.context().close();
  });
});

describe("the deal's clocks", () => {
  it('When the dealer proposes no time for 24 hours, then it is reminded once at 12, the seller cancels with one click, the car is listed again and the dealer declined earlier and the one watching hear it is available', async () => {
    // Arrange: two dealers' offers; the seller accepts the first, which declines the second
    const sellerDetails = sellerContact();
    const { id: vehicleId, sellerCookie } = await submitListedVehicle(suite.api, suite.stack, vehicleSubmission(sellerDetails, '10001'));
    const { dealer: winner, cookie: winnerCookie } = await approvedDealer();
    const { dealer: declined, cookie: declinedCookie } = await approvedDealer();
    // A third dealer, not ready to offer, stars the car on its page from the keyboard
    const { dealer: watcher, cookie: watcherCookie } = await approvedDealer();
    const watcherPage = await suite.signedInPerson({ sessionCookie: watcherCookie, role: 'dealer', email: watcher.email });
    await watcherPage.goto(`${suite.stack.baseUrl}/vehicles/${vehicleId}`);
    await watcherPage.getByRole('button', { name: 'Watch this car', pressed: false }).focus();
    await watcherPage.keyboard.press('Enter');
    await toast(watcherPage, 'Watching This Car').waitFor();
    await watcherPage.getByRole('button', { name: 'Watch this car', pressed: true }).waitFor();
    const winning = await suite.api<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: winnerCookie, body: { amount: 17_000 } });
    await suite.api(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: declinedCookie, body: { amount: 16_000 } });
    expect((await suite.api(`/api/offers/${winning.body.id}/accept`, { method: 'POST', cookie: sellerCookie })).status).toBe(200);
    await mailTo(declined.email, `Another offer accepted for the ${car}`);
    const { id: dealId } = await dealOf(vehicleId);

    // Act: 12 hours pass (the reminder's job fires), then 24 (the overdue's)
    await fireClock(dealId, 'proposal-reminder');
    await mailTo(winner.email, `Reminder: propose appointment times for the ${car}`);
    await fireClock(dealId, 'proposal-overdue');
    const overdue = await mailTo(sellerDetails.contactEmail, `${winner.dealershipName} has not proposed a time for your ${car}`);

    // Assert: one reminder only
    const reminders = suite.stack.mail.messages().filter((mail) => to(winner.email)(mail) && mail.subject.startsWith('Reminder: propose appointment times'));
    expect(reminders).toHaveLength(1);

    // Assert: the admin's Deals tab lists the overdue deal first, marked as such, and leads to its car
    const admin = await suite.signedInPerson({ sessionCookie: suite.adminCookie, role: 'admin', email: suite.stack.admin.email });
    await admin.goto(`${suite.stack.baseUrl}/admin/dashboard`);
    await admin.getByRole('tab', { name: 'Deals' }).click();
    const firstDeal = admin.getByRole('list', { name: 'Deals' }).getByRole('listitem').first();
    await firstDeal.getByText(winner.dealershipName, { exact: true }).waitFor();
    await firstDeal.getByText(/^⚠?Overdue$/).waitFor();
    await suite.photographAndCheck(admin, 'admin-deals-tab');
    await firstDeal.getByRole('link', { name: car }).click();

    // Assert: the admin's car page shows the deal and can cancel it (the dialog, left unconfirmed)
    const dealCard = admin.getByRole('region', { name: 'Deal' });
    await dealCard.getByRole('list', { name: 'Deal timeline' }).getByText('Reminded the dealer to propose appointment times').waitFor();
    await suite.photographAndCheck(admin, 'admin-deal');
    await dealCard.getByRole('button', { name: 'Cancel deal' }).click();
    const adminDialog = admin.getByRole('dialog', { name: `Cancel the deal with ${winner.dealershipName}?` });
    await adminDialog.getByLabel('Reason').waitFor();
    await suite.photographAndCheck(admin, 'admin-cancel-deal-dialog');
    await adminDialog.getByRole('button', { name: 'Keep Deal' }).click();

    // Act: the seller follows the e-mail and cancels with one click
    const seller = await suite.signedInPerson({ sessionCookie: sellerCookie, role: 'seller', email: sellerDetails.contactEmail });
    await seller.goto(linkIn(overdue, '/seller/dashboard'));
    await seller.getByRole('button', { name: 'Cancel this deal' }).waitFor();
    await suite.photographAndCheck(seller, 'seller-overdue');
    await seller.getByRole('button', { name: 'Cancel this deal' }).click();
    await toast(seller, 'Deal Cancelled').waitFor();

    // Assert: a lapse of the dealer's; the declined dealer hears the car is available and sees it listed
    expect((await dealOf(vehicleId)).cancellation).toMatchObject({ by: 'seller', reason: 'dealer-missed-deadline', dealerLapse: true });
    const available = await mailTo(declined.email, `Available again: ${car}`);
    // The watcher hears it too, in a watcher's words, and its link leads to the car, still starred
    const watched = await mailTo(watcher.email, `Available again: ${car}`);
    expect(watched.text).toContain('You may make an offer now. To stop these e-mails, stop watching the car on its page.');
    await watcherPage.goto(linkIn(watched, `/vehicles/${vehicleId}`));
    await watcherPage.getByRole('button', { name: 'Watch this car', pressed: true }).waitFor();
    const declinedPage = await suite.signedInPerson({ sessionCookie: declinedCookie, role: 'dealer', email: declined.email });
    await declinedPage.goto(`${suite.stack.baseUrl}/dealer/dashboard`);
    await dashboardResponds(declinedPage);
    await declinedPage.locator(`a[href="/vehicles/${vehicleId}"]`).first().waitFor();
    await declinedPage.goto(linkIn(available, `/vehicles/${vehicleId}`));
    await declinedPage.getByRole('button', { name: 'Make Offer' }).waitFor();
    // The lapsed dealer no longer sees the seller's contact details
    const lapsedView = await suite.api<{ seller?: unknown; contactEmail?: string }>(`/api/vehicles/${vehicleId}`, { cookie: winnerCookie });
    expect(JSON.stringify(lapsedView.body)).not.toContain(sellerDetails.contactEmail);
    for (const page of [admin, seller, declinedPage, watcherPage]) await page.context().close();
  });
});

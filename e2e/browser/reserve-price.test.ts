// Issue 36, the private minimum price: a seller lists with a minimum (through the API), a dealer on a
// phone opens the car, reads only that a minimum is set and offers below it without learning
// anything more (no answer the browser receives carries the amount), and the seller's dashboard
// marks that offer "Below your minimum" and offers to lower the minimum.
// Screenshots at 375 and 1280 px land in e2e/artifacts/reserve-price.
import { describe, expect, it } from 'vitest';
import { approveDealer, loginDealer, registerDealer, sellerContact, submitListedVehicle, vehicleSubmission } from '../support/api';
import { browserSuite } from '../support/browser-suite';

const suite = browserSuite('reserve-price');
/** An amount no other figure on these pages or in these answers could hold by chance. */
const MINIMUM = 27_913;
const MINIMUM_PATTERN = /27,?913/;

describe('the private minimum price', () => {
  it('When a dealer on a phone offers below the minimum, then it reads only that a minimum is set and no answer carries the amount, while the seller sees the offer marked "Below your minimum"', { timeout: 180_000 }, async () => {
    // Arrange: a listed car with a minimum, and an approved dealer
    const seller = sellerContact();
    const submission = { ...vehicleSubmission(seller, '10001'), reservePrice: MINIMUM };
    const { id: vehicleId, sellerCookie } = await submitListedVehicle(suite.api, suite.stack, submission);
    const dealer = await registerDealer(suite.api, suite.adminCookie, { zipCode: '10002', dealershipName: 'Hudson Motors' });
    await approveDealer(suite.api, suite.adminCookie, dealer);
    const dealerPage = await suite.signedInPerson({ sessionCookie: await loginDealer(suite.api, dealer), role: 'dealer', email: dealer.email }, { width: 375, height: 900 });
    const answers: Promise<string>[] = [];
    dealerPage.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) answers.push(response.text().catch(() => ''));
    });

    // Act: the dealer opens the car and offers below the minimum
    await dealerPage.goto(`${suite.stack.baseUrl}/vehicles/${vehicleId}`);
    const minimumLine = dealerPage.getByText('The seller has set a private minimum price for this car.', { exact: true });
    await minimumLine.waitFor();
    const offerPanel = dealerPage.getByRole('region', { name: 'Your Offer' });
    await offerPanel.getByLabel('Offer Amount ($)').fill('17000');
    await offerPanel.getByRole('button', { name: 'Make Offer' }).click();
    await offerPanel.getByText('$17,000', { exact: true }).waitFor();

    // Assert: the dealer's page and every answer it received
    const pageText = await dealerPage.locator('body').innerText();
    expect(pageText).not.toMatch(MINIMUM_PATTERN);
    expect(pageText).not.toMatch(/below/i);
    expect(pageText.match(/minimum/gi)).toHaveLength(1);
    const received = await Promise.all(answers);
    expect(received.length).toBeGreaterThan(2);
    for (const body of received) {
      expect(body).not.toMatch(MINIMUM_PATTERN);
      expect(body).not.toContain('belowMinimum');
    }
    await suite.photographAndCheck(dealerPage, 'dealer-car-with-minimum', 375);

    // Act: the seller opens the dashboard on a phone
    const sellerPage = await suite.signedInPerson({ sessionCookie: sellerCookie, role: 'seller', email: seller.contactEmail }, { width: 375, height: 900 });
    await sellerPage.goto(`${suite.stack.baseUrl}/seller/dashboard`);

    // Assert: the offer is marked in words, and the minimum shows to its seller
    const offers = sellerPage.getByRole('list', { name: /^Offers on the / });
    const offer = offers.getByRole('listitem').filter({ hasText: '$17,000' });
    await offer.getByText('Below your minimum', { exact: true }).waitFor();
    await sellerPage.getByText('Your minimum price: $27,913.', { exact: true }).waitFor();
    await suite.photographAndCheck(sellerPage, 'seller-offer-below-minimum', 375);

    // Act: the seller opens "Lower your minimum" and asks for one that is not lower
    await sellerPage.getByRole('button', { name: /^Lower your minimum/ }).click();
    const dialog = sellerPage.getByRole('dialog', { name: /^Lower your minimum for the / });
    await dialog.getByLabel('New minimum price').fill('30000');
    await dialog.getByRole('button', { name: 'Lower Minimum' }).click();
    await dialog.getByText('The new minimum must be lower than $27,913', { exact: true }).waitFor();
    await suite.photographAndCheck(sellerPage, 'seller-lower-minimum-dialog', 375);

    // Act: a lower minimum, under the offer
    await dialog.getByLabel('New minimum price').fill('16500');
    await dialog.getByRole('button', { name: 'Lower Minimum' }).click();

    // Assert: the offer is no longer below it
    await sellerPage.getByText('Your minimum price: $16,500.', { exact: true }).waitFor();
    expect(await offer.getByText('Below your minimum', { exact: true }).count()).toBe(0);
    for (const page of [dealerPage, sellerPage]) await page.context().close();
  });
});

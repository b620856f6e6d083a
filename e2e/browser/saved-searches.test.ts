// Issue 36, the dealers' saved searches, in the built product: a dealer on a phone saves two searches
// on its dashboard, sellers list a car that fits both and one that fits only the daily one; the
// instant search e-mails the first car alone, the daily digest (fired by promoting its scheduled
// job) groups both, and the instant e-mail's unsubscribe link, opened logged out, stops that
// search and no other. Screenshots at 375 and 1280 px land in e2e/artifacts/saved-searches.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveDealer, loginDealer, MAIL_TIMEOUT_MS, registerDealer, sellerContact, submitListedVehicle, to, vehicleSubmission } from '../support/api';
import { toast } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { delayedJobsOf } from '../support/delayed-jobs';
import { linkIn } from '../support/story-mail';

const suite = browserSuite('saved-searches');
const INSTANT_SEARCH = 'Honda Accord, 2015 or newer, within 50 miles';
const DAILY_SEARCH = 'Honda, up to 100,000 miles';

/** The vehicle service's queue of the daily digest (services/vehicle/src/entry-points/saved-search-digests.ts). */
const digests = delayedJobsOf(suite, 'saved-search-digests');

/** Fills the dashboard's save form with the criteria given by label, and saves it. */
async function saveSearch(page: Page, criteria: { make: string; model?: string; yearFrom?: string; maxMileage?: string; distance?: string; often: string }): Promise<void> {
  const section = page.getByRole('region', { name: 'Saved Searches' });
  await section.getByRole('button', { name: 'Save a search' }).click();
  const form = section.getByRole('form', { name: 'Save a search' });
  await form.getByLabel('Make').selectOption({ label: criteria.make });
  if (criteria.model) await form.getByLabel('Model').fill(criteria.model);
  if (criteria.yearFrom) await form.getByLabel('From year').fill(criteria.yearFrom);
  if (criteria.maxMileage) await form.getByLabel('Maximum mileage').fill(criteria.maxMileage);
  if (criteria.distance) await form.getByLabel('Distance').selectOption({ label: criteria.distance });
  await form.getByRole('radio', { name: criteria.often }).check();
  return form.getByRole('button', { name: 'Save search' }).click();
}

describe('dealer saved searches', () => {
  it('When cars are listed, then the instant search e-mails only the car that fits it, the daily digest groups both, and the unsubscribe link works logged out for its own search only', { timeout: 240_000 }, async () => {
    // Arrange: an approved dealer in Manhattan on a phone
    const dealer = await registerDealer(suite.api, suite.adminCookie, { zipCode: '10002', dealershipName: 'Bowery Auto Buyers' });
    await approveDealer(suite.api, suite.adminCookie, dealer);
    const page = await suite.signedInPerson({ sessionCookie: await loginDealer(suite.api, dealer), role: 'dealer', email: dealer.email }, { width: 375, height: 900 });
    await page.goto(`${suite.stack.baseUrl}/dealer/dashboard`);
    const section = page.getByRole('region', { name: 'Saved Searches' });
    await section.getByText('No saved searches yet. Save one to be e-mailed when a car that fits is listed.', { exact: true }).waitFor();


    // Act: the dealer saves an instant search and a daily one
    await section.getByRole('button', { name: 'Save a search' }).click();
    await suite.photographAndCheck(page, 'dealer-save-a-search-form', 375);
    await section.getByRole('button', { name: 'Cancel' }).click();
    await saveSearch(page, { make: 'Honda', model: 'Accord', yearFrom: '2015', distance: 'Within 50 miles', often: 'As each car is listed' });
    await toast(page, 'Search saved').waitFor();
    await saveSearch(page, { make: 'Honda', maxMileage: '100000', often: 'One e-mail a day' });
    const searches = section.getByRole('list', { name: 'Your saved searches' });
    await searches.getByRole('heading', { name: DAILY_SEARCH }).waitFor();
    await searches.getByRole('heading', { name: INSTANT_SEARCH }).waitFor();

    // Act: a 2012 Accord (too old for the instant search) is listed first, then a 2018 one
    await submitListedVehicle(suite.api, suite.stack, { ...vehicleSubmission(sellerContact(), '10001'), year: 2012 });
    await submitListedVehicle(suite.api, suite.stack, vehicleSubmission(sellerContact(), '10001'));

    // Assert: the instant e-mail names the 2018 car; the older car, matched before it (oldest first), sent none
    const instant = await suite.stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'A 2018 Honda Accord EX-L fits your saved search', MAIL_TIMEOUT_MS);
    expect(instant.text).toContain(INSTANT_SEARCH);
    // The mail app's own unsubscribe control opens the same page as the e-mail's button.
    expect(instant.listUnsubscribe).toBe(`<${linkIn(instant, '/dealer/saved-searches/unsubscribe')}> (Unsubscribe from this search)`);
    expect(suite.stack.mail.messages().filter((mail) => to(dealer.email)(mail) && /fits? your saved search/.test(mail.subject))).toHaveLength(1);

    // Assert: the dashboard counts the cards' cars on the market: both for the daily search, one for the instant
    await page.reload();
    const card = (description: string) => searches.getByRole('listitem').filter({ has: page.getByRole('heading', { name: description }) });
    await card(DAILY_SEARCH).getByText('2 cars on the market now', { exact: true }).waitFor();
    await card(INSTANT_SEARCH).getByText('1 car on the market now', { exact: true }).waitFor();

    // Act: on a phone the section is below the cards; the header's link leads to it
    const heading = section.getByRole('heading', { level: 2, name: 'Saved Searches' });
    expect((await heading.boundingBox())!.y).toBeGreaterThan(900);
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Saved Searches' }).click();
    await expect.poll(async () => (await heading.boundingBox())!.y, { timeout: 5_000 }).toBeLessThan(900);
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await suite.photographAndCheck(page, 'dealer-saved-searches', 375);

    // Act: the daily digest's time comes
    await digests.runNow((job) => job.name === 'digest', 'the daily digest');

    // Assert: one digest groups both cars, for the daily search; the instant search sent no digest
    const digest = await suite.stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === '2 cars fit your saved search', MAIL_TIMEOUT_MS);
    expect(digest.text).toContain(DAILY_SEARCH);
    expect(digest.text).toContain('2012 Honda Accord EX-L');
    expect(digest.text).toContain('2018 Honda Accord EX-L');
    const savedSearchMails = suite.stack.mail.messages().filter((mail) => to(dealer.email)(mail) && /fits? your saved search/.test(mail.subject));
    expect(savedSearchMails.map((mail) => mail.subject).sort()).toEqual(['2 cars fit your saved search', 'A 2018 Honda Accord EX-L fits your saved search']);

    // Act: someone not logged in opens the instant e-mail's unsubscribe link and stops its e-mails
    const stranger = await suite.newPerson({ width: 375, height: 900 });
    await stranger.goto(linkIn(instant, '/dealer/saved-searches/unsubscribe'));
    const stop = stranger.getByRole('button', { name: 'Stop these e-mails' });
    await stop.waitFor();
    await suite.photographAndCheck(stranger, 'saved-search-unsubscribe', 375);
    await stop.click();

    // Assert: that search is named as stopped; the dealer's dashboard keeps only the daily search
    await stranger.getByText(`You will no longer get e-mails for this saved search: ${INSTANT_SEARCH}.`, { exact: true }).waitFor();
    await suite.photographAndCheck(stranger, 'saved-search-unsubscribed', 375);
    await page.reload();
    await searches.getByRole('heading', { name: DAILY_SEARCH }).waitFor();
    expect(await searches.getByRole('heading').allInnerTexts()).toEqual([DAILY_SEARCH]);
    for (const person of [page, stranger]) await person.context().close();
  });
});

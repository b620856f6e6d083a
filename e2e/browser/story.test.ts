// The whole marketplace as one story (issue 13): a seller, dealers near and far, and the admin,
// each in their own browser context, connected only by the gateway and the e-mails the product
// sends (read from the mail catcher).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '@cardirect/service-kit';
import { apiClient, approveDealer, loginAdmin, loginDealer, MAIL_TIMEOUT_MS, registerDealer, to, uniqueEmail, type Api, type RegisteredDealer } from '../support/api';
import { launchChromium, remoteScreenHeading, signIn, toast } from '../support/browser';
import { drawJpeg } from '../support/photos';
import { addGuidedViewPhotos, answerConditionQuestions } from '../support/seller-wizard';
import { startStack, type Stack } from '../support/stack';
import { chooseWithKeyboard, hasFocus, POLL_TIMEOUT_MS, pressEnterOn, tabTo, typeInto } from '../support/story-keyboard';
import { countByKind, productLinks } from '../support/story-mail';

const accordVin = '1HGCM82633A004352'; // decodes to a 2003 Honda Accord EX-V6
const carZip = '10001'; // Manhattan
const car = '2003 Honda Accord EX-V6';

let stack: Stack;
let browser: Browser;
let api: Api;
let adminCookie: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack);
  adminCookie = await loginAdmin(api, stack);
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
});

async function newPerson(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** A dealer with a browser of its own, signed in as a dealer who has logged in before. */
async function dealerBrowser(dealer: RegisteredDealer): Promise<Page> {
  const page = await newPerson();
  await signIn(page.context(), stack.baseUrl, { sessionCookie: await loginDealer(api, dealer), role: 'dealer', email: dealer.email });
  return page;
}

/** The one link of an e-mail that leads to a given path (e.g. /vehicles/...), as the reader clicks it. */
function linkTo(mail: CaughtMail, pathPattern: RegExp): string {
  const link = productLinks(mail, stack.baseUrl).find((candidate) => pathPattern.test(new URL(candidate).pathname));
  if (!link) throw new Error(`no link to ${pathPattern} in "${mail.subject}"`);
  return link;
}

/** What a reader must see at each path an e-mail links to. */
function expectedHeading(pathname: string, reader: 'seller' | 'dealer' | 'admin' | 'visitor'): RegExp {
  if (pathname === '/') return /Sell/i;
  if (/^\/vehicles\//.test(pathname)) return new RegExp(car);
  if (pathname === '/seller/login') return /^Seller Access$/;
  if (pathname === '/seller/dashboard') return reader === 'seller' ? /^Seller Dashboard$/ : /^Seller Access$/;
  if (pathname === '/dealer/dashboard') return reader === 'dealer' ? /^Dealer Dashboard$/ : /^Dealer Login$/;
  if (pathname === '/seller/confirm-listing') return /^Confirm your listing$/;
  if (pathname === '/dealer/login') return reader === 'dealer' ? /^Dealer (Login|Dashboard)$/ : /^Dealer Login$/;
  if (pathname === '/admin/dashboard') return /^Admin Dashboard$/;
  throw new Error(`an e-mail links to ${pathname}, which the story does not expect`);
}

describe('the marketplace, end to end', () => {
  it('When a seller lists a car, near approved dealers hear of it and bid, and the seller accepts the higher offer, then each person sees what they should, by e-mail and on the page', { timeout: 240_000 }, async () => {
    // Dealers: two approved near the car, one pending near it, one approved far away.
    const near = await registerDealer(api, adminCookie, { zipCode: '10002', dealershipName: 'Lower East Side Autos' });
    const nearToo = await registerDealer(api, adminCookie, { zipCode: '10003', dealershipName: 'East Village Cars' });
    const pending = await registerDealer(api, adminCookie, { zipCode: '10004', dealershipName: 'Battery Park Motors' });
    const far = await registerDealer(api, adminCookie, { zipCode: '90210', dealershipName: 'Beverly Hills Motors' });
    for (const dealer of [near, nearToo, far]) await approveDealer(api, adminCookie, dealer);
    // The story's own e-mail: from here on, to its people (a stack shared with other suites holds theirs too).
    const storyStart = stack.mail.messages().length;
    const storyDealers = [near.email, nearToo.email, pending.email, far.email];
    // The story's car is the one with its mileage: other suites' cars near its dealers are notices too on a shared stack.
    const newCarNotice = (mail: CaughtMail) =>
      mail.subject.startsWith('New car near you') && mail.text.includes('Mileage: 98,000 miles') && mail.to.some((address) => storyDealers.includes(address));
    const sellerEmail = uniqueEmail('story-seller');

    // 1. The seller submits the car with its photos and the questionnaire, with the keyboard alone.
    const seller = await newPerson();
    seller.on('filechooser', () => undefined); // on before the keyboard opens the dialog (see seller-screens)
    await seller.goto(`${stack.baseUrl}/submit-vehicle`);
    await typeInto(seller, seller.getByLabel('VIN (Vehicle Identification Number)'), accordVin);
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Decode VIN' }));
    await toast(seller, 'VIN Decoded Successfully').waitFor();
    // F8 takes the keyboard to the notifications, wherever the focus was.
    await seller.keyboard.press('F8');
    await expect.poll(() => seller.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? ''), { timeout: POLL_TIMEOUT_MS }).toMatch(/^Notifications/);
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Continue to Details' }));

    const details = seller.getByRole('heading', { level: 2, name: 'Enter Vehicle Details' });
    await expect.poll(() => hasFocus(details), { timeout: POLL_TIMEOUT_MS }).toBe(true);
    await typeInto(seller, seller.getByLabel('Mileage'), '98000');
    await chooseWithKeyboard(seller, 'Condition', 'g', 'Good');
    await chooseWithKeyboard(seller, 'Title Status', 'c', 'Clean');
    await chooseWithKeyboard(seller, 'Financing Status', 'o', 'Owned');
    await typeInto(seller, seller.getByLabel('ZIP Code'), carZip);
    await answerConditionQuestions(seller, { keyboard: true });
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Continue to Contact Info' }));

    const contact = seller.getByRole('heading', { level: 2, name: 'Your Contact Information' });
    await expect.poll(() => hasFocus(contact), { timeout: POLL_TIMEOUT_MS }).toBe(true);
    await typeInto(seller, seller.getByLabel('Full Name'), 'Riley Roadster');
    await typeInto(seller, seller.getByLabel('Email'), sellerEmail);
    await typeInto(seller, seller.getByLabel('Phone (optional)'), '(646) 555-0199');
    await addGuidedViewPhotos(seller, await drawJpeg(seller, 1600, 1200), { keyboard: true });
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Continue to Review' }));

    const review = seller.getByRole('heading', { level: 2, name: 'Review Your Submission' });
    await expect.poll(() => hasFocus(review), { timeout: POLL_TIMEOUT_MS }).toBe(true);
    await tabTo(seller, seller.getByRole('button', { name: 'Submit Vehicle' }));
    await seller.keyboard.press('Enter');
    const success = seller.getByRole('heading', { level: 1, name: 'Vehicle Submitted Successfully!' });
    await expect.poll(() => hasFocus(success), { timeout: POLL_TIMEOUT_MS }).toBe(true);
    await seller.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await seller.getByText(sellerEmail).isVisible()).toBe(true);

    // 2. Only the seller hears of it: the e-mail's link opens a page that confirms on a click, logs the seller in and opens the dashboard.
    const confirmation = await stack.mail.waitFor((mail) => to(sellerEmail)(mail) && mail.subject === 'Confirm your car listing on CarDirect', MAIL_TIMEOUT_MS);
    expect(stack.mail.messages().filter(newCarNotice)).toEqual([]);
    await seller.goto(linkTo(confirmation, /^\/seller\/confirm-listing$/));
    await seller.getByRole('heading', { level: 1, name: 'Confirm your listing' }).waitFor();
    const firstDealerMail = stack.mail.waitFor(newCarNotice, MAIL_TIMEOUT_MS).then((mail) => ({ mail, at: Date.now() }));
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Confirm my listing' }));
    const confirmedAt = Date.now();
    await seller.waitForURL(`${stack.baseUrl}/seller/dashboard`);
    await seller.getByRole('heading', { level: 1, name: 'Seller Dashboard' }).waitFor();
    await seller.getByText(car).first().waitFor();
    const firstNotice = await firstDealerMail;
    const confirmationToFirstDealerMailMs = firstNotice.at - confirmedAt;

    // 3. The approved dealers near the ZIP, and only they, hear of it and follow the link to the car.
    const vehicleLink = linkTo(firstNotice.mail, /^\/vehicles\//);
    const vehicleId = new URL(vehicleLink).pathname.split('/').pop()!;
    for (const dealer of [near, nearToo]) {
      const notice = await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === `New car near you: ${car}`, MAIL_TIMEOUT_MS);
      expect(linkTo(notice, /^\/vehicles\//)).toBe(vehicleLink);
    }

    const nearPage = await dealerBrowser(near);
    await nearPage.goto(vehicleLink);
    await remoteScreenHeading(nearPage, 'mfe_dealer').filter({ hasText: car }).waitFor();
    await nearPage.getByLabel('Offer Amount ($)').fill('17500');
    await nearPage.getByRole('button', { name: 'Make Offer' }).click();
    await toast(nearPage, 'Your offer of $17,500 was sent to the seller.').waitFor();

    const nearTooPage = await dealerBrowser(nearToo);
    await nearTooPage.goto(vehicleLink);
    await remoteScreenHeading(nearTooPage, 'mfe_dealer').filter({ hasText: car }).waitFor();
    await nearTooPage.getByLabel('Offer Amount ($)').fill('18250');
    await nearTooPage.getByLabel('Message to the Seller (optional)').fill('Cash, can collect on Saturday');
    await nearTooPage.getByRole('button', { name: 'Make Offer' }).click();
    await toast(nearTooPage, 'Your offer of $18,250 was sent to the seller.').waitFor();

    // 4. The seller hears of both offers and, on another device (logged out), follows the e-mail to the
    //    dashboard, logs in with a code on the way, compares and accepts the higher.
    const lowerOffer = await stack.mail.waitFor((mail) => to(sellerEmail)(mail) && mail.subject === `New offer of $17,500 for your ${car}`, MAIL_TIMEOUT_MS);
    const higherOffer = await stack.mail.waitFor((mail) => to(sellerEmail)(mail) && mail.subject === `New offer of $18,250 for your ${car}`, MAIL_TIMEOUT_MS);
    expect(lowerOffer.text).toContain('Dealership: Lower East Side Autos');
    expect(higherOffer.text).toContain('Dealership: East Village Cars');

    await seller.context().clearCookies();
    await seller.evaluate(() => localStorage.clear());
    await seller.goto(linkTo(higherOffer, /^\/seller\/dashboard$/));
    await seller.waitForURL(`${stack.baseUrl}/seller/login?next=/seller/dashboard`);
    await seller.getByRole('heading', { level: 1, name: 'Seller Access' }).waitFor();
    const codesBefore = stack.mail.messages().length;
    await typeInto(seller, seller.getByLabel('Email'), sellerEmail);
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Send Login Code' }));
    const codeMail = await stack.mail.waitFor(
      (mail) => to(sellerEmail)(mail) && mail.subject === 'Your CarDirect login code' && stack.mail.messages().indexOf(mail) >= codesBefore,
      MAIL_TIMEOUT_MS,
    );
    await typeInto(seller, seller.getByLabel('Verification Code'), /\b(\d{6})\b/.exec(codeMail.text)![1]!);
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Verify & Login' }));
    await seller.waitForURL(`${stack.baseUrl}/seller/dashboard`);

    const offers = seller.getByRole('list', { name: /^Offers on the 2003 Honda Accord/ });
    // The offers themselves, not the lines of each dealer's record listed inside them.
    const offerItems = offers.locator(':scope > li');
    await expect.poll(() => offerItems.allTextContents(), { timeout: POLL_TIMEOUT_MS }).toEqual([
      expect.stringContaining('$18,250from East Village Cars'),
      expect.stringContaining('$17,500from Lower East Side Autos'),
    ]);
    expect((await offerItems.first().textContent()) ?? '').toContain('Cash, can collect on Saturday');
    await pressEnterOn(seller, seller.getByRole('button', { name: 'Accept $18,250 from East Village Cars' }));
    const confirm = seller.getByRole('dialog', { name: 'Accept the offer of $18,250 from East Village Cars?' });
    await pressEnterOn(seller, confirm.getByRole('button', { name: 'Accept Offer' }));
    await seller.getByText(/You accepted the offer of \$18,250 from/).waitFor();
    await expect.poll(() => offerItems.allTextContents(), { timeout: POLL_TIMEOUT_MS }).toEqual([expect.stringContaining('accepted'), expect.stringContaining('declined')]);

    // 5. The chosen dealer gets the seller's contact by e-mail and on the car's page; the other a decline.
    const accepted = await stack.mail.waitFor((mail) => to(nearToo.email)(mail) && mail.subject === `Offer accepted: ${car}`, MAIL_TIMEOUT_MS);
    expect(accepted.text).toContain('Name: Riley Roadster');
    expect(accepted.text).toContain(`E-mail: ${sellerEmail}`);
    expect(accepted.text).toContain('Phone: (646) 555-0199');
    await nearTooPage.goto(linkTo(accepted, /^\/vehicles\//));
    const sellerInformation = nearTooPage.getByRole('main');
    await sellerInformation.getByRole('link', { name: sellerEmail }).waitFor();
    expect(await sellerInformation.getByText('Riley Roadster').isVisible()).toBe(true);
    expect(await sellerInformation.getByRole('link', { name: '(646) 555-0199' }).isVisible()).toBe(true);
    await nearTooPage.getByText('The seller accepted your offer. Their contact details are under Seller Information.').waitFor();

    const declined = await stack.mail.waitFor((mail) => to(near.email)(mail) && mail.subject === `Another offer accepted for the ${car}`, MAIL_TIMEOUT_MS);
    expect(declined.text + declined.html).not.toContain(sellerEmail);
    await nearPage.goto(linkTo(declined, /^\/vehicles\//));
    await remoteScreenHeading(nearPage, 'mfe_dealer').filter({ hasText: car }).waitFor();
    const nearOffer = nearPage.getByRole('region', { name: 'Your Offer' });
    await nearOffer.getByText('The seller accepted another offer on this car, so it no longer takes offers.').waitFor();
    expect(await nearOffer.getByText('Another offer accepted', { exact: true }).isVisible()).toBe(true);
    expect(await nearPage.getByRole('main').getByText(sellerEmail).count()).toBe(0);
    expect(await nearPage.getByRole('main').getByText('Riley Roadster').count()).toBe(0);

    // 6. The admin sees the car pending, with both offers and who saw the contact.
    const admin = await newPerson();
    await signIn(admin.context(), stack.baseUrl, { sessionCookie: adminCookie, role: 'admin', email: stack.admin.email });
    await admin.goto(`${stack.baseUrl}/vehicles/${vehicleId}`);
    await remoteScreenHeading(admin, 'mfe_admin').filter({ hasText: car }).waitFor();
    const adminOffers = admin.getByRole('region', { name: 'Offers' });
    await adminOffers.getByText('East Village Cars', { exact: true }).waitFor();
    expect(await adminOffers.getByText('Lower East Side Autos', { exact: true }).isVisible()).toBe(true);
    expect(await adminOffers.getByText('$18,250').isVisible()).toBe(true);
    expect(await adminOffers.getByText('$17,500').isVisible()).toBe(true);
    const viewed = admin.getByRole('region', { name: 'Contact Details Viewed' });
    await viewed.getByText(nearToo.email).waitFor();
    expect(await viewed.getByText(near.email).count()).toBe(0);
    expect(await admin.getByRole('combobox', { name: 'Status' }).evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '')).toMatch(/pending/i);

    // Only the approved dealers near the car were told of it.
    const storyReaders = new Set([sellerEmail, stack.admin.email, ...storyDealers]);
    const aboutAnotherCar = (mail: CaughtMail) => mail.subject.startsWith('New car near you') && !newCarNotice(mail);
    const story = stack.mail
      .messages()
      .slice(storyStart)
      .filter((mail) => mail.to.some((address) => storyReaders.has(address)) && !aboutAnotherCar(mail));
    const told = story.filter(newCarNotice).flatMap((mail) => mail.to);
    expect(told.sort()).toEqual([near.email, nearToo.email].sort());
    expect(story.some((mail) => to(pending.email)(mail) && mail.subject.startsWith('New car near you'))).toBe(false);
    expect(story.some((mail) => to(far.email)(mail) && mail.subject.startsWith('New car near you'))).toBe(false);

    // 7. Every link in every e-mail of the story opens a working page for its reader.
    const readers = new Map<string, { page: Page; role: 'seller' | 'dealer' | 'admin' | 'visitor' }>([
      [sellerEmail, { page: seller, role: 'seller' }],
      [near.email, { page: nearPage, role: 'dealer' }],
      [nearToo.email, { page: nearTooPage, role: 'dealer' }],
      [stack.admin.email, { page: admin, role: 'admin' }],
    ]);
    const opened = new Set<string>();
    for (const mail of story) {
      for (const address of mail.to) {
        if (!readers.has(address)) readers.set(address, { page: await newPerson(), role: 'visitor' });
        const reader = readers.get(address)!;
        for (const link of productLinks(mail, stack.baseUrl)) {
          if (opened.has(`${address} ${link}`)) continue;
          opened.add(`${address} ${link}`);
          // From elsewhere: a link that differs only in its fragment would not load the page anew.
          await reader.page.goto('about:blank');
          const answer = await reader.page.goto(link);
          expect(answer?.status(), link).toBe(200);
          const heading = reader.page.getByRole('main').getByRole('heading', { level: 1 });
          await expect.poll(() => heading.first().textContent(), { timeout: POLL_TIMEOUT_MS, message: `${link} for ${reader.role} (from "${mail.subject}")` }).toMatch(expectedHeading(new URL(link).pathname, reader.role));
          expect(await reader.page.getByText(/not found|taking a break/i).count(), link).toBe(0);
        }
      }
    }

    console.log(`Story figures: ${story.length} e-mails sent, by kind ${JSON.stringify(countByKind(story), null, 1)}`);
    console.log(`Story figures: confirmation to the first dealer e-mail ${confirmationToFirstDealerMailMs} ms; ${opened.size} e-mail links opened by their readers`);
    expect(confirmationToFirstDealerMailMs).toBeLessThan(MAIL_TIMEOUT_MS);
  });
});

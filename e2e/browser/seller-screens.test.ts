import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView, VehicleView } from '@cardirect/contracts';
import { apiClient, approveDealer, loginAdmin, loginDealer, MAIL_TIMEOUT_MS, registerDealer, submitListedVehicle, uniqueEmail, vehicleSubmission, type Api } from '../support/api';
import { seriousAccessibilityViolations } from '../support/axe';
import { chooseOption, chosenOption, launchChromium, sidewaysOverflow, toast } from '../support/browser';
import { artifactsDir } from '../support/paths';
import { drawJpeg, jpegSize, withExifOrientation } from '../support/photos';
import { addGuidedViewPhotos, answerConditionQuestions, openWizardWithDraft, plainConditionReport } from '../support/seller-wizard';
import { startStack, type Stack } from '../support/stack';

const accordVin = '1HGCM82633A004352'; // 2003 Honda Accord EX-V6: the catalogue has its trims
const teslaVin = '5YJ3E1EA2KF317000'; // 2019 Tesla Model 3: no trim data for US Teslas
const widths = [375, 768, 1280] as const;
const screenshotsDir = path.join(artifactsDir, 'seller-screenshots');

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
  console.log(`Seller screenshots: ${screenshotsDir}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A new person in their own browser context, at a screen width. */
async function newVisitor(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

async function openWizard(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/submit-vehicle`);
  await page.getByRole('heading', { level: 2, name: 'Enter your VIN or select vehicle manually' }).waitFor();
}

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Moves to a dropdown with Tab and chooses by typing the option's first letters, as a keyboard user does. */
async function chooseWithKeyboard(page: Page, label: string, typed: string, expected: string): Promise<void> {
  await tabTo(page, page.getByRole('combobox', { name: label }));
  await page.keyboard.type(typed);
  await expect.poll(() => chosenOption(page, label)).toContain(expected);
}

async function photograph(page: Page, name: string): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky header is drawn where it belongs in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await sidewaysOverflow(page), `${name} at ${width} px scrolls sideways`).toBe(0);
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** The car an admin sees for a seller's e-mail (the newest one). */
async function storedCarOf(contactEmail: string): Promise<VehicleView> {
  const cars = await api<VehicleView[]>('/api/vehicles/all?limit=100', { cookie: adminCookie });
  const car = cars.body.find((candidate) => candidate.contactEmail === contactEmail);
  if (!car) throw new Error(`no car stored for ${contactEmail}`);
  return car;
}

async function storedPhotoSize(car: VehicleView) {
  const response = await fetch(new URL(car.photoUrls[0]!, stack.baseUrl), { headers: { cookie: `cd_session=${adminCookie}` } });
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  return jpegSize(Buffer.from(await response.arrayBuffer()));
}

describe('the submit wizard', () => {
  it('When a seller decodes a VIN with a trim and completes every step with the keyboard alone, then the car is stored with a 600 x 450 JPEG', async () => {
    const page = await newVisitor();
    // Playwright turns file-dialog interception on asynchronously: on from the start, so the
    // dialog the keyboard opens later is caught rather than racing the listener.
    page.on('filechooser', () => undefined);
    const email = uniqueEmail('keyboard-seller');
    await openWizard(page);
    await expectAccessible(page);

    await tabTo(page, page.getByLabel('VIN (Vehicle Identification Number)'));
    await page.keyboard.type(accordVin);
    await tabTo(page, page.getByRole('button', { name: 'Decode VIN' }));
    await page.keyboard.press('Enter');
    await toast(page, 'VIN Decoded Successfully').waitFor();
    await expect.poll(() => chosenOption(page, 'Trim')).toContain('EX-V6');
    expect(await chosenOption(page, 'Model')).toContain('Accord');
    await photograph(page, 'wizard-1-vehicle-info');
    await tabTo(page, page.getByRole('button', { name: 'Continue to Details' }));
    await page.keyboard.press('Enter');

    const detailsHeading = page.getByRole('heading', { level: 2, name: 'Enter Vehicle Details' });
    await detailsHeading.waitFor();
    expect(await detailsHeading.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await tabTo(page, page.getByLabel('Mileage'));
    await page.keyboard.type('120500');
    await chooseWithKeyboard(page, 'Condition', 'g', 'Good');
    await chooseWithKeyboard(page, 'Title Status', 'c', 'Clean');
    await chooseWithKeyboard(page, 'Financing Status', 'o', 'Owned');
    await tabTo(page, page.getByLabel('ZIP Code'));
    await page.keyboard.type('78701');
    await answerConditionQuestions(page, { keyboard: true });
    await photograph(page, 'wizard-2-details');
    await tabTo(page, page.getByRole('button', { name: 'Continue to Contact Info' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 2, name: 'Your Contact Information' }).waitFor();
    await expect.poll(() => page.getByText(`${accordVin} | 2003 | Honda | Accord`).isVisible()).toBe(true);
    await tabTo(page, page.getByLabel('Full Name'));
    await page.keyboard.type('Kim Keyboard');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await addGuidedViewPhotos(page, await drawJpeg(page, 2000, 1500), { keyboard: true });
    await expectAccessible(page);
    await photograph(page, 'wizard-3-contact');
    await tabTo(page, page.getByRole('button', { name: 'Continue to Review' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 2, name: 'Review Your Submission' }).waitFor();
    await expectAccessible(page);
    await photograph(page, 'wizard-4-review');
    await tabTo(page, page.getByRole('button', { name: 'Submit Vehicle' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Vehicle Submitted Successfully!' }).waitFor();
    await toast(page, 'Vehicle Submitted Successfully').waitFor();
    await expectAccessible(page);
    await photograph(page, 'wizard-5-success');

    const car = await storedCarOf(email);
    expect(car).toMatchObject({ vin: accordVin, year: 2003, make: 'honda', model: 'accord', makeName: 'Honda', modelName: 'Accord', trim: 'EX-V6', mileage: 120500, zipCode: '78701', fullName: 'Kim Keyboard', status: 'new' });
    expect(await storedPhotoSize(car)).toEqual({ width: 600, height: 450 });
    await page.context().close();
  });

  it('When the VIN has no trim data and the photo was taken sideways, then the trim says so and the stored photo stands upright', async () => {
    const page = await newVisitor(375);
    const email = uniqueEmail('tesla-seller');
    await openWizard(page);

    await page.getByLabel('VIN (Vehicle Identification Number)').fill(teslaVin);
    await page.getByRole('button', { name: 'Decode VIN' }).click();
    await toast(page, 'VIN Decoded Successfully').waitFor();
    await expect.poll(() => chosenOption(page, 'Trim')).toContain('No trim data available for this VIN');
    expect(await chosenOption(page, 'Make')).toContain('Tesla');
    await page.getByRole('button', { name: 'Continue to Details' }).click();

    await page.getByLabel('Mileage').fill('30500');
    await chooseOption(page, 'Condition', 'Excellent');
    await chooseOption(page, 'Title Status', 'Lien');
    await chooseOption(page, 'Financing Status', 'Financed');
    await page.getByLabel('ZIP Code').fill('94103');
    await answerConditionQuestions(page);
    await page.getByRole('button', { name: 'Continue to Contact Info' }).click();

    await page.getByLabel('Full Name').fill('Sam Sideways');
    await page.getByLabel('Email').fill(email);
    // Stored 2000 wide and 1500 high, tagged "turn 90° clockwise": upright it is 1500 x 2000.
    const sideways = withExifOrientation(await drawJpeg(page, 2000, 1500), 6);
    await addGuidedViewPhotos(page, sideways);
    await page.getByRole('button', { name: 'Continue to Review' }).click();
    await page.getByRole('button', { name: 'Submit Vehicle' }).click();
    await page.getByRole('heading', { name: 'Vehicle Submitted Successfully!' }).waitFor();

    const car = await storedCarOf(email);
    expect(car).toMatchObject({ make: 'tesla', makeName: 'Tesla', year: 2019, titleStatus: 'lien' });
    expect(car.trim).toBeUndefined();
    expect(await storedPhotoSize(car)).toEqual({ width: 450, height: 600 });
    await page.context().close();
  });

  it.each([
    ['a VIN of 16 characters', '1HGCM82633A00435', 'Invalid VIN', 'Please enter a valid 17-character VIN.'],
    ['a VIN the catalogue does not know', '11111111111111111', 'VIN Decoding Failed', 'Could not decode VIN. Please enter vehicle details manually.'],
    ['a VIN the server refuses (an O)', '1HGCM82633A0O4352', 'VIN Decoding Error', 'An error occurred while decoding the VIN. Please try again or enter details manually.'],
  ])('When decoding %s, then the toast says so', async (_case, vin, title, description) => {
    const page = await newVisitor();
    await openWizard(page);
    await page.getByLabel('VIN (Vehicle Identification Number)').fill(vin);
    await page.getByRole('button', { name: 'Decode VIN' }).click();
    await toast(page, title).waitFor();
    await toast(page, description).waitFor();
    await page.context().close();
  });

  it('When the model lookup fails after a decode, then "Partial VIN Data" leaves the model to the seller', async () => {
    const page = await newVisitor();
    await page.route('**/api/vehicles/models?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }));
    await openWizard(page);
    await page.getByLabel('VIN (Vehicle Identification Number)').fill(accordVin);
    await page.getByRole('button', { name: 'Decode VIN' }).click();
    await toast(page, 'Partial VIN Data').waitFor();
    await toast(page, 'Year and make set. Please select the model manually.').waitFor();
    expect(await chosenOption(page, 'Year')).toContain('2003');
    expect(await chosenOption(page, 'Make')).toContain('Honda');
    await page.context().close();
  });

  it('When a PDF is offered as the photo, then the upload library refuses it and the step cannot continue', async () => {
    const page = await newVisitor();
    await openWizard(page);
    await openWizardWithDraft(page, 3, { year: '2003', make: 'honda', model: 'accord', mileage: '1000', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701', conditionReport: plainConditionReport });
    await page.getByRole('heading', { level: 2, name: 'Your Contact Information' }).waitFor();

    await page.getByRole('group', { name: 'Front three-quarter photo drop area' }).locator('input[type="file"]').setInputFiles({ name: 'title.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });

    await page.getByText('That file is not a photo we can use: choose a JPG, PNG or GIF.').waitFor();
    await photograph(page, 'wizard-3-refused-file');
    await page.getByRole('button', { name: 'Continue to Review' }).click();
    await page.getByText('At least one photo is required').waitFor();
    await page.context().close();
  });

  it('When a step is left empty, then its messages show and the page still fits a phone', async () => {
    const page = await newVisitor(375);
    await openWizard(page);
    await page.getByRole('button', { name: 'Continue to Details' }).click();
    await page.getByText('Model is required').waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(screenshotsDir, 'wizard-1-errors-375.png'), fullPage: true });
    await page.context().close();
  });
});

describe('Seller Access and the seller dashboard', () => {
  let sellerEmail: string;
  let carId: string;
  let dealers: Awaited<ReturnType<typeof registerDealer>>[];

  beforeAll(async () => {
    sellerEmail = uniqueEmail('offers-seller');
    const seller = { fullName: 'Olivia Offers', contactEmail: sellerEmail, contactPhone: '(917) 555-0100', city: 'New York', state: 'NY' };
    const submitted = await submitListedVehicle(api, stack, { ...vehicleSubmission(seller, '10001'), make: 'mazda', model: 'cx-5', year: 2021, trim: 'Touring', mileage: 30500 });
    carId = submitted.id;
    dealers = [await registerDealer(api, adminCookie, { dealershipName: 'Hudson Autos' }), await registerDealer(api, adminCookie, { dealershipName: 'Empire Motors' })];
    for (const [index, dealer] of dealers.entries()) {
      await approveDealer(api, adminCookie, dealer);
      const cookie = await loginDealer(api, dealer);
      const offered = await api(`/api/vehicles/${carId}/offers`, { method: 'POST', cookie, body: { amount: 21000 + index * 1500, message: index === 1 ? 'Cash, pick-up this week' : undefined } });
      expect(offered.status).toBe(201);
    }
  });

  /** Waits for the next login code e-mail to the seller after `sentBefore` messages, and reads the code. */
  async function nextCode(sentBefore: number): Promise<string> {
    const mail = await stack.mail.waitFor(
      (candidate) => candidate.to.includes(sellerEmail) && candidate.subject === 'Your CarDirect login code' && stack.mail.messages().indexOf(candidate) >= sentBefore,
      MAIL_TIMEOUT_MS,
    );
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }

  it('When the seller types a wrong code, then "Verification Failed"; Resend Code brings a new one that logs in and leads to /submit-vehicle', async () => {
    const page = await newVisitor();
    await page.goto(`${stack.baseUrl}/seller/login`);
    await page.getByRole('heading', { level: 1, name: 'Seller Access' }).waitFor();
    await expectAccessible(page);
    await photograph(page, 'seller-access-1-email');

    const before = stack.mail.messages().length;
    await page.getByLabel('Email').fill(sellerEmail);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await toast(page, 'OTP Sent').waitFor();
    await page.getByText(sellerEmail).waitFor();
    const firstCode = await nextCode(before);
    await expectAccessible(page);
    await photograph(page, 'seller-access-2-code');

    await page.getByLabel('Verification Code').fill(firstCode === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify & Login' }).click();
    await toast(page, 'Verification Failed').waitFor();
    await toast(page, 'Invalid or expired OTP').waitFor();

    const beforeResend = stack.mail.messages().length;
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await toast(page, 'OTP Sent').waitFor();
    const secondCode = await nextCode(beforeResend);
    await page.getByLabel('Verification Code').fill(secondCode);
    await page.getByRole('button', { name: 'Verify & Login' }).click();

    await page.waitForURL(`${stack.baseUrl}/submit-vehicle`);
    await toast(page, 'You are now logged in.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${stack.baseUrl}/seller/dashboard`);
    await page.getByText(`Welcome back, ${sellerEmail}`).waitFor();
    await page.context().close();
  });

  it('When the seller accepts the higher of two offers, then the other is declined and only the chosen dealer sees the contact details', async () => {
    const page = await newVisitor();
    const before = stack.mail.messages().length;
    await page.goto(`${stack.baseUrl}/seller/login`);
    await page.getByLabel('Email').fill(sellerEmail);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.getByLabel('Verification Code').fill(await nextCode(before));
    await page.getByRole('button', { name: 'Verify & Login' }).click();
    await page.waitForURL(`${stack.baseUrl}/submit-vehicle`);
    await page.goto(`${stack.baseUrl}/seller/dashboard`);

    const offers = page.getByRole('list', { name: 'Offers on the 2021 Mazda CX-5' });
    await offers.waitFor();
    // The offers themselves, not the lines of each dealer's record listed inside them.
    const offerTexts = await offers.locator(':scope > li').allTextContents();
    expect(offerTexts).toEqual([expect.stringContaining('$22,500from Empire Motors'), expect.stringContaining('$21,000from Hudson Autos')]);
    expect(offerTexts[0]).toContain('Cash, pick-up this week');
    await expectAccessible(page);
    await photograph(page, 'seller-dashboard-offers');

    await page.getByRole('button', { name: 'Accept $22,500 from Empire Motors' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept the offer of $22,500 from Empire Motors?' });
    await dialog.getByText(/Only Empire Motors receives your contact details/).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: path.join(screenshotsDir, 'seller-dashboard-confirm-1280.png') });
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();

    await page.getByText(/You accepted the offer of \$22,500 from/).waitFor();
    await expect.poll(() => offers.locator(':scope > li').allTextContents()).toEqual([expect.stringContaining('accepted'), expect.stringContaining('declined')]);
    await photograph(page, 'seller-dashboard-accepted');

    const [hudson, empire] = await Promise.all(dealers.map((dealer) => loginDealer(api, dealer)));
    const chosenView = await api<VehicleView>(`/api/vehicles/${carId}`, { cookie: empire });
    expect(chosenView.body).toMatchObject({ fullName: 'Olivia Offers', contactEmail: sellerEmail, contactPhone: '(917) 555-0100' });
    const otherView = await api<VehicleView>(`/api/vehicles/${carId}`, { cookie: hudson });
    expect(otherView.body.fullName).toBeUndefined();
    expect(JSON.stringify(otherView.body)).not.toContain(sellerEmail);
    const hudsonOffers = await api<OfferView[]>(`/api/vehicles/${carId}/offers`, { cookie: hudson });
    expect(hudsonOffers.body.map((offer) => offer.status)).toEqual(['declined']);
    await page.context().close();
  });

  it('When nobody is logged in, then the seller dashboard sends the visitor to Seller Access', async () => {
    const page = await newVisitor();
    await page.goto(`${stack.baseUrl}/seller/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/seller/login?next=/seller/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Seller Access' }).waitFor();
    await page.context().close();
  });
});

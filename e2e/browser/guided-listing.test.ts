// Issue 36: a seller on a phone lists a car with the guided photos and the condition
// questionnaire, and a dealer prices it from what the car page shows.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VehicleView } from '@cardirect/contracts';
import { approveDealer, confirmationTokenIn, LISTING_CONFIRMATION_SUBJECT, loginDealer, MAIL_TIMEOUT_MS, registerDealer, uniqueEmail } from '../support/api';
import { chooseOption } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { drawJpeg, jpegSize } from '../support/photos';
import { addGuidedViewPhotos, addPhotoTo, answerConditionQuestions } from '../support/seller-wizard';

const accordVin = '1HGCM82633A004352'; // 2003 Honda Accord EX-V6
const phone = 375;

const suite = browserSuite('guided-listing');

async function fetchPhoto(url: string): Promise<Buffer> {
  const response = await fetch(new URL(url, suite.stack.baseUrl), { headers: { cookie: `cd_session=${suite.adminCookie}` } });
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  return Buffer.from(await response.arrayBuffer());
}

async function storedCarOf(contactEmail: string): Promise<VehicleView> {
  const cars = await suite.api<VehicleView[]>('/api/vehicles/all?limit=100', { cookie: suite.adminCookie });
  const car = cars.body.find((candidate) => candidate.contactEmail === contactEmail);
  if (!car) throw new Error(`no car stored for ${contactEmail}`);
  return car;
}

describe('a listing a dealer can price from a distance', () => {
  it('When a seller on a phone gives the four views, two more photos, a scratch with its photo and the questionnaire, then a reload keeps the photos, they are stored at the decided sizes without metadata, and a dealer sees the grade, the answers and the fault', { timeout: 300_000 }, async () => {
    const sellerEmail = uniqueEmail('guided-seller');
    const page = await suite.newPerson({ width: phone, height: 900 });
    await page.goto(`${suite.stack.baseUrl}/submit-vehicle`);
    await page.getByLabel('VIN (Vehicle Identification Number)').fill(accordVin);
    await page.getByRole('button', { name: 'Decode VIN' }).click();
    await page.getByRole('region', { name: /notifications/i }).getByText('VIN Decoded Successfully', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue to Details' }).click();

    // Step 2: the details and the questionnaire, with one small scratch on the hood.
    await page.getByLabel('Mileage').fill('98000');
    await chooseOption(page, 'Condition', 'Good');
    await chooseOption(page, 'Title Status', 'Clean');
    await chooseOption(page, 'Financing Status', 'Owned (paid off)');
    await page.getByLabel('ZIP Code').fill('78701');
    await answerConditionQuestions(page);
    await page.getByRole('button', { name: 'Add a scratch or dent' }).click();
    await chooseOption(page, 'Panel', 'Hood');
    await chooseOption(page, 'Kind', 'Scratch');
    await chooseOption(page, 'Size', 'Small (under 1 inch)');
    await page.getByText('Condition grade from your answers: Good').waitFor();
    await suite.photographAndCheck(page, 'wizard-2-questionnaire', phone);
    await page.getByRole('button', { name: 'Continue to Contact Info' }).click();

    // Step 3: the photos, a reload in the middle of them, then the contact.
    await page.getByRole('heading', { level: 2, name: 'Your Contact Information' }).waitFor();
    const camera = await drawJpeg(page, 4032, 3024);
    await addGuidedViewPhotos(page, camera);
    await addPhotoTo(page, 'Damage 1', camera);
    await page.getByRole('group', { name: 'More photos drop area' }).locator('input[type="file"]').setInputFiles([
      { name: 'wheels.jpg', mimeType: 'image/jpeg', buffer: camera },
      { name: 'engine.jpg', mimeType: 'image/jpeg', buffer: camera },
    ]);
    await page.getByRole('img', { name: 'More photo 2' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Your Contact Information' }).waitFor();
    for (const photo of ['Your photo: front three-quarter', 'Your photo: odometer', 'Your photo: damage 1', 'More photo 1', 'More photo 2']) {
      await page.getByRole('img', { name: photo, exact: true }).waitFor();
    }
    await page.getByText('7 photos ready.', { exact: false }).waitFor();
    await page.getByLabel('Full Name').fill('Gina Guided');
    await page.getByLabel('Email').fill(sellerEmail);
    await suite.photographAndCheck(page, 'wizard-3-guided-photos', phone);
    await page.getByRole('button', { name: 'Continue to Review' }).click();

    await page.getByRole('heading', { name: 'Photos (7)' }).waitFor();
    await suite.photographAndCheck(page, 'wizard-4-review', phone);
    await page.getByRole('button', { name: 'Submit Vehicle' }).click();
    await page.getByRole('heading', { name: 'Vehicle Submitted Successfully!' }).waitFor();

    // The stored photos: the card photo at the spec's 600 px, the others at 1024 px, no metadata left.
    const car = await storedCarOf(sellerEmail);
    expect(car.photoUrls).toHaveLength(7);
    const stored = await Promise.all(car.photoUrls.map(fetchPhoto));
    expect(stored.map(jpegSize)).toEqual([{ width: 600, height: 450 }, ...Array.from({ length: 6 }, () => ({ width: 1024, height: 768 }))]);
    for (const photo of stored) expect(photo.includes(Buffer.from('Exif\0\0'))).toBe(false);

    // The seller confirms the listing from the e-mail, and a dealer near the car opens it.
    const confirmation = await suite.stack.mail.waitFor((mail) => mail.to.includes(sellerEmail) && mail.subject === LISTING_CONFIRMATION_SUBJECT, MAIL_TIMEOUT_MS);
    expect((await suite.api('/api/auth/seller/confirm-listing', { method: 'POST', body: { token: confirmationTokenIn(confirmation) } })).status).toBe(200);
    const dealer = await registerDealer(suite.api, suite.adminCookie, { zipCode: '78701', dealershipName: 'Guided Motors' });
    await approveDealer(suite.api, suite.adminCookie, dealer);
    const dealerPage = await suite.signedInPerson({ sessionCookie: await loginDealer(suite.api, dealer), role: 'dealer', email: dealer.email }, { width: phone, height: 900 });
    await dealerPage.goto(`${suite.stack.baseUrl}/vehicles/${car.id}`);

    await dealerPage.getByRole('main').getByRole('heading', { level: 1, name: /2003 Honda Accord/ }).waitFor();
    await expectDealerSeesListing(dealerPage);
    await suite.photographAndCheck(dealerPage, 'dealer-car-page', phone);
    await page.context().close();
    await dealerPage.context().close();
  });
});

/** What the dealer's car page shows of the questionnaire, the fault and the photos. */
async function expectDealerSeesListing(page: Page): Promise<void> {
  const main = page.getByRole('main');
  const row = (label: string) => main.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  expect(await row("Condition (seller's rating)").textContent()).toBe('Good');
  expect(await row('Condition grade (from the questionnaire)').textContent()).toBe('Good');
  const gallery = main.getByRole('region', { name: 'Photos (7)' });
  for (const photo of ['Front three-quarter view', 'Rear three-quarter view', 'Interior, front seats and dashboard', 'Odometer reading', 'Photo of damage 1: scratch on the hood']) {
    await gallery.getByRole('img', { name: photo }).waitFor();
  }
  expect(await gallery.getByRole('img', { name: /^Additional photo/ }).count()).toBe(2);
  const report = main.getByRole('region', { name: 'Condition Report' });
  await report.getByText('No accidents').waitFor();
  await report.getByText('Full service records').waitFor();
  await report.getByRole('heading', { name: 'Declared scratches and dents' }).waitFor();
  await report.getByRole('listitem').filter({ hasText: 'Scratch, small (under 1 inch)' }).getByRole('img', { name: 'Photo of damage 1: scratch on the hood' }).waitFor();
}

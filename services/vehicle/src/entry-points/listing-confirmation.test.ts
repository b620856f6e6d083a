import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmedListing, OfferView, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { jpegDataUrl } from '../testing/sample-photos';
import { callers, confirmationTokenOf, confirmListing, startVehicleServiceForTest, submitCar, submissionBody, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
let mongo: MongoClient;
const who = callers();
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  service = await startVehicleServiceForTest({ LISTING_STATE_CACHE_MS: '0', UNCONFIRMED_LISTING_SWEEP_INTERVAL_MS: '100' });
  mongo = await MongoClient.connect(service.config.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await service?.stop();
});

function uniqueMake(): string {
  return `testmake-${randomUUID().slice(0, 8)}`;
}

function confirm(token: string, as: TestCaller = { role: 'service' }) {
  return service.request<ConfirmedListing & { message?: string }>('/internal/listing-confirmations', { method: 'POST', body: { token }, as });
}

/** Everything a dealer could ask of a car: the list, its page, its photo and an offer. */
async function whatADealerGets(vehicleId: string, make: string) {
  const list = await service.request<VehicleView[]>(`/api/vehicles?make=${make}`, { as: who.dealer });
  const page = await service.request(`/api/vehicles/${vehicleId}`, { as: who.dealer });
  const photo = await service.request(`/api/vehicles/${vehicleId}/photos/0`, { as: who.dealer });
  const thumbnail = await service.request(`/api/vehicles/${vehicleId}/photos/0/thumbnail`, { as: who.dealer });
  return { listed: list.body.map((car) => car.id).includes(vehicleId), page: page.status, photo: photo.status, thumbnail: thumbnail.status };
}

describe('a listing waiting for its seller to confirm the contact address', () => {
  it('When a car is submitted and not confirmed, then no dealer sees it, its photos or can offer on it, while its seller and the admin do', async () => {
    const make = uniqueMake();
    const contactEmail = `unconfirmed-${randomUUID()}@example.com`;
    const id = await submitCar(service, { make, contactEmail }, { confirmed: false });
    const seller: TestCaller = { role: 'seller', userId: randomUUID(), email: contactEmail };

    const dealerGets = await whatADealerGets(id, make);
    const offer = await service.request(`/api/vehicles/${id}/offers`, { method: 'POST', body: { amount: 12_000 }, as: who.dealer });
    const adminView = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: who.admin });
    const sellerView = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: seller });

    expect(dealerGets).toEqual({ listed: false, page: 404, photo: 404, thumbnail: 404 });
    expect(offer.status).toBe(404);
    expect(adminView.body.awaitingConfirmationUntil).toEqual(expect.any(String));
    expect(sellerView.body.awaitingConfirmationUntil).toEqual(adminView.body.awaitingConfirmationUntil);
    expect(Date.parse(sellerView.body.awaitingConfirmationUntil!) - Date.parse(sellerView.body.createdAt)).toBeGreaterThan(47 * HOUR_MS);
  });

  it('When the seller confirms with the e-mailed link, then dealers see the car and those near it are told (vehicle.listed)', async () => {
    const make = uniqueMake();
    const contactEmail = `confirmed-${randomUUID()}@example.com`;
    const id = await submitCar(service, { make, contactEmail, zipCode: '10001' }, { confirmed: false });

    const confirmed = await confirm(await confirmationTokenOf(service, id));

    expect(confirmed).toMatchObject({ status: 200, body: { vehicleId: id, sellerEmail: contactEmail } });
    expect(await whatADealerGets(id, make)).toEqual({ listed: true, page: 200, photo: 200, thumbnail: 200 });
    await expect.poll(async () => (await service.eventsAbout(id)).map((event) => event.name), { timeout: 5_000 }).toContain('vehicle.listed');
    const listed = (await service.eventsAbout(id)).find((event) => event.name === 'vehicle.listed');
    expect(listed?.payload).toMatchObject({ vehicleId: id, zipCode: '10001', mileage: 42_000, vehicle: { make, year: 2018 } });
    const admin = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: who.admin });
    expect(admin.body).not.toHaveProperty('awaitingConfirmationUntil');
  });

  it('When a confirmation link is used twice, is made up, or comes from someone other than a service, then it confirms nothing', async () => {
    const id = await submitCar(service, {}, { confirmed: false });
    const token = await confirmationTokenOf(service, id);

    const byAnonymous = await confirm(token, { role: 'anonymous' });
    const bySeller = await confirm(token, who.seller);
    const first = await confirm(token);
    const second = await confirm(token);
    const madeUp = await confirm('A'.repeat(43));
    const malformed = await confirm('not a token');

    expect([byAnonymous.status, bySeller.status]).toEqual([401, 403]);
    expect(first.status).toBe(200);
    expect(second).toMatchObject({ status: 404, body: { message: 'This confirmation link is not valid any more: it was already used, or it expired.' } });
    expect(madeUp.status).toBe(404);
    expect(malformed).toMatchObject({ status: 400, body: { errors: { token: 'The confirmation link is incomplete' } } });
    await expect.poll(async () => (await service.eventsAbout(id)).map((event) => event.name), { timeout: 5_000 }).toContain('vehicle.listed');
    expect((await service.eventsAbout(id)).filter((event) => event.name === 'vehicle.listed')).toHaveLength(1);
  });

  it('When a contact address has three listings waiting, then a fourth submission is refused until one is confirmed', async () => {
    const contactEmail = `busy-${randomUUID()}@example.com`;
    const waiting = [];
    for (let index = 0; index < 3; index++) waiting.push(await submitCar(service, { contactEmail }, { confirmed: false }));

    const fourth = await service.request<{ message: string }>('/api/vehicles', { method: 'POST', body: await submissionBody({ contactEmail }) });
    await confirmListing(service, waiting[0]!);
    const afterConfirming = await service.request('/api/vehicles', { method: 'POST', body: await submissionBody({ contactEmail }) });

    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('This e-mail address already has 3 listings waiting for confirmation. Confirm them with the links we e-mailed, or submit again once they expire.');
    expect(afterConfirming.status).toBe(201);
  });

  it('When 48 hours pass without confirmation, then the listing and all its photos are removed and its link no longer works', async () => {
    const contactEmail = `expired-${randomUUID()}@example.com`;
    const twentyPhotos = await Promise.all(Array.from({ length: 20 }, (_unused, index) => jpegDataUrl(16 + index, 12)));
    const forgotten = await submitCar(service, { contactEmail, photoUrls: twentyPhotos }, { confirmed: false });
    const kept = await submitCar(service, { contactEmail });
    const token = await confirmationTokenOf(service, forgotten);
    const admin = (id: string) => service.request(`/api/vehicles/${id}`, { as: who.admin });
    const photoFilesOf = async (id: string) => mongo.db(service.config.MONGODB_DB).collection('photos.files').countDocuments({ 'metadata.vehicleId': id });
    // Each photo and its thumbnail.
    expect(await photoFilesOf(forgotten)).toBe(40);

    service.advanceClock(48 * HOUR_MS + 1_000);

    await expect.poll(async () => (await admin(forgotten)).status, { timeout: 5_000 }).toBe(404);
    // The car goes first, then its files one by one.
    await expect.poll(() => photoFilesOf(forgotten), { timeout: 5_000 }).toBe(0);
    expect((await admin(kept)).status).toBe(200);
    expect((await confirm(token)).status).toBe(404);
  });
});

describe('a car taken off the market by the admin', () => {
  it('When a car is rejected or completed, then only the dealer whose offer was accepted still sees it and its photos', async () => {
    const make = uniqueMake();
    const contactEmail = `sold-${randomUUID()}@example.com`;
    const seller: TestCaller = { role: 'seller', userId: randomUUID(), email: contactEmail };
    const sold = await submitCar(service, { make, contactEmail });
    const rejected = await submitCar(service, { make, contactEmail });
    const offer = await service.request<OfferView>(`/api/vehicles/${sold}/offers`, { method: 'POST', body: { amount: 15_000 }, as: who.dealer });
    await service.request(`/api/offers/${offer.body.id}/accept`, { method: 'POST', as: seller });

    await service.request(`/api/vehicles/${sold}`, { method: 'PATCH', body: { status: 'completed' }, as: who.admin });
    await service.request(`/api/vehicles/${rejected}`, { method: 'PATCH', body: { status: 'rejected' }, as: who.admin });

    const buyerPage = await service.request(`/api/vehicles/${sold}`, { as: who.dealer });
    const buyerPhoto = await service.request(`/api/vehicles/${sold}/photos/0`, { as: who.dealer });
    const otherPage = await service.request(`/api/vehicles/${sold}`, { as: who.secondDealer });
    const otherPhoto = await service.request(`/api/vehicles/${sold}/photos/0`, { as: who.secondDealer });
    const rejectedPage = await service.request(`/api/vehicles/${rejected}`, { as: who.dealer });
    const rejectedThumbnail = await service.request(`/api/vehicles/${rejected}/photos/0/thumbnail`, { as: who.secondDealer });

    expect([buyerPage.status, buyerPhoto.status]).toEqual([200, 200]);
    expect([otherPage.status, otherPhoto.status, rejectedPage.status, rejectedThumbnail.status]).toEqual([404, 404, 404, 404]);
    expect((await service.request(`/api/vehicles/${rejected}`, { as: who.admin })).status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, OfferView, SellerVehicleView, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { callers, SELLER_CONTACT, startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
let dealerService: Server;
const who = callers();
const DEALER_PHONE = '(312) 555-0188';

beforeAll(async () => {
  // A stand-in for the dealer service's internal lookup: every dealer is "Lakeside Motors" with a phone.
  dealerService = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ dealerId: 'd1', dealershipName: 'Lakeside Motors', isApproved: true, phoneNumber: DEALER_PHONE }));
  });
  await new Promise<void>((resolve) => dealerService.listen(0, '127.0.0.1', resolve));
  service = await startVehicleServiceForTest({ DEALER_SERVICE_URL: `http://127.0.0.1:${(dealerService.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await service?.stop();
  await new Promise((resolve) => dealerService?.close(resolve));
});

/** A fresh seller with a confirmed car of their own; each test gets its own. */
async function sellerWithCar(options: { confirmed?: boolean } = {}): Promise<{ seller: TestCaller; vehicleId: string }> {
  const email = `seller-${randomUUID()}@example.com`;
  const vehicleId = await submitCar(service, { contactEmail: email }, options);
  return { seller: { role: 'seller', userId: randomUUID(), email }, vehicleId };
}

function offer(caller: TestCaller, vehicleId: string, body: unknown) {
  return service.request<OfferView & ErrorBody>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body });
}

function withdraw(caller: TestCaller, vehicleId: string, body: unknown = { reason: 'sold-elsewhere' }) {
  return service.request<VehicleView & ErrorBody>(`/api/seller/vehicles/${vehicleId}/withdraw`, { method: 'POST', as: caller, body });
}

async function sellersCar(seller: TestCaller, vehicleId: string): Promise<SellerVehicleView | undefined> {
  const response = await service.request<SellerVehicleView[]>('/api/seller/vehicles', { as: seller });
  return response.body.find((vehicle) => vehicle.id === vehicleId);
}

async function dealerListIds(): Promise<string[]> {
  const response = await service.request<VehicleView[]>('/api/vehicles?limit=100', { as: who.dealer });
  return response.body.map((vehicle) => vehicle.id);
}

describe('POST /api/seller/vehicles/{id}/withdraw', () => {
  it('When the seller withdraws with a reason and a note, then dealers no longer see the car and the seller reads "withdrawn"', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();
    expect(await dealerListIds()).toContain(vehicleId);

    // Act
    const response = await withdraw(seller, vehicleId, { reason: 'sold-elsewhere', note: 'Sold to my neighbour' });

    // Assert
    expect(response.status).toBe(200);
    expect(response.body.withdrawal).toMatchObject({ reason: 'sold-elsewhere', note: 'Sold to my neighbour' });
    expect(await dealerListIds()).not.toContain(vehicleId);
    expect((await service.request(`/api/vehicles/${vehicleId}`, { as: who.dealer })).status).toBe(404);
    expect((await service.request(`/api/vehicles/${vehicleId}/photos/0`, { as: who.dealer })).status).toBe(404);
    expect(await sellersCar(seller, vehicleId)).toMatchObject({ listingState: 'withdrawn', withdrawal: { reason: 'sold-elsewhere', note: 'Sold to my neighbour' } });
    expect((await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: who.admin })).body.withdrawal).toMatchObject({ reason: 'sold-elsewhere' });
  });

  it('When the car had pending offers, then each is declined as "withdrawn" with an event for its dealer, and no new offer is taken', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 9_000 });
    const second = await offer(who.secondDealer, vehicleId, { amount: 9_500 });

    // Act
    await withdraw(seller, vehicleId, { reason: 'changed-my-mind' });
    const lateOffer = await offer(who.dealer, vehicleId, { amount: 10_000 });

    // Assert
    const offers = (await sellersCar(seller, vehicleId))?.offers ?? [];
    expect(offers.map((entry) => [entry.id, entry.status, entry.declineReason])).toEqual([
      [second.body.id, 'declined', 'withdrawn'],
      [first.body.id, 'declined', 'withdrawn'],
    ]);
    for (const offerId of [first.body.id, second.body.id]) {
      await expect
        .poll(async () => (await service.eventsAbout(offerId)).find((event) => event.name === 'offer.declined')?.payload, { timeout: 5_000 })
        .toMatchObject({ offerId, reason: 'withdrawn' });
    }
    expect(lateOffer).toMatchObject({ status: 409, body: { message: 'The seller has withdrawn this listing' } });
  });

  it('When an offer was accepted, then the listing cannot be withdrawn and the 409 says why', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 12_000 });
    await service.request(`/api/offers/${made.body.id}/accept`, { method: 'POST', as: seller });

    // Act
    const response = await withdraw(seller, vehicleId);

    // Assert
    expect(response).toMatchObject({ status: 409, body: { message: 'You accepted an offer on this car, so the listing can no longer be withdrawn. Cancel the sale on your dashboard instead.' } });
    expect(await sellersCar(seller, vehicleId)).toMatchObject({ listingState: 'offer-accepted' });
    expect((await sellersCar(seller, vehicleId))?.withdrawal).toBeUndefined();
  });

  it('When the listing is already withdrawn, then a second withdrawal is refused and no offer on it can be accepted', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 12_000 });
    await withdraw(seller, vehicleId);

    // Act
    const again = await withdraw(seller, vehicleId);
    const accept = await service.request<ErrorBody>(`/api/offers/${made.body.id}/accept`, { method: 'POST', as: seller });

    // Assert
    expect(again).toMatchObject({ status: 409, body: { message: 'This listing is already withdrawn' } });
    expect(accept).toMatchObject({ status: 409, body: { message: 'You withdrew this listing, so its offers can no longer be accepted or declined' } });
  });

  it('When the listing is not confirmed yet, then it cannot be withdrawn (dealers do not see it, and it goes by itself)', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar({ confirmed: false });

    // Act
    const response = await withdraw(seller, vehicleId);

    // Assert
    expect(response).toMatchObject({ status: 409, body: { message: 'This listing is not confirmed yet, so dealers do not see it; it is removed by itself if you do not confirm it.' } });
    expect(await sellersCar(seller, vehicleId)).toMatchObject({ listingState: 'awaiting-confirmation' });
  });

  it('When the reason is missing or unknown, or the note too long, then 400 names the field', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();

    // Act
    const missing = await withdraw(seller, vehicleId, {});
    const unknown = await withdraw(seller, vehicleId, { reason: 'bored' });
    const longNote = await withdraw(seller, vehicleId, { reason: 'other', note: 'x'.repeat(501) });

    // Assert
    expect(missing).toMatchObject({ status: 400, body: { errors: { reason: 'Choose why you are withdrawing the listing' } } });
    expect(unknown).toMatchObject({ status: 400, body: { errors: { reason: 'Choose why you are withdrawing the listing' } } });
    expect(longNote).toMatchObject({ status: 400, body: { errors: { note: 'The note must be at most 500 characters' } } });
    expect(await dealerListIds()).toContain(vehicleId);
  });

  it('When anyone but the owning seller tries, then they are refused and the car stays listed', async () => {
    // Arrange
    const { vehicleId } = await sellerWithCar();

    // Act
    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'dealer', 'admin', 'otherSeller'] as const) statuses[role] = (await withdraw(who[role], vehicleId)).status;
    const unknownCar = await withdraw(who.seller, '0123456789abcdef01234567');

    // Assert
    expect(statuses).toEqual({ anonymous: 401, dealer: 403, admin: 403, otherSeller: 403 });
    expect(unknownCar.status).toBe(404);
    expect(await dealerListIds()).toContain(vehicleId);
  });
});

describe("GET /api/seller/vehicles: the seller's listing state", () => {
  it('When the listing is unconfirmed, listed, contacted by the admin, accepted, then completed, then the seller reads each as their own state', async () => {
    // Arrange
    const unconfirmed = await sellerWithCar({ confirmed: false });
    const { seller, vehicleId } = await sellerWithCar();
    const states: string[] = [];

    // Act
    states.push((await sellersCar(unconfirmed.seller, unconfirmed.vehicleId))?.listingState ?? 'missing');
    states.push((await sellersCar(seller, vehicleId))?.listingState ?? 'missing');
    await service.request(`/api/vehicles/${vehicleId}`, { method: 'PATCH', as: who.admin, body: { status: 'contacted', contacted: true } });
    states.push((await sellersCar(seller, vehicleId))?.listingState ?? 'missing');
    const made = await offer(who.dealer, vehicleId, { amount: 12_000 });
    await service.request(`/api/offers/${made.body.id}/accept`, { method: 'POST', as: seller });
    states.push((await sellersCar(seller, vehicleId))?.listingState ?? 'missing');
    await service.request(`/api/vehicles/${vehicleId}`, { method: 'PATCH', as: who.admin, body: { status: 'completed' } });
    states.push((await sellersCar(seller, vehicleId))?.listingState ?? 'missing');

    // Assert
    expect(states).toEqual(['awaiting-confirmation', 'listed', 'listed', 'offer-accepted', 'sold']);
  });

  it("When the seller accepts an offer, then the dashboard and the offer.accepted event carry the dealer's name, e-mail and phone", async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();
    const made = await offer(who.dealer, vehicleId, { amount: 14_000 });
    const losing = await offer(who.secondDealer, vehicleId, { amount: 13_000 });

    // Act
    await service.request(`/api/offers/${made.body.id}/accept`, { method: 'POST', as: seller });
    const car = await sellersCar(seller, vehicleId);

    // Assert
    expect(car?.acceptedDealer).toEqual({ dealershipName: 'Lakeside Motors', email: who.dealer.email, phone: DEALER_PHONE });
    await expect
      .poll(async () => (await service.eventsAbout(made.body.id)).find((event) => event.name === 'offer.accepted')?.payload, { timeout: 5_000 })
      .toMatchObject({ dealershipName: 'Lakeside Motors', dealerEmail: who.dealer.email, dealerPhone: DEALER_PHONE });
    await expect
      .poll(async () => (await service.eventsAbout(losing.body.id)).find((event) => event.name === 'offer.declined')?.payload, { timeout: 5_000 })
      .toMatchObject({ reason: 'another-offer-accepted' });
  });

  it('When no offer is accepted yet, then the dashboard names no dealer contact', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();
    await offer(who.dealer, vehicleId, { amount: 14_000 });

    // Act
    const car = await sellersCar(seller, vehicleId);

    // Assert
    expect(car?.acceptedDealer).toBeUndefined();
    expect(JSON.stringify(car)).not.toContain(DEALER_PHONE);
  });
});

describe('offer.made when a dealer raises its offer', () => {
  it("When a dealer replaces its pending offer, then the event carries the previous amount, the message and the car's ZIP", async () => {
    // Arrange
    const { vehicleId } = await sellerWithCar();
    const first = await offer(who.dealer, vehicleId, { amount: 9_800 });

    // Act
    await offer(who.dealer, vehicleId, { amount: 10_250, message: 'Can pick it up Friday' });

    // Assert
    const madeEvents = async () =>
      (await service.eventsAbout(first.body.id)).filter((event) => event.name === 'offer.made').map((event) => event.payload).sort((a, b) => Number(a.amount) - Number(b.amount));
    await expect
      .poll(madeEvents, { timeout: 5_000 })
      .toEqual([
        expect.objectContaining({ amount: 9_800, zipCode: '62704' }),
        expect.objectContaining({ amount: 10_250, previousAmount: 9_800, message: 'Can pick it up Friday', zipCode: '62704' }),
      ]);
    expect((await madeEvents())[0]).not.toHaveProperty('previousAmount');
  });
});

describe('GET /api/seller/vehicles/{id}/dealer-view', () => {
  it('When the seller previews the listing, then it has the car, ZIP and photo but no contact details and no description', async () => {
    // Arrange
    const { seller, vehicleId } = await sellerWithCar();

    // Act
    const preview = await service.request<VehicleView>(`/api/seller/vehicles/${vehicleId}/dealer-view`, { as: seller });
    const dealers = await service.request<VehicleView>(`/api/vehicles/${vehicleId}`, { as: who.secondDealer });

    // Assert
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ id: vehicleId, make: 'honda', zipCode: '62704', photoUrls: [`/api/vehicles/${vehicleId}/photos/0`] });
    for (const field of ['fullName', 'contactEmail', 'contactPhone', 'city', 'state', 'description', 'streetAddress', 'notes']) expect(preview.body).not.toHaveProperty(field);
    expect(JSON.stringify(preview.body)).not.toContain(SELLER_CONTACT.contactPhone);
    expect(preview.body).toEqual(dealers.body);
  });

  it('When anyone but the owning seller asks, then they are refused', async () => {
    // Arrange
    const { vehicleId } = await sellerWithCar();

    // Act
    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'dealer', 'admin', 'otherSeller'] as const) {
      statuses[role] = (await service.request(`/api/seller/vehicles/${vehicleId}/dealer-view`, { as: who[role] })).status;
    }

    // Assert
    expect(statuses).toEqual({ anonymous: 401, dealer: 403, admin: 403, otherSeller: 403 });
  });
});

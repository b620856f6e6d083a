import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerOwnRecord, ErrorBody, VehicleView, WatchedVehicle, WatchState } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { bookedDeal, eventNames, openDeal, person, relayed, takeStep } from '../testing/deal-test-kit';
import { startVehicleServiceWithDealerStandIn, type VehicleServiceWithDealerStandIn } from '../testing/dealer-service-stand-in';
import { submitCar } from '../testing/vehicle-test-kit';

let service: VehicleServiceWithDealerStandIn;

beforeAll(async () => {
  service = await startVehicleServiceWithDealerStandIn();
});

afterAll(async () => {
  await service?.stop();
});

function watch(dealer: TestCaller, vehicleId: string, watched: unknown) {
  return service.request<WatchState & ErrorBody>(`/api/vehicles/${vehicleId}/watch`, { method: 'POST', as: dealer, body: { watched } });
}

async function watchedIds(dealer: TestCaller): Promise<string[]> {
  const answer = await service.request<WatchedVehicle[]>('/api/vehicles/watched', { as: dealer });
  expect(answer.status).toBe(200);
  return answer.body.map((entry) => entry.vehicle.id);
}

describe('the watchlist: starring a car', () => {
  it('When a dealer stars two cars and unstars one, then its list, the car page and its own records say so, and another dealer sees none of it', async () => {
    // Arrange
    const dealer = person('dealer');
    const other = person('dealer');
    const first = await submitCar(service);
    const second = await submitCar(service);

    // Act
    expect((await watch(dealer, first, true)).body).toEqual({ vehicleId: first, watched: true });
    expect((await watch(dealer, second, true)).body).toEqual({ vehicleId: second, watched: true });
    expect((await watch(dealer, second, true)).status).toBe(200);
    expect((await watch(dealer, first, false)).body).toEqual({ vehicleId: first, watched: false });

    // Assert
    expect(await watchedIds(dealer)).toEqual([second]);
    expect(await watchedIds(other)).toEqual([]);
    expect((await service.request<VehicleView>(`/api/vehicles/${second}`, { as: dealer })).body.watched).toBe(true);
    expect((await service.request<VehicleView>(`/api/vehicles/${first}`, { as: dealer })).body.watched).toBe(false);
    expect((await service.request<VehicleView>(`/api/vehicles/${second}`, { as: other })).body.watched).toBe(false);
    const own = await service.request<DealerOwnRecord[]>(`/api/vehicles/mine?vehicleIds=${first},${second}`, { as: dealer });
    expect(own.body.map((record) => [record.vehicleId, record.watched])).toEqual([
      [first, undefined],
      [second, true],
    ]);
  });

  it('When the body is not a yes or no, the car is unknown or unconfirmed, or the caller is not a dealer, then the star is refused and nothing is stored', async () => {
    // Arrange
    const dealer = person('dealer');
    const vehicleId = await submitCar(service);
    const unconfirmed = await submitCar(service, {}, { confirmed: false });

    // Act
    const notBoolean = await watch(dealer, vehicleId, 'yes');
    const extraField = await service.request<ErrorBody>(`/api/vehicles/${vehicleId}/watch`, { method: 'POST', as: dealer, body: { watched: true, email: 'x@example.com' } });
    const unknown = await watch(dealer, '000000000000000000000000', true);
    const notYetListed = await watch(dealer, unconfirmed, true);
    const asSeller = await watch(person('seller'), vehicleId, true);
    const asAdmin = await watch(person('admin'), vehicleId, true);
    const listAsAdmin = await service.request('/api/vehicles/watched', { as: person('admin') });

    // Assert
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.errors).toEqual({ watched: 'Watched must be true or false' });
    expect(extraField.status).toBe(400);
    expect([unknown.status, notYetListed.status]).toEqual([404, 404]);
    expect([asSeller.status, asAdmin.status, listAsAdmin.status]).toEqual([403, 403, 403]);
    expect(await watchedIds(dealer)).toEqual([]);
  });
});

describe('the watchlist: what a watching dealer is told', () => {
  it('When a watched car\'s deal is cancelled while the dealer service is down, then the watchers are told it is available again, the declined dealer once even if it watches too, and never the deal\'s dealer', async () => {
    // Arrange
    const watcher = person('dealer');
    const open = await openDeal(service, {}, async (vehicleId, people) => {
      for (const dealer of [watcher, people.declinedDealer, people.dealer]) expect((await watch(dealer, vehicleId, true)).status).toBe(200);
    });

    // Act: the watchers' standing cannot be asked; the sale's end must not wait for it
    service.dealerService.down = true;
    try {
      await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'changed-mind' });
    } finally {
      service.dealerService.down = false;
    }

    // Assert
    const [availableAgain] = await relayed(service, open.vehicleId, 'vehicle.available-again');
    expect(availableAgain!.dealers).toEqual([
      { dealershipName: open.declinedDealer.email, email: open.declinedDealer.email, why: 'declined-offer' },
      { dealershipName: watcher.email, email: watcher.email, why: 'watching' },
    ]);
    expect(await watchedIds(watcher)).toEqual([open.vehicleId]);
  });

  it('When a watched car is sold, then the watchers but the buyer and a suspended one are told it is sold, and it leaves their list', async () => {
    // Arrange
    const watcher = service.dealerService.dealerAt();
    const suspendedWatcher = service.dealerService.dealerAt(undefined, 'suspended');
    const open = await bookedDeal(service, {}, async (vehicleId, people) => {
      for (const dealer of [watcher, suspendedWatcher, people.dealer]) expect((await watch(dealer, vehicleId, true)).status).toBe(200);
    });
    const unwatched = await bookedDeal(service);

    // Act
    await takeStep(service, open.dealId, 'confirm', open.seller);
    await takeStep(service, unwatched.dealId, 'confirm', unwatched.seller);

    // Assert
    const [sold] = await relayed(service, open.vehicleId, 'vehicle.sold');
    expect(sold).toMatchObject({ vehicleId: open.vehicleId, dealers: [{ dealershipName: 'Stand-in Motors', email: watcher.email }] });
    await relayed(service, unwatched.vehicleId, 'deal.completed');
    expect(await eventNames(service, unwatched.vehicleId)).not.toContain('vehicle.sold');
    expect(await watchedIds(watcher)).toEqual([]);
  });
});

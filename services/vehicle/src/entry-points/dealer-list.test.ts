import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, OfferView, VehicleCount, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { fillMissingDealerListKeys, vehicleModel } from '../data-access/vehicle-model';
import { startVehicleServiceWithDealerStandIn, type VehicleServiceWithDealerStandIn } from '../testing/dealer-service-stand-in';
import { seedVehicles } from '../testing/seed-vehicles';
import { callers, submitCar } from '../testing/vehicle-test-kit';

let service: VehicleServiceWithDealerStandIn;
const who = callers();

beforeAll(async () => {
  service = await startVehicleServiceWithDealerStandIn();
});

afterAll(async () => {
  await service?.stop();
});

/** A make no other test uses, so a list filtered by it holds only this test's cars. */
function uniqueMake(): string {
  return `testmake-${randomUUID().slice(0, 8)}`;
}

/** A dealer of its own (the stand-in dealer service gives it this ZIP code). */
const dealerAt = (zipCode: string): TestCaller => service.dealerService.dealerAt(zipCode);

function listAs(caller: TestCaller, query: string) {
  return service.request<VehicleView[] & ErrorBody>(`/api/vehicles?${query}`, { as: caller });
}

function countAs(caller: TestCaller, query: string) {
  return service.request<VehicleCount & ErrorBody>(`/api/vehicles/count?${query}`, { as: caller });
}

const idsOf = (answer: { body: VehicleView[] }) => answer.body.map((vehicle) => vehicle.id);

/** Every car of a list in its order, page by page along X-Next-Cursor. */
async function walkPages(caller: TestCaller, query: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const page = await listAs(caller, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    ids.push(...idsOf(page));
    pages++;
    cursor = page.headers.get('x-next-cursor');
  } while (cursor);
  return { ids, pages };
}

/** A car of this make with an offer of `buyer` accepted by its seller. */
async function carWithSaleAgreed(make: string, buyer: TestCaller): Promise<string> {
  const email = `seller-${randomUUID()}@example.com`;
  const vehicleId = await submitCar(service, { make, contactEmail: email });
  const made = await service.request<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: buyer, body: { amount: 9_000 } });
  const accepted = await service.request(`/api/offers/${made.body.id}/accept`, { method: 'POST', as: { role: 'seller', userId: randomUUID(), email } });
  expect(accepted.status).toBe(200);
  return vehicleId;
}

describe('a sale agreed, on the dealer list and the vehicle page', () => {
  it('When the seller accepted an offer, then the list leaves the car out unless asked, and then marks it "sale agreed" for every dealer', async () => {
    const make = uniqueMake();
    const available = await submitCar(service, { make });
    const agreed = await carWithSaleAgreed(make, who.dealer);

    const byDefault = await listAs(who.secondDealer, `make=${make}`);
    const asked = await listAs(who.secondDealer, `make=${make}&includeSaleAgreed=true`);
    const buyersList = await listAs(who.dealer, `make=${make}&includeSaleAgreed=true`);

    expect(idsOf(byDefault)).toEqual([available]);
    expect(idsOf(asked)).toEqual([agreed, available]);
    expect(asked.body.map((vehicle) => vehicle.saleAgreed)).toEqual([true, undefined]);
    // One page for every dealer: the buyer's own state comes from its offer (GET /api/vehicles/mine).
    expect(buyersList.body).toEqual(asked.body);
  });

  it("When the admin sets the car's status back to new after the sale was agreed, then it is still a sale agreed; a car set to pending without an accepted offer is not", async () => {
    const make = uniqueMake();
    const agreed = await carWithSaleAgreed(make, who.dealer);
    const merelyPending = await submitCar(service, { make });
    await service.request(`/api/vehicles/${agreed}`, { method: 'PATCH', as: who.admin, body: { status: 'new' } });
    await service.request(`/api/vehicles/${merelyPending}`, { method: 'PATCH', as: who.admin, body: { status: 'pending' } });

    const list = await listAs(who.secondDealer, `make=${make}`);
    const page = await service.request<VehicleView>(`/api/vehicles/${agreed}`, { as: who.secondDealer });
    const otherPage = await service.request<VehicleView>(`/api/vehicles/${merelyPending}`, { as: who.secondDealer });

    expect(idsOf(list)).toEqual([merelyPending]);
    expect(page.body.saleAgreed).toBe(true);
    expect(otherPage.body).not.toHaveProperty('saleAgreed');
  });

  it("When a dealer other than the buyer opens the car, then it reads as a sale agreed without the seller's contact; the buyer's page has the contact and the same mark", async () => {
    const make = uniqueMake();
    const agreed = await carWithSaleAgreed(make, who.dealer);

    const other = await service.request<VehicleView>(`/api/vehicles/${agreed}`, { as: who.secondDealer });
    const buyer = await service.request<VehicleView>(`/api/vehicles/${agreed}`, { as: who.dealer });
    const offerAfter = await service.request<ErrorBody>(`/api/vehicles/${agreed}/offers`, { method: 'POST', as: who.secondDealer, body: { amount: 10_000 } });

    expect(other.body).toMatchObject({ saleAgreed: true });
    expect(other.body).not.toHaveProperty('contactEmail');
    expect(buyer.body).toMatchObject({ saleAgreed: true, contactEmail: expect.stringContaining('@example.com') });
    expect(offerAfter).toMatchObject({ status: 409, body: { message: 'The seller has already accepted an offer on this vehicle' } });
  });

  it('When includeSaleAgreed is neither true nor false, then it answers 400 with the field', async () => {
    const response = await listAs(who.dealer, 'includeSaleAgreed=yes');

    expect(response).toMatchObject({ status: 400, body: { errors: { includeSaleAgreed: 'includeSaleAgreed must be true or false' } } });
  });
});

describe('GET /api/vehicles/count', () => {
  it('When filters are given, then it counts the cars the list holds with them, sales agreed left out unless asked', async () => {
    const make = uniqueMake();
    await submitCar(service, { make, year: 2020 });
    await submitCar(service, { make, year: 2020 });
    await submitCar(service, { make, year: 2021 });
    await carWithSaleAgreed(make, who.dealer);

    const all = await countAs(who.dealer, `make=${make}`);
    const of2020 = await countAs(who.dealer, `make=${make}&year=2020`);
    const withAgreed = await countAs(who.dealer, `make=${make}&includeSaleAgreed=true`);
    const listed = await listAs(who.dealer, `make=${make}&limit=100`);

    expect(all).toMatchObject({ status: 200, body: { count: 3 } });
    expect(all.body.count).toBe(listed.body.length);
    expect(of2020.body).toEqual({ count: 2 });
    expect(withAgreed.body).toEqual({ count: 4 });
  });

  it('When another instance adds a car, then the count includes it at once: the service keeps no count of its own (the gateway does, for a second)', async () => {
    const own = await submitCar(service, { make: uniqueMake() });
    const before = await countAs(who.dealer, '');

    await seedVehicles({ mongoUri: service.config.MONGODB_URI, dbName: service.config.MONGODB_DB, count: 1, photosOfVehicleId: own });
    const after = await countAs(who.dealer, '');

    expect(after.body.count).toBe(before.body.count + 1);
    expect(after.headers.get('gateway-cache-control')).toBe('max-age=1');
  });

  it('When callers of each role ask, then only dealers and admins may; a malformed filter is a 400 with the field', async () => {
    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'pendingDealer', 'seller', 'dealer', 'admin'] as const) statuses[role] = (await countAs(who[role], 'make=honda')).status;
    const badZip = await countAs(who.dealer, 'zipPrefix=9a');

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, dealer: 200, admin: 200 });
    expect(badZip).toMatchObject({ status: 400, body: { errors: { zipPrefix: 'ZIP prefix must be 1 to 5 digits' } } });
  });
});

describe('the orders of the dealer list', () => {
  it('When sorted by lowest mileage or newest model year, then every page follows that order and the cursor leads through every car once', async () => {
    const make = uniqueMake();
    // Listed oldest first: [mileage, year].
    const cars: Array<[number, number]> = [
      [80_000, 2016],
      [12_000, 2019],
      [45_000, 2022],
      [12_000, 2021],
      [150_000, 2019],
    ];
    const ids: string[] = [];
    for (const [mileage, year] of cars) ids.push(await submitCar(service, { make, mileage, year }));
    const [old80k, first12k, mid45k, second12k, high150k] = ids;

    const byMileage = await walkPages(who.dealer, `make=${make}&sort=mileage`, 2);
    const byYear = await walkPages(who.dealer, `make=${make}&sort=year`, 2);
    const newest = await walkPages(who.dealer, `make=${make}`, 2);

    // Equal mileage or model year: the newer listing first.
    expect(byMileage).toEqual({ ids: [second12k, first12k, mid45k, old80k, high150k], pages: 3 });
    expect(byYear).toEqual({ ids: [mid45k, second12k, high150k, first12k, old80k], pages: 3 });
    expect(newest.ids).toEqual([...ids].reverse());
  });

  it("When a cursor of one order is sent with another, or the order is unknown, then it answers 400 rather than skip cars", async () => {
    const make = uniqueMake();
    for (let index = 0; index < 3; index++) await submitCar(service, { make, mileage: 1_000 * (index + 1) });
    const firstPage = await listAs(who.dealer, `make=${make}&sort=mileage&limit=1`);
    const cursor = firstPage.headers.get('x-next-cursor');

    const mixed = await listAs(who.dealer, `make=${make}&sort=year&limit=1&cursor=${cursor}`);
    const unknown = await listAs(who.dealer, 'sort=price');

    expect(cursor).toBeTruthy();
    expect(mixed).toMatchObject({ status: 400, body: { errors: { cursor: 'Invalid cursor' } } });
    expect(unknown).toMatchObject({ status: 400, body: { errors: { sort: 'Sort must be one of: newest, mileage, year' } } });
  });

  it('When cars were stored before the orders existed, then the start-up fill gives them their keys and they take their place in the order', async () => {
    const make = uniqueMake();
    const later = await submitCar(service, { make, mileage: 20_000 });
    const earlier = await submitCar(service, { make, mileage: 10_000 });
    const connection = await mongoose.createConnection(service.config.MONGODB_URI, { dbName: service.config.MONGODB_DB }).asPromise();
    try {
      const vehicles = vehicleModel(connection);
      await vehicles.collection.updateOne({ _id: new mongoose.Types.ObjectId(earlier) }, { $unset: { mileageOrder: '', modelYearOrder: '', zip5: '' } });
      const beforeFill = await listAs(who.dealer, `make=${make}&sort=mileage&includeSaleAgreed=false&limit=5`);

      const filled = await fillMissingDealerListKeys(vehicles);
      const again = await fillMissingDealerListKeys(vehicles);
      const afterFill = await listAs(who.dealer, `make=${make}&sort=mileage&includeSaleAgreed=false&limit=5`);

      // Without its key the car falls out of its place in the order.
      expect(idsOf(beforeFill)).toEqual([later, earlier]);
      expect(filled).toBeGreaterThanOrEqual(1);
      expect(again).toBe(0);
      expect(idsOf(afterFill)).toEqual([earlier, later]);
    } finally {
      await connection.close();
    }
  });
});

describe('the search words of the dealer list', () => {
  it('When the words come in any order or name the trim, then the car is found; a car must match every word', async () => {
    const make = uniqueMake();
    const camry = await submitCar(service, { make, model: 'Camry', year: 2018, trim: 'ALL-TRAC' });
    await submitCar(service, { make, model: 'Camry', year: 2019, trim: 'LE' });
    await submitCar(service, { make, model: 'Corolla', year: 2018, trim: 'ALL-TRAC' });

    const search = async (q: string) => idsOf(await listAs(who.dealer, `make=${make}&q=${encodeURIComponent(q)}`));

    expect(await search('camry 2018')).toEqual([camry]);
    expect(await search('Camry ALL-TRAC')).toEqual([camry]);
    expect(await search(`  2018   ${make.toUpperCase()} camry `)).toEqual([camry]);
    expect(await search('camry all-trac 2019')).toEqual([]);
    expect(await search('(.*')).toEqual([]);
    expect((await countAs(who.dealer, `make=${make}&q=${encodeURIComponent('camry 2018')}`)).body).toEqual({ count: 1 });
  });
});

describe('the distance filter of the dealer list', () => {
  it("When a dealer narrows the list to a distance, then only cars whose ZIP is that close to the dealership's answer, ZIP+4 codes too", async () => {
    const make = uniqueMake();
    const dealer = dealerAt('10001'); // Manhattan
    const manhattan = await submitCar(service, { make, zipCode: '10002' });
    const hoboken = await submitCar(service, { make, zipCode: '07030-1234' }); // about 2 miles
    const philadelphia = await submitCar(service, { make, zipCode: '19103' }); // about 80 miles
    const boston = await submitCar(service, { make, zipCode: '02108' }); // about 190 miles
    await submitCar(service, { make, zipCode: '90210' }); // Beverly Hills

    const within = async (miles: number) => idsOf(await listAs(dealer, `make=${make}&withinMiles=${miles}`));

    expect(await within(25)).toEqual([hoboken, manhattan]);
    expect(await within(50)).toEqual([hoboken, manhattan]);
    expect(await within(100)).toEqual([philadelphia, hoboken, manhattan]);
    expect(await within(250)).toEqual([boston, philadelphia, hoboken, manhattan]);
    expect((await countAs(dealer, `make=${make}&withinMiles=100`)).body).toEqual({ count: 3 });
    // Measured from each dealer's own ZIP.
    expect(idsOf(await listAs(dealerAt('90210'), `make=${make}&withinMiles=25`))).toHaveLength(1);
  });

  it("When a list is narrowed by distance, then the gateway is not let to share it among dealers; the plain list it is", async () => {
    const dealer = dealerAt('10001');

    const near = await listAs(dealer, 'withinMiles=25');
    const nearCount = await countAs(dealer, 'withinMiles=25');
    const plain = await listAs(dealer, 'limit=1');
    const plainCount = await countAs(dealer, '');

    expect([near.status, nearCount.status]).toEqual([200, 200]);
    expect([near.headers.get('gateway-cache-control'), nearCount.headers.get('gateway-cache-control')]).toEqual([null, null]);
    expect([plain.headers.get('gateway-cache-control'), plainCount.headers.get('gateway-cache-control')]).toEqual(['max-age=1', 'max-age=1']);
  });

  it('When the distance cannot be measured, then the answer says why: 400 for an unknown dealership or a distance not offered, 503 while the dealer service is down', async () => {
    const unknownDealer: TestCaller = { role: 'dealer', userId: randomUUID(), email: `dealer-${randomUUID()}@example.com` };
    const outsideTheTable = dealerAt('00000');
    const known = dealerAt('10001');

    const unknown = await listAs(unknownDealer, 'withinMiles=25');
    const notInTable = await countAs(outsideTheTable, 'withinMiles=25');
    const oddDistance = await listAs(known, 'withinMiles=30');
    const byAdmin = await listAs(who.admin, 'withinMiles=25');
    service.dealerService.down = true;
    let down;
    try {
      down = await listAs(dealerAt('10001'), 'withinMiles=25');
    } finally {
      service.dealerService.down = false;
    }

    const zipMessage = "Your dealership's ZIP code is not one distances can be measured from";
    expect(unknown).toMatchObject({ status: 400, body: { errors: { withinMiles: zipMessage } } });
    expect(notInTable).toMatchObject({ status: 400, body: { errors: { withinMiles: zipMessage } } });
    expect(oddDistance).toMatchObject({ status: 400, body: { errors: { withinMiles: 'Distance must be 25, 50, 100 or 250 miles' } } });
    expect(byAdmin).toMatchObject({ status: 400, body: { errors: { withinMiles: expect.stringContaining('only a dealer') } } });
    expect(down).toMatchObject({ status: 503, body: { message: expect.stringContaining('cannot be measured right now') } });
  });
});

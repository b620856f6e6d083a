import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactAccessEntry, ErrorBody, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { seedVehicles } from '../testing/seed-vehicles';
import { callers, SELLER_CONTACT, startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
const who = callers();

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

/** A make no other test uses, so a list filtered by it holds only this test's cars. */
function uniqueMake(): string {
  return `testmake-${randomUUID().slice(0, 8)}`;
}

function listAs(caller: TestCaller, query: string) {
  return service.request<VehicleView[]>(`/api/vehicles?${query}`, { as: caller });
}

/** Express's default (weak) ETag of a body, as res.json computes it. */
function weakEtagOf(text: string): string {
  const bytes = Buffer.from(text);
  return `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').substring(0, 27)}"`;
}

const CONTACT_FIELDS = ['fullName', 'contactEmail', 'contactPhone', 'city', 'state', 'streetAddress'] as const;

describe('GET /api/vehicles (the dealer list)', () => {
  it('When a dealer lists cars, then they come newest first without any seller contact detail', async () => {
    const make = uniqueMake();
    const sellerEmail = `list-${randomUUID()}@example.com`;
    const older = await submitCar(service, { make, contactEmail: sellerEmail });
    const newer = await submitCar(service, { make, contactEmail: sellerEmail });

    const response = await listAs(who.dealer, `make=${make}`);

    expect(response.status).toBe(200);
    expect(response.body.map((vehicle) => vehicle.id)).toEqual([newer, older]);
    for (const field of CONTACT_FIELDS) expect(response.body[0]).not.toHaveProperty(field);
    const text = JSON.stringify(response.body);
    for (const value of [sellerEmail, SELLER_CONTACT.fullName, SELLER_CONTACT.contactPhone, SELLER_CONTACT.city]) expect(text).not.toContain(value);
    expect(response.body[0]).toMatchObject({ zipCode: '62704', createdAt: expect.any(String), photoUrl: `/api/vehicles/${newer}/photos/0`, status: 'new' });
  });

  it('When filters for make, model, year and ZIP prefix are given, then only matching cars answer', async () => {
    const make = uniqueMake();
    const match = await submitCar(service, { make, model: 'Civic', year: 2020, zipCode: '90210' });
    await submitCar(service, { make, model: 'Civic', year: 2021, zipCode: '90210' });
    await submitCar(service, { make, model: 'Accord', year: 2020, zipCode: '90210' });
    await submitCar(service, { make, model: 'Civic', year: 2020, zipCode: '10001' });

    const response = await listAs(who.dealer, `make=${make.toUpperCase()}&model=civic&year=2020&zipPrefix=902`);

    expect(response.body.map((vehicle) => vehicle.id)).toEqual([match]);
  });

  it('When q is given, then it matches "year make model" case-insensitively, also by the make label', async () => {
    const model = `Model-${randomUUID().slice(0, 6)}`;
    const benz = await submitCar(service, { make: 'mercedes', model, year: 2017 });

    const bySlug = await listAs(who.dealer, `q=${encodeURIComponent(`2017 MERCEDES ${model}`)}`);
    const byLabel = await listAs(who.dealer, `q=${encodeURIComponent(`mercedes-benz ${model.toLowerCase()}`)}`);
    const regexText = await listAs(who.dealer, `q=${encodeURIComponent('(.*')}`);

    expect(bySlug.body.map((vehicle) => vehicle.id)).toEqual([benz]);
    expect(byLabel.body.map((vehicle) => vehicle.id)).toEqual([benz]);
    expect(regexText).toMatchObject({ status: 200, body: [] });
  });

  it('When a list runs over pages, then X-Next-Cursor leads through every car once and is absent on the last page', async () => {
    const make = uniqueMake();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.unshift(await submitCar(service, { make }));

    const seen: string[] = [];
    const cursors: Array<string | null> = [];
    let cursor: string | null = null;
    do {
      const page = await listAs(who.dealer, `make=${make}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.map((vehicle) => vehicle.id));
      cursor = page.headers.get('x-next-cursor');
      cursors.push(cursor);
    } while (cursor);

    expect(seen).toEqual(ids);
    expect(cursors).toHaveLength(3);
    expect(cursors[2]).toBeNull();
  });

  it('When no limit is given, then a page holds 24 cars', async () => {
    const make = uniqueMake();
    for (let index = 0; index < 25; index++) await submitCar(service, { make });

    const response = await listAs(who.dealer, `make=${make}`);

    expect(response.body).toHaveLength(24);
    expect(response.headers.get('x-next-cursor')).toBeTruthy();
  });

  it('When the query is malformed, then it answers 400 with a message per field', async () => {
    const tooMany = await listAs(who.dealer, 'limit=500');
    const badZip = await listAs(who.dealer, 'zipPrefix=9a');
    const badCursor = await listAs(who.dealer, 'cursor=not-a-cursor');

    expect(tooMany).toMatchObject({ status: 400, body: { errors: { limit: 'Limit must be between 1 and 100' } } });
    expect(badZip).toMatchObject({ status: 400, body: { errors: { zipPrefix: 'ZIP prefix must be 1 to 5 digits' } } });
    expect(badCursor).toMatchObject({ status: 400, body: { errors: { cursor: 'Invalid cursor' } } });
  });

  it('When an admin marks a car completed or rejected, then it leaves the dealer list', async () => {
    const make = uniqueMake();
    const sold = await submitCar(service, { make });
    const rejected = await submitCar(service, { make });
    const available = await submitCar(service, { make });
    await service.request(`/api/vehicles/${sold}`, { method: 'PATCH', as: who.admin, body: { status: 'completed' } });
    await service.request(`/api/vehicles/${rejected}`, { method: 'PATCH', as: who.admin, body: { status: 'rejected' } });

    const response = await listAs(who.dealer, `make=${make}`);

    expect(response.body.map((vehicle) => vehicle.id)).toEqual([available]);
  });

  it('When another instance adds a car, then the list shows it at once: the service keeps no page of its own (the gateway does, for a second)', async () => {
    const own = await submitCar(service);
    const afterOwn = await listAs(who.dealer, 'limit=1');
    await seedVehicles({ mongoUri: service.config.MONGODB_URI, dbName: service.config.MONGODB_DB, count: 1, photosOfVehicleId: own });

    const afterOther = await listAs(who.dealer, 'limit=1');

    expect(afterOwn.body[0]?.id).toBe(own);
    expect(afterOther.body[0]?.id).not.toBe(own);
    expect(afterOther.body[0]?.photoUrls).toHaveLength(1);
  });

  it('When dealers and an admin list the same page, then every dealer gets the same page (the gateway may keep it for all dealers), the admin its own, with the Content-Type and ETag of res.json, and a matching If-None-Match answers 304', async () => {
    const make = uniqueMake();
    const older = await submitCar(service, { make });
    const newer = await submitCar(service, { make });
    await service.request(`/api/vehicles/${older}`, { method: 'PATCH', as: who.admin, body: { status: 'approved' } });
    await service.request(`/api/vehicles/${newer}`, { method: 'PATCH', as: who.dealer, body: { status: 'contacted', notes: 'call back' } });

    const dealer = await listAs(who.dealer, `make=${make}`);
    const second = await listAs(who.secondDealer, `make=${make}`);
    const secondAgain = await listAs(who.secondDealer, `make=${make}`);
    const admin = await listAs(who.admin, `make=${make}`);
    const dealerAgain = await listAs(who.dealer, `make=${make}`);
    // With its own Cache-Control, fetch adds no "no-cache" (which would make every answer stale).
    const notModified = await service.request(`/api/vehicles?make=${make}`, { as: who.secondDealer, headers: { 'if-none-match': second.headers.get('etag') ?? '', 'cache-control': 'max-age=0' } });

    expect(dealer.body).toEqual(second.body);
    expect(second.body.map(({ status, notes, contacted }) => ({ status, notes, contacted }))).toEqual([
      { status: 'new', notes: undefined, contacted: false },
      { status: 'new', notes: undefined, contacted: false },
    ]);
    expect(admin.body.map(({ status }) => status)).toEqual(['new', 'approved']);
    for (const response of [dealer, second, secondAgain, admin, dealerAgain]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('etag')).toBe(weakEtagOf(JSON.stringify(response.body)));
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(response.body)));
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('gateway-cache-control')).toBe('max-age=1');
    }
    expect(secondAgain.body).toEqual(second.body);
    expect(dealerAgain.body).toEqual(dealer.body);
    expect(notModified.status).toBe(304);
  });

  it('When callers of each role list cars, then only approved dealers and admins may', async () => {
    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'pendingDealer', 'seller', 'otherSeller', 'dealer', 'secondDealer', 'admin'] as const) {
      statuses[role] = (await listAs(who[role], 'limit=1')).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, otherSeller: 403, dealer: 200, secondDealer: 200, admin: 200 });
  });
});

describe('GET /api/vehicles/all', () => {
  it('When an admin lists every car, then each carries the seller contact details and the serving is logged', async () => {
    const sellerEmail = `all-${randomUUID()}@example.com`;
    const id = await submitCar(service, { contactEmail: sellerEmail, description: 'Admin sees this' });

    const response = await service.request<VehicleView[]>('/api/vehicles/all', { as: who.admin });
    const log = await service.request<ContactAccessEntry[]>(`/api/vehicles/${id}/access-log`, { as: who.admin });

    expect(response.status).toBe(200);
    expect(response.body.find((vehicle) => vehicle.id === id)).toMatchObject({
      contactEmail: sellerEmail,
      fullName: SELLER_CONTACT.fullName,
      contactPhone: SELLER_CONTACT.contactPhone,
      city: SELLER_CONTACT.city,
      state: SELLER_CONTACT.state,
      description: 'Admin sees this',
    });
    expect(log.body).toEqual([{ viewerId: who.admin.userId, viewerRole: 'admin', viewerEmail: who.admin.email, at: expect.any(String) }]);
  });

  it('When an admin asks for pages, then the pages together hold every car once, newest first, each served car logged', async () => {
    const everyCar = await service.request<VehicleView[]>('/api/vehicles/all', { as: who.admin });
    const rejected = await submitCar(service, {});
    await service.request(`/api/vehicles/${rejected}`, { method: 'PATCH', as: who.admin, body: { status: 'rejected' } });
    const expected = [rejected, ...everyCar.body.map((vehicle) => vehicle.id)];
    const logOf = async (id: string) => (await service.request<ContactAccessEntry[]>(`/api/vehicles/${id}/access-log`, { as: who.admin })).body;
    const loggedBefore = (await logOf(rejected)).length;

    const paged: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await service.request<VehicleView[]>(`/api/vehicles/all?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { as: who.admin });
      expect(page.status).toBe(200);
      expect(page.body.every((vehicle) => vehicle.contactEmail !== undefined)).toBe(true);
      pageSizes.push(page.body.length);
      paged.push(...page.body.map((vehicle) => vehicle.id));
      cursor = page.headers.get('x-next-cursor') as string | null;
    } while (cursor);

    expect(paged).toEqual(expected);
    expect(pageSizes).toHaveLength(Math.ceil(expected.length / 2));
    expect(pageSizes.slice(0, -1).every((size) => size === 2)).toBe(true);
    expect(await logOf(rejected)).toHaveLength(loggedBefore + 1);
  });

  it('When the page size or cursor of every car is wrong, then 400 names the field', async () => {
    const tooLarge = await service.request<ErrorBody>('/api/vehicles/all?limit=101', { as: who.admin });
    const badCursor = await service.request<ErrorBody>('/api/vehicles/all?limit=5&cursor=not-a-cursor', { as: who.admin });

    expect(tooLarge).toMatchObject({ status: 400, body: { errors: { limit: 'Limit must be between 1 and 100' } } });
    expect(badCursor).toMatchObject({ status: 400, body: { errors: { cursor: 'Invalid cursor' } } });
  });

  it('When callers of each role ask for every car, then only the admin may', async () => {
    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'pendingDealer', 'seller', 'otherSeller', 'dealer', 'secondDealer', 'admin'] as const) {
      statuses[role] = (await service.request('/api/vehicles/all', { as: who[role] })).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, otherSeller: 403, dealer: 403, secondDealer: 403, admin: 200 });
  });
});

describe('GET /api/vehicles/{id}', () => {
  it('When callers of each role open a car, then each gets the view of its role', async () => {
    const id = await submitCar(service, { contactEmail: who.sellerEmail, description: 'Private description' });

    const answers: Record<string, { status: number; body: VehicleView }> = {};
    for (const role of ['anonymous', 'pendingDealer', 'seller', 'otherSeller', 'dealer', 'secondDealer', 'admin'] as const) {
      answers[role] = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: who[role] });
    }

    expect(Object.fromEntries(Object.entries(answers).map(([role, answer]) => [role, answer.status]))).toEqual({
      anonymous: 401,
      pendingDealer: 401,
      seller: 200,
      otherSeller: 403,
      dealer: 200,
      secondDealer: 200,
      admin: 200,
    });
    expect(answers.admin?.body).toMatchObject({ contactEmail: who.sellerEmail, fullName: SELLER_CONTACT.fullName, description: 'Private description' });
    expect(answers.seller?.body).toMatchObject({ contactEmail: who.sellerEmail, description: 'Private description' });
    expect(answers.seller?.body).not.toHaveProperty('notes');
    for (const field of [...CONTACT_FIELDS, 'description']) expect(answers.dealer?.body).not.toHaveProperty(field);
    expect(answers.dealer?.body).toMatchObject({ id, zipCode: '62704', createdAt: expect.any(String), vin: '1HGCM82633A004352' });
  });

  it('When the car does not exist or the id is malformed, then it answers 404 "Vehicle not found"', async () => {
    const missing = await service.request<ErrorBody>('/api/vehicles/0123456789abcdef01234567', { as: who.admin });
    const malformed = await service.request<ErrorBody>('/api/vehicles/not-an-id', { as: who.dealer });

    expect(missing).toMatchObject({ status: 404, body: { message: 'Vehicle not found' } });
    expect(malformed).toMatchObject({ status: 404, body: { message: 'Vehicle not found' } });
  });
});

describe('GET /api/vehicles/{id}/access-log', () => {
  it('When the admin and the owning seller saw the contact details and a dealer did not, then the log lists the two, newest first', async () => {
    const id = await submitCar(service, { contactEmail: who.sellerEmail });
    await service.request(`/api/vehicles/${id}`, { as: who.admin });
    await service.request(`/api/vehicles/${id}`, { as: who.dealer });
    await service.request(`/api/vehicles/${id}`, { as: who.seller });

    const log = await service.request<ContactAccessEntry[]>(`/api/vehicles/${id}/access-log`, { as: who.admin });

    expect(log.status).toBe(200);
    expect(log.body.map((entry) => entry.viewerRole)).toEqual(['seller', 'admin']);
  });

  it('When callers of each role ask for the log, then only the admin may', async () => {
    const id = await submitCar(service, { contactEmail: who.sellerEmail });

    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'pendingDealer', 'seller', 'otherSeller', 'dealer', 'secondDealer', 'admin'] as const) {
      statuses[role] = (await service.request(`/api/vehicles/${id}/access-log`, { as: who[role] })).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, otherSeller: 403, dealer: 403, secondDealer: 403, admin: 200 });
  });
});

import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleView } from '@cardirect/contracts';
import { connectMongo } from '@cardirect/service-kit';
import { fillMissingAdminSearchText, vehicleModel } from '../data-access/vehicle-model';
import { callers, startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
const who = callers();

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

/**
 * A word no other car of this file holds, so a search for it finds only this test's cars. Letters
 * only, so it never contains the digits a test searches for (a year, a ZIP).
 */
function uniqueWord(label: string): string {
  const letters = [...randomUUID().replace(/-/g, '').slice(0, 12)].map((hex) => String.fromCharCode(97 + parseInt(hex, 16)));
  return `${label}${letters.join('')}`;
}

async function searchAsAdmin(query: Record<string, string>) {
  const response = await service.request<VehicleView[]>(`/api/vehicles/all?${new URLSearchParams(query)}`, { as: who.admin });
  return { ...response, ids: Array.isArray(response.body) ? response.body.map((vehicle) => vehicle.id) : [] };
}

describe('GET /api/vehicles/all?q= (the admin search)', () => {
  it("When an admin searches by the seller's name, e-mail or phone, then that seller's cars answer, newest first, with contact details", async () => {
    const surname = uniqueWord('Surname');
    const email = `${uniqueWord('owner')}@example.com`;
    const phone = `(917) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const older = await submitCar(service, { fullName: `Jordan ${surname}`, contactEmail: email, contactPhone: phone });
    const newer = await submitCar(service, { fullName: `Jordan ${surname}`, contactEmail: email, contactPhone: phone });
    await submitCar(service, { fullName: 'Jordan Someoneelse' });

    const byName = await searchAsAdmin({ q: `jordan ${surname.toUpperCase()}`, limit: '24' });
    const byEmail = await searchAsAdmin({ q: email, limit: '24' });
    const byPhoneAsTyped = await searchAsAdmin({ q: `${phone} ${surname}`, limit: '24' });
    const byPhoneDigits = await searchAsAdmin({ q: `${phone.replace(/\D/g, '')} ${surname}`, limit: '24' });
    const byPhoneDashed = await searchAsAdmin({ q: `${phone.replace(/\D/g, '').replace(/^(\d{3})(\d{3})/, '$1-$2-')} ${surname}`, limit: '24' });

    expect(byName.ids).toEqual([newer, older]);
    expect(byName.body[0]).toMatchObject({ fullName: `Jordan ${surname}`, contactEmail: email, contactPhone: phone });
    expect(byName.body[0]).not.toHaveProperty('adminSearchText');
    expect(byEmail.ids).toEqual([newer, older]);
    expect(byPhoneAsTyped.ids).toEqual([newer, older]);
    expect(byPhoneDigits.ids).toEqual([newer, older]);
    expect(byPhoneDashed.ids).toEqual([newer, older]);
  });

  it('When a search has several words, then a car answers only if every word matches its year, make, model, VIN or ZIP', async () => {
    const model = uniqueWord('Model');
    const benz = await submitCar(service, { make: 'mercedes', model, year: 2019, vin: 'WDDGF8AB9EA123456', zipCode: '30301' });
    const honda = await submitCar(service, { make: 'honda', model, year: 2019, vin: '1HGCM82633A004352', zipCode: '90210' });

    const byMakeLabel = await searchAsAdmin({ q: `Mercedes-Benz ${model}` });
    const byYearAndModel = await searchAsAdmin({ q: `2019 ${model}` });
    const byVinEnd = await searchAsAdmin({ q: `ea123456 ${model}` });
    const byZipPrefix = await searchAsAdmin({ q: `902 ${model}` });
    const oneWordMisses = await searchAsAdmin({ q: `${model} toyota` });

    expect(byMakeLabel.ids).toEqual([benz]);
    expect(byYearAndModel.ids).toEqual([honda, benz]);
    expect(byVinEnd.ids).toEqual([benz]);
    expect(byZipPrefix.ids).toEqual([honda]);
    expect(oneWordMisses).toMatchObject({ status: 200, body: [] });
  });

  it('When the search holds characters of a regular expression, then they are searched for as written', async () => {
    const surname = uniqueWord('Dot');
    const dotted = await submitCar(service, { fullName: `A.B. ${surname}` });
    await submitCar(service, { fullName: `AxBy ${surname}` });

    const dotsAsWritten = await searchAsAdmin({ q: `a.b. ${surname}` });
    const unbalanced = await searchAsAdmin({ q: '(.*[' });

    expect(dotsAsWritten.ids).toEqual([dotted]);
    expect(unbalanced).toMatchObject({ status: 200, body: [] });
  });

  it('When a status is given, then only cars of that status answer, with the search and through every page', async () => {
    const model = uniqueWord('Paged');
    const approved: string[] = [];
    for (let index = 0; index < 5; index++) {
      const id = await submitCar(service, { model });
      if (index !== 2) {
        await service.request(`/api/vehicles/${id}`, { method: 'PATCH', as: who.admin, body: { status: 'approved' } });
        approved.unshift(id);
      }
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await searchAsAdmin({ q: model, status: 'approved', limit: '3', ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...page.ids);
      cursor = page.headers.get('x-next-cursor');
      pages += 1;
    } while (cursor);
    const everyMatchAtOnce = await searchAsAdmin({ q: model, status: 'approved' });
    const newOnes = await searchAsAdmin({ q: model, status: 'new' });

    expect(seen).toEqual(approved);
    expect(pages).toBe(2);
    expect(everyMatchAtOnce.ids).toEqual(approved);
    expect(newOnes.ids).toHaveLength(1);
    expect(approved).not.toContain(newOnes.ids[0]);
  });

  it('When the status is not one of the six, then it answers 400 naming them', async () => {
    const response = await searchAsAdmin({ status: 'sold' });

    expect(response).toMatchObject({ status: 400, body: { errors: { status: 'Status must be one of: new, contacted, pending, approved, rejected, completed' } } });
  });

  it('When a dealer or a seller asks with a search, then it is refused like the list itself', async () => {
    const dealer = await service.request(`/api/vehicles/all?q=jordan`, { as: who.dealer });
    const seller = await service.request(`/api/vehicles/all?q=jordan`, { as: who.seller });

    expect([dealer.status, seller.status]).toEqual([403, 403]);
  });

  it('When the dealer list is read, then the admin search text (contact data) is not in it', async () => {
    const surname = uniqueWord('Hidden');
    const make = uniqueWord('make').toLowerCase();
    await submitCar(service, { make, fullName: `Jordan ${surname}` });

    const dealerList = await service.request<VehicleView[]>(`/api/vehicles?make=${make}`, { as: who.dealer });

    expect(dealerList.body).toHaveLength(1);
    expect(JSON.stringify(dealerList.body)).not.toContain(surname.toLowerCase());
  });
});

describe('cars stored before the admin search existed', () => {
  it('When the start-up fill runs, then such a car gets its search text and is found; a second run finds nothing to do', async () => {
    const surname = uniqueWord('Legacy');
    const id = await submitCar(service, { fullName: `Robin ${surname}` });
    const connection = await connectMongo(service.config.MONGODB_URI, service.config.MONGODB_DB);
    try {
      await connection.collection('vehicles').updateOne({ _id: new Types.ObjectId(id) }, { $unset: { adminSearchText: '' } });
      const beforeFill = await searchAsAdmin({ q: surname });

      const vehicles = vehicleModel(connection);
      const filled = await fillMissingAdminSearchText(vehicles, 2);
      const filledAgain = await fillMissingAdminSearchText(vehicles);
      const afterFill = await searchAsAdmin({ q: surname });

      expect(beforeFill.ids).toEqual([]);
      expect(filled).toBe(1);
      expect(filledAgain).toBe(0);
      expect(afterFill.ids).toEqual([id]);
    } finally {
      await connection.close();
    }
  });
});

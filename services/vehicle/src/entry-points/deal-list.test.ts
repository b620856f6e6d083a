import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER, type AdminDealRow, type ContactAccessEntry, type ErrorBody } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { dealModel, fillMissingDealListFields } from '../data-access/deal-model';
import { vehicleModel } from '../data-access/vehicle-model';
import { bookedDeal, dealPeople, openDeal, person, takeStep, type DealPeople, type OpenDeal } from '../testing/deal-test-kit';
import { jpegDataUrl } from '../testing/sample-photos';
import { SELLER_CONTACT, startVehicleServiceForTest, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

const HOUR_MS = 60 * 60 * 1000;
let service: VehicleServiceForTest;
const admin = person('admin', 'admin@cardirect.local');

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

/** A word no other deal of this file holds. Letters only, so it never holds a year the tests search for. */
function uniqueWord(label: string): string {
  const letters = [...randomUUID().replace(/-/g, '').slice(0, 12)].map((hex) => String.fromCharCode(97 + parseInt(hex, 16)));
  return `${label}${letters.join('')}`;
}

async function listDeals(query: Record<string, string>, caller: TestCaller = admin) {
  const response = await service.request<AdminDealRow[] & ErrorBody>(`/api/deals?${new URLSearchParams(query)}`, { as: caller });
  const ids = Array.isArray(response.body) ? response.body.map((row) => row.deal.id) : [];
  return { ...response, ids, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** The people of one more deal of this dealer. */
function withDealer(dealer: TestCaller): DealPeople {
  return dealPeople(dealer);
}

/** The people of a deal whose seller writes from this address. */
function withSellerEmail(sellerEmail: string): DealPeople {
  return { ...dealPeople(), sellerEmail, seller: person('seller', sellerEmail) };
}

/** A booked deal of these people whose dealer asks for a lower price at the hand-over. */
async function withPriceChange(people: DealPeople = dealPeople(), car: Record<string, unknown> = {}): Promise<OpenDeal> {
  const open = await bookedDeal(service, car, undefined, people);
  await takeStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'lower-price', price: 14_000, faults: [{ kind: 'tires', condition: 'worn' }], reason: 'Worn tires, not in the listing', photoUrls: [await jpegDataUrl()] });
  return open;
}

describe("GET /api/deals (the admin's Deals tab)", () => {
  it('When deals are at every step, then the overdue come first, then the open by their next clock, then those without one, then the ended, latest first', async () => {
    const dealer = person('dealer');
    const completed = await bookedDeal(service, {}, undefined, withDealer(dealer));
    await takeStep(service, completed.dealId, 'hand-over', dealer, { outcome: 'agreed-price' });
    await takeStep(service, completed.dealId, 'confirm', completed.seller);
    const cancelled = await openDeal(service, {}, undefined, withDealer(dealer));
    await takeStep(service, cancelled.dealId, 'cancel', cancelled.seller, { reason: 'changed-mind' });
    const dueSoonest = await openDeal(service, {}, undefined, withDealer(dealer));
    const recorded = await bookedDeal(service, {}, undefined, withDealer(dealer));
    await takeStep(service, recorded.dealId, 'hand-over', dealer, { outcome: 'agreed-price' });
    service.advanceClock(HOUR_MS);
    const dueLater = await openDeal(service, {}, undefined, withDealer(dealer));
    const booked = await bookedDeal(service, {}, undefined, withDealer(dealer));
    const overdue = await openDeal(service, {}, undefined, withDealer(dealer));
    await service.fireClock(overdue.dealId, 'proposal-overdue');

    const listed = await listDeals({ dealerId: dealer.userId! });

    expect(listed.status).toBe(200);
    expect(listed.ids).toEqual([overdue, dueSoonest, dueLater, recorded, booked, cancelled, completed].map((deal) => deal.dealId));
    expect(listed.body.map((row) => row.deal.state)).toEqual(['accepted', 'accepted', 'accepted', 'sale-recorded', 'appointment-booked', 'cancelled', 'completed']);
    expect(listed.body[0]!.deal).toMatchObject({ overdue: true, nextStep: { action: 'propose-slots', actor: 'dealer' } });
    expect(listed.nextCursor).toBeUndefined();
  });

  it("When an admin lists deals, then each row is the deal as an admin sees it, with its car and the seller's name and e-mail, and the serving is logged", async () => {
    const open = await openDeal(service);

    const listed = await listDeals({ dealerId: open.dealer.userId! });
    const accessLog = await service.request<ContactAccessEntry[]>(`/api/vehicles/${open.vehicleId}/access-log`, { as: admin });

    expect(listed.body).toEqual([
      {
        deal: expect.objectContaining({ id: open.dealId, vehicleId: open.vehicleId, state: 'accepted', agreedPrice: 15_500, allowed: ['cancel'] }),
        vehicle: { year: 2018, make: 'honda', model: 'Accord', makeName: 'Honda', modelName: 'Accord', trim: 'EX-L' },
        seller: { fullName: SELLER_CONTACT.fullName, email: open.sellerEmail },
      },
    ]);
    expect(listed.body[0]).not.toHaveProperty('searchText');
    expect(accessLog.body).toContainEqual(expect.objectContaining({ viewerRole: 'admin', viewerEmail: admin.email }));
  });

  it('When the list is narrowed by state or by dealer, then only those deals answer', async () => {
    const dealer = person('dealer');
    const other = await openDeal(service);
    const open = await openDeal(service, {}, undefined, withDealer(dealer));
    const cancelled = await openDeal(service, {}, undefined, withDealer(dealer));
    await takeStep(service, cancelled.dealId, 'cancel', dealer, { reason: 'no-contact' });

    const ofDealer = await listDeals({ dealerId: dealer.userId! });
    const cancelledOfDealer = await listDeals({ dealerId: dealer.userId!, state: 'cancelled' });
    const acceptedOfDealer = await listDeals({ dealerId: dealer.userId!, state: 'accepted' });
    const accepted = await listDeals({ state: 'accepted', limit: '100' });

    expect(ofDealer.ids).toEqual([open.dealId, cancelled.dealId]);
    expect(cancelledOfDealer.ids).toEqual([cancelled.dealId]);
    expect(acceptedOfDealer.ids).toEqual([open.dealId]);
    expect(accepted.body.every((row) => row.deal.state === 'accepted')).toBe(true);
    expect(ofDealer.ids).not.toContain(other.dealId);
  });

  it("When the admin searches, then a deal answers only if every word, in any order and any case, is in its car, its seller's name or e-mail, or its dealership", async () => {
    const surname = uniqueWord('Surname');
    const model = uniqueWord('Model');
    const sellerEmail = `${uniqueWord('owner')}@example.com`;
    const found = await openDeal(service, { fullName: `Jordan ${surname}`, model, trim: 'ALL-TRAC' }, undefined, withSellerEmail(sellerEmail));
    const sameName = await openDeal(service, { fullName: `Jordan ${surname}`, model: 'Civic' }, undefined, withSellerEmail(`${uniqueWord('other')}@example.com`));

    const byNameAnyOrder = await listDeals({ q: `${surname.toUpperCase()} jordan` });
    const byCar = await listDeals({ q: `all-trac 2018 ${model} Honda` });
    const byCarAndName = await listDeals({ q: `${model.toUpperCase()} ${surname}` });
    const bySellerEmail = await listDeals({ q: sellerEmail });
    const byDealership = await listDeals({ q: `${found.dealer.email} ${surname}` });
    const oneWordMisses = await listDeals({ q: `${surname} toyota` });

    expect(byNameAnyOrder.ids.sort()).toEqual([found.dealId, sameName.dealId].sort());
    expect(byCar.ids).toEqual([found.dealId]);
    expect(byCarAndName.ids).toEqual([found.dealId]);
    expect(bySellerEmail.ids).toEqual([found.dealId]);
    expect(byDealership.ids).toEqual([found.dealId]);
    expect(oneWordMisses).toMatchObject({ status: 200, body: [] });
  });

  it('When the list is read a page at a time, then the cursor leads through every deal once, in order, and the last page has none', async () => {
    const dealer = person('dealer');
    for (let count = 0; count < 5; count++) await openDeal(service, {}, undefined, withDealer(dealer));
    const whole = await listDeals({ dealerId: dealer.userId! });

    const first = await listDeals({ dealerId: dealer.userId!, limit: '2' });
    const second = await listDeals({ dealerId: dealer.userId!, limit: '2', cursor: first.nextCursor! });
    const third = await listDeals({ dealerId: dealer.userId!, limit: '2', cursor: second.nextCursor! });

    expect(whole.ids).toHaveLength(5);
    expect([first.ids.length, second.ids.length, third.ids.length]).toEqual([2, 2, 1]);
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual(whole.ids);
    expect(first.nextCursor).toBeTruthy();
    expect(third.nextCursor).toBeUndefined();
  });

  it('When anyone but an admin asks, then an anonymous caller is refused with 401 and a seller or dealer with 403', async () => {
    const open = await openDeal(service);

    const answers = await Promise.all([{ role: 'anonymous' } as TestCaller, open.seller, open.dealer, open.admin].map((caller) => listDeals({ dealerId: open.dealer.userId! }, caller)));

    expect(answers.map((answer) => answer.status)).toEqual([401, 403, 403, 200]);
  });

  it('When the query holds an unknown state, a limit out of range or a cursor of another list, then 400 names the field', async () => {
    const carListCursor = Buffer.from(JSON.stringify({ s: 'newest', k: `001767608430456-${'0'.repeat(24)}` })).toString('base64url');

    const badState = await listDeals({ state: 'sold' });
    const zeroLimit = await listDeals({ limit: '0' });
    const hugeLimit = await listDeals({ limit: '101' });
    const wordLimit = await listDeals({ limit: 'ten' });
    const badCursor = await listDeals({ cursor: carListCursor });

    expect(badState).toMatchObject({ status: 400, body: { errors: { state: expect.stringContaining('State must be one of: accepted') } } });
    for (const answer of [zeroLimit, hugeLimit, wordLimit]) expect(answer).toMatchObject({ status: 400, body: { errors: { limit: 'limit must be a whole number from 1 to 100' } } });
    expect(badCursor).toMatchObject({ status: 400, body: { errors: { cursor: 'Invalid cursor' } } });
  });

  it('When deals were stored before the list existed, then the start-up fill gives them their place and search text', async () => {
    const surname = uniqueWord('Before');
    const open = await openDeal(service, { fullName: `Robin ${surname}` });
    const connection = await mongoose.createConnection(service.config.MONGODB_URI, { dbName: service.config.MONGODB_DB }).asPromise();
    try {
      const deals = dealModel(connection);
      const vehicles = vehicleModel(connection);
      await deals.collection.updateOne({ _id: new mongoose.Types.ObjectId(open.dealId) }, { $unset: { listKey: '', searchText: '' } });
      const beforeFill = await listDeals({ dealerId: open.dealer.userId! });

      const filled = await fillMissingDealListFields(deals, vehicles);
      const again = await fillMissingDealListFields(deals, vehicles);
      const afterFill = await listDeals({ q: `${surname} robin`, dealerId: open.dealer.userId! });

      expect(beforeFill.ids).toEqual([]);
      expect(filled).toBeGreaterThanOrEqual(1);
      expect(again).toBe(0);
      expect(afterFill.ids).toEqual([open.dealId]);
    } finally {
      await connection.close();
    }
  });
});

describe('GET /api/deals?review=price-changes (the review queue)', () => {
  it('When a dealer asked for a lower price, then its deal is in the queue until an admin judges it, whatever became of the price since; deals without one never are', async () => {
    const dealer = person('dealer');
    const proposed = await withPriceChange(withDealer(dealer));
    const refused = await withPriceChange(withDealer(dealer));
    await takeStep(service, refused.dealId, 'price-change/refuse', refused.seller);
    const withoutPriceChange = await bookedDeal(service, {}, undefined, withDealer(dealer));

    const before = await listDeals({ review: 'price-changes', dealerId: dealer.userId! });
    await takeStep(service, proposed.dealId, 'price-change/verdict', admin, { verdict: 'justified' });
    const afterVerdict = await listDeals({ review: 'price-changes', dealerId: dealer.userId! });
    const wholeList = await listDeals({ dealerId: dealer.userId! });

    expect(before.status).toBe(200);
    expect(before.ids.sort()).toEqual([proposed.dealId, refused.dealId].sort());
    expect(before.body.find((row) => row.deal.id === refused.dealId)?.deal).toMatchObject({ state: 'cancelled', priceChange: { price: 14_000 } });
    expect(afterVerdict.ids).toEqual([refused.dealId]);
    expect(wholeList.ids).toContain(withoutPriceChange.dealId);
    expect(wholeList.ids).toContain(proposed.dealId);
  });

  it('When the queue is searched, narrowed by state or read a page at a time, then it answers as the whole list does', async () => {
    const dealer = person('dealer');
    const surname = uniqueWord('Queue');
    const found = await withPriceChange(withDealer(dealer), { fullName: `Sam ${surname}` });
    const other = await withPriceChange(withDealer(dealer));
    const third = await withPriceChange(withDealer(dealer));
    await takeStep(service, third.dealId, 'price-change/accept', third.seller);
    const whole = await listDeals({ review: 'price-changes', dealerId: dealer.userId! });

    const searched = await listDeals({ review: 'price-changes', q: surname });
    const completed = await listDeals({ review: 'price-changes', dealerId: dealer.userId!, state: 'completed' });
    const first = await listDeals({ review: 'price-changes', dealerId: dealer.userId!, limit: '2' });
    const second = await listDeals({ review: 'price-changes', dealerId: dealer.userId!, limit: '2', cursor: first.nextCursor! });

    expect(whole.ids.sort()).toEqual([found.dealId, other.dealId, third.dealId].sort());
    expect(searched.ids).toEqual([found.dealId]);
    expect(completed.ids).toEqual([third.dealId]);
    expect([...first.ids, ...second.ids]).toEqual(whole.ids);
    expect(second.nextCursor).toBeUndefined();
  });

  it('When the review named is unknown, or a non-admin asks, then it is refused', async () => {
    const [unknown, bySeller, byDealer] = await Promise.all([
      listDeals({ review: 'cancellations' }),
      listDeals({ review: 'price-changes' }, person('seller')),
      listDeals({ review: 'price-changes' }, person('dealer')),
    ]);

    expect(unknown).toMatchObject({ status: 400, body: { errors: { review: 'review must be price-changes' } } });
    expect([bySeller.status, byDealer.status]).toEqual([403, 403]);
  });
});

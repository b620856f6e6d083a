import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerOwnRecord, ErrorBody, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { callers, startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
const who = callers();

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

function patchAs(caller: TestCaller, id: string, body: unknown) {
  return service.request<VehicleView & ErrorBody>(`/api/vehicles/${id}`, { method: 'PATCH', as: caller, body });
}

function viewAs(caller: TestCaller, id: string) {
  return service.request<VehicleView>(`/api/vehicles/${id}`, { as: caller });
}

function ownRecordsOf(caller: TestCaller, ids: string[]) {
  return service.request<DealerOwnRecord[]>(`/api/vehicles/mine?vehicleIds=${ids.join(',')}`, { as: caller });
}

const FULL_FORM = { notes: 'Called twice', status: 'contacted', contacted: true, offerMade: true } as const;

describe('PATCH /api/vehicles/{id}', () => {
  it('When an admin saves the follow-up form and the address, then the vehicle itself changes and the answer is the updated vehicle', async () => {
    const id = await submitCar(service);

    const form = await patchAs(who.admin, id, { ...FULL_FORM, streetAddress: '' });
    const address = await patchAs(who.admin, id, { streetAddress: '12 Elm Street' });
    const after = await viewAs(who.admin, id);

    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ id, ...FULL_FORM });
    expect(address.body).toMatchObject({ streetAddress: '12 Elm Street', notes: 'Called twice' });
    expect(after.body).toMatchObject({ ...FULL_FORM, streetAddress: '12 Elm Street' });
  });

  it("When a dealer saves the form, then it is that dealer's own record: in its answers and its own records, unseen by the other dealer, the list and the admin", async () => {
    const id = await submitCar(service);

    const saved = await patchAs(who.dealer, id, { notes: 'Dealer one notes', status: 'approved', contacted: true, offerMade: false });
    const mine = await viewAs(who.dealer, id);
    const mineOwn = await ownRecordsOf(who.dealer, [id]);
    const list = await service.request<VehicleView[]>('/api/vehicles?limit=100', { as: who.dealer });
    const theirs = await viewAs(who.secondDealer, id);
    const theirsOwn = await ownRecordsOf(who.secondDealer, [id]);
    const admin = await viewAs(who.admin, id);

    expect(saved).toMatchObject({ status: 200, body: { id, notes: 'Dealer one notes', status: 'approved', contacted: true, offerMade: false } });
    expect(mine.body).toMatchObject({ notes: 'Dealer one notes', status: 'approved', contacted: true });
    expect(mineOwn.body).toEqual([{ vehicleId: id, notes: 'Dealer one notes', status: 'approved', contacted: true, offerMade: false }]);
    expect(list.body.find((vehicle) => vehicle.id === id)).toMatchObject({ status: 'new', contacted: false, offerMade: false });
    expect(JSON.stringify(list.body)).not.toContain('Dealer one notes');
    expect(theirs.body).toMatchObject({ status: 'new', contacted: false, offerMade: false });
    expect(theirs.body).not.toHaveProperty('notes');
    expect(theirsOwn.body).toEqual([]);
    expect(admin.body).toMatchObject({ status: 'new', contacted: false });
    expect(admin.body).not.toHaveProperty('notes');
  });

  it('When two dealers ask for their own records at the same moment, then each gets only its own', async () => {
    const first = await submitCar(service);
    const second = await submitCar(service);
    await patchAs(who.dealer, first, { notes: 'Dealer one, first car', status: 'approved' });
    await patchAs(who.secondDealer, second, { notes: 'Dealer two, second car', status: 'rejected', contacted: true });

    const answers = await Promise.all([who.dealer, who.secondDealer, who.dealer, who.secondDealer].map((dealer) => ownRecordsOf(dealer, [first, second])));

    for (const [index, answer] of answers.entries()) {
      expect(answer.body).toEqual(
        index % 2 === 0
          ? [{ vehicleId: first, notes: 'Dealer one, first car', status: 'approved', contacted: false, offerMade: false }]
          : [{ vehicleId: second, notes: 'Dealer two, second car', status: 'rejected', contacted: true, offerMade: false }],
      );
    }
  });

  it("When the admin writes notes, then dealers never see them", async () => {
    const id = await submitCar(service);
    await patchAs(who.admin, id, { notes: 'Admin only note', status: 'approved' });

    const dealerView = await viewAs(who.dealer, id);

    expect(dealerView.body).not.toHaveProperty('notes');
    expect(dealerView.body.status).toBe('new');
  });

  it('When a dealer sends a street address, then it answers 403 and nothing changes', async () => {
    const id = await submitCar(service);

    const response = await patchAs(who.dealer, id, { streetAddress: '1 Main St', notes: 'sneaky' });
    const dealerView = await viewAs(who.dealer, id);
    const admin = await viewAs(who.admin, id);

    expect(response).toMatchObject({ status: 403, body: { message: 'Only an admin can change the street address' } });
    expect(dealerView.body).not.toHaveProperty('notes');
    expect(admin.body).not.toHaveProperty('streetAddress');
  });

  it('When the status is not one of the six, a field is unknown or the body is empty, then it answers 400 with messages', async () => {
    const id = await submitCar(service);

    const badStatus = await patchAs(who.admin, id, { status: 'sold' });
    const badFlag = await patchAs(who.admin, id, { contacted: 'yes' });
    const unknown = await patchAs(who.admin, id, { make: 'bmw' });
    const empty = await patchAs(who.admin, id, {});

    expect(badStatus).toMatchObject({ status: 400, body: { errors: { status: 'Status must be one of: new, contacted, pending, approved, rejected, completed' } } });
    expect(badFlag).toMatchObject({ status: 400, body: { errors: { contacted: 'Contacted must be true or false' } } });
    expect(unknown.status).toBe(400);
    expect(empty).toMatchObject({ status: 400, body: { errors: { _: 'Nothing to update' } } });
  });

  it('When callers of each role save the form, then only dealers and the admin may', async () => {
    const id = await submitCar(service, { contactEmail: who.sellerEmail });

    const statuses: Record<string, number> = {};
    for (const role of ['anonymous', 'pendingDealer', 'seller', 'otherSeller', 'dealer', 'secondDealer', 'admin'] as const) {
      statuses[role] = (await patchAs(who[role], id, { notes: `by ${role}` })).status;
    }

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 403, otherSeller: 403, dealer: 200, secondDealer: 200, admin: 200 });
  });

  it('When the car does not exist, then it answers 404 "Vehicle not found"', async () => {
    const response = await patchAs(who.admin, '0123456789abcdef01234567', { notes: 'x' });

    expect(response).toMatchObject({ status: 404, body: { message: 'Vehicle not found' } });
  });
});

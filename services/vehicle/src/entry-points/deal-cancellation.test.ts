import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView, ErrorBody, OfferView, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { bookedDeal, dealStep, openDeal, relayed, slotsAhead, takeStep } from '../testing/deal-test-kit';
import { startVehicleServiceForTest, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

function carAs(vehicleId: string, caller: TestCaller) {
  return service.request<VehicleView & ErrorBody>(`/api/vehicles/${vehicleId}`, { as: caller });
}

function dealOfCar(vehicleId: string, caller: TestCaller) {
  return service.request<DealView & ErrorBody>(`/api/vehicles/${vehicleId}/deal`, { as: caller });
}

function offer(caller: TestCaller, vehicleId: string, amount: number) {
  return service.request<OfferView & ErrorBody>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body: { amount } });
}

function newDealer(name: string): TestCaller {
  return { role: 'dealer', userId: `${name}-${randomUUID()}`, email: `${name}-${randomUUID()}@example.com` };
}

async function listedForDealers(vehicleId: string, caller: TestCaller): Promise<boolean> {
  const page = await service.request<VehicleView[]>('/api/vehicles?limit=100', { as: caller });
  return page.body.some((car) => car.id === vehicleId);
}

describe('POST /api/deals/{id}/cancel', () => {
  it("When the seller cancels a booked deal, then the car is listed again, its dealer keeps the deal but loses the seller's contact, only the dealers declined for that sale hear the car is available again, and the booked appointment is withdrawn from both calendars", async () => {
    const declinedBySeller = newDealer('declined-by-seller');
    const withdrawnOffer = newDealer('withdrew');
    const open = await bookedDeal(service, {}, async (vehicleId, people) => {
      const declined = await offer(declinedBySeller, vehicleId, 14_000);
      await service.request(`/api/offers/${declined.body.id}/decline`, { method: 'POST', as: people.seller });
      const withdrawn = await offer(withdrawnOffer, vehicleId, 14_500);
      await service.request(`/api/offers/${withdrawn.body.id}/withdraw`, { method: 'POST', as: withdrawnOffer });
    });
    const contactBefore = await carAs(open.vehicleId, open.dealer);

    const cancelled = await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'sold-elsewhere', note: 'A neighbour bought it' });
    const contactAfter = await carAs(open.vehicleId, open.dealer);
    const dealForDealer = await dealOfCar(open.vehicleId, open.dealer);
    const car = await carAs(open.vehicleId, open.admin);

    expect(cancelled).toMatchObject({ state: 'cancelled', allowed: [], cancellation: { by: 'seller', reason: 'sold-elsewhere', note: 'A neighbour bought it', dealerLapse: false } });
    expect(cancelled.nextStep).toBeUndefined();
    expect(cancelled.timeline.at(-1)).toMatchObject({ kind: 'cancelled', by: 'seller', text: 'The seller cancelled the deal: The car was sold elsewhere' });
    expect(contactBefore.body.fullName).toBe('Pat Q. Seller');
    expect(contactAfter.status).toBe(200);
    expect(contactAfter.body.fullName).toBeUndefined();
    expect(contactAfter.body.contactEmail).toBeUndefined();
    expect(contactAfter.body.saleAgreed).toBeUndefined();
    expect(dealForDealer.status).toBe(200);
    expect(dealForDealer.body.state).toBe('cancelled');
    expect(car.body.status).toBe('new');
    expect(await listedForDealers(open.vehicleId, newDealer('newcomer'))).toBe(true);
    const [dealCancelled] = await relayed(service, open.dealId, 'deal.cancelled');
    expect(dealCancelled).toMatchObject({ by: 'seller', reason: 'sold-elsewhere', note: 'A neighbour bought it', dealerLapse: false, dealer: { email: open.dealer.email } });
    // The booked appointment leaves both calendars: the booking's time and place, the SEQUENCE after the booking's (0).
    expect(dealCancelled!.appointment).toEqual({ startsAt: open.deal.booked!.startsAt, endsAt: open.deal.booked!.endsAt, place: 'dealership', placeAddress: open.deal.placeAddress, sequence: 1 });
    const [availableAgain] = await relayed(service, open.vehicleId, 'vehicle.available-again');
    expect(availableAgain).toMatchObject({ vehicleId: open.vehicleId, mileage: 42_000, zipCode: '62704' });
    expect(availableAgain!.dealers).toEqual([{ dealershipName: open.declinedDealer.email, email: open.declinedDealer.email, why: 'declined-offer' }]);
  });

  it("When the appointment was at the seller's address, then the cancelled deal's dealer no longer gets that address", async () => {
    const open = await openDeal(service);
    const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [30]), place: 'seller-address' });
    const booked = await takeStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[0]!.id, streetAddress: '9 Oak Lane' });
    const bookedForDealer = await dealOfCar(open.vehicleId, open.dealer);

    await takeStep(service, open.dealId, 'cancel', open.dealer, { reason: 'schedule' });
    const forDealer = await dealOfCar(open.vehicleId, open.dealer);
    const forSeller = await dealOfCar(open.vehicleId, open.seller);

    expect(booked.placeAddress).toBe('9 Oak Lane, Springfield, IL 62704');
    expect(bookedForDealer.body.placeAddress).toBe('9 Oak Lane, Springfield, IL 62704');
    expect(forDealer.body).toMatchObject({ state: 'cancelled', place: 'seller-address', cancellation: { by: 'dealer', reason: 'schedule' } });
    expect(forDealer.body.placeAddress).toBeUndefined();
    expect(forSeller.body.placeAddress).toBe('9 Oak Lane, Springfield, IL 62704');
  });

  it('When the car is listed again, then a declined dealer may offer anew, and the seller accepting it opens a new deal', async () => {
    const open = await openDeal(service);
    await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'changed-mind' });

    const renewed = await offer(open.declinedDealer, open.vehicleId, 16_000);
    const accepted = await service.request<OfferView>(`/api/offers/${renewed.body.id}/accept`, { method: 'POST', as: open.seller });
    const deal = await dealOfCar(open.vehicleId, open.seller);
    const oldDealForOldDealer = await dealOfCar(open.vehicleId, open.dealer);
    const offers = await service.request<OfferView[]>(`/api/vehicles/${open.vehicleId}/offers`, { as: open.seller });

    expect(renewed.status).toBe(201);
    expect(accepted.status).toBe(200);
    expect(deal.body).toMatchObject({ offerId: renewed.body.id, state: 'accepted', agreedPrice: 16_000, dealerId: open.declinedDealer.userId });
    expect(deal.body.id).not.toBe(open.dealId);
    expect(oldDealForOldDealer.status).toBe(404);
    expect(offers.body.filter((entry) => entry.status === 'declined').map((entry) => entry.amount)).toEqual([15_000]);
  });

  it('When an admin cancels with a written reason, then the deal records CarDirect as the canceller and both sides read the reason', async () => {
    const open = await openDeal(service);

    const noNote = await dealStep(service, open.dealId, 'cancel', open.admin, { reason: 'other' });
    const cancelled = await takeStep(service, open.dealId, 'cancel', open.admin, { note: 'Reported as stolen' });

    expect(noNote.status).toBe(400);
    expect(noNote.body.errors).toEqual({ note: 'Give the reason both sides will read' });
    expect(cancelled.cancellation).toMatchObject({ by: 'admin', reason: 'admin', note: 'Reported as stolen', dealerLapse: false });
    expect(cancelled.timeline.at(-1)).toMatchObject({ kind: 'cancelled', by: 'admin', text: 'CarDirect cancelled the deal: Cancelled by CarDirect' });
    const [event] = await relayed(service, open.dealId, 'deal.cancelled');
    expect(event).toMatchObject({ by: 'admin', reason: 'admin', note: 'Reported as stolen' });
  });

  it('When a cancellation has no reason, comes twice, comes after completion or from a stranger, then each is refused saying why', async () => {
    const open = await openDeal(service);
    const noReason = await dealStep(service, open.dealId, 'cancel', open.seller, { note: 'bye' });
    const stranger = await dealStep(service, open.dealId, 'cancel', open.stranger, { reason: 'other' });
    const anonymous = await dealStep(service, open.dealId, 'cancel', { role: 'anonymous' }, { reason: 'other' });
    await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'other' });
    const twice = await dealStep(service, open.dealId, 'cancel', open.dealer, { reason: 'other' });
    const completed = await bookedDeal(service);
    await takeStep(service, completed.dealId, 'confirm', completed.seller);
    const afterCompletion = await dealStep(service, completed.dealId, 'cancel', completed.dealer, { reason: 'other' });

    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'Choose a reason' });
    expect([stranger.status, anonymous.status, twice.status, afterCompletion.status]).toEqual([404, 401, 409, 409]);
    expect(twice.body.message).toBe('This deal was cancelled');
    expect(afterCompletion.body.message).toBe('This deal is already completed');
  });

  it("When an admin edits the car's status during a deal, then the deal does not move", async () => {
    const open = await bookedDeal(service);

    const edited = await service.request<VehicleView>(`/api/vehicles/${open.vehicleId}`, { method: 'PATCH', as: open.admin, body: { status: 'completed' } });
    const deal = await dealOfCar(open.vehicleId, open.seller);

    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('completed');
    expect(deal.body).toMatchObject({ state: 'appointment-booked', allowed: ['request-other-times', 'confirm-sale', 'cancel'] });
  });
});

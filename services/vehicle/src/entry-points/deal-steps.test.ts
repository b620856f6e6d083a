import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEAL_PROPOSAL_HOURS,
  priceNotLowerMessage,
  STREET_ADDRESS_REQUIRED_MESSAGE,
  type DealerOffersAnswer,
  type DealView,
  type ErrorBody,
  type HandOverFault,
  type SellerVehicleView,
  type VehicleView,
} from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { fetchPhotoBytes } from '../testing/fetch-photo';
import { bookedDeal, dealStep, openDeal, relayed, slotsAhead, takeStep } from '../testing/deal-test-kit';
import { asDataUrl, jpegWithMetadata, OWNER_NAME } from '../testing/photos-with-metadata';
import { fakeImageDataUrl, jpegDataUrl } from '../testing/sample-photos';
import { startVehicleServiceForTest, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

const HOUR_MS = 60 * 60 * 1000;
const rearDoorDent: HandOverFault = { kind: 'panel-damage', panel: 'rear-left-door', damage: 'dent', size: 'medium' };
let service: VehicleServiceForTest;

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

function dealOfCar(vehicleId: string, caller: TestCaller) {
  return service.request<DealView & ErrorBody>(`/api/vehicles/${vehicleId}/deal`, { as: caller });
}

describe('The deal after Accept', () => {
  it("When the seller accepts an offer, then a deal opens in which the dealer owes times within 24 hours, on two clocks, and the car's parties and an admin see it", async () => {
    const open = await openDeal(service);

    const [asSeller, asDealer, asAdmin, asStranger, asOtherSeller] = await Promise.all(
      [open.seller, open.dealer, open.admin, open.stranger, open.otherSeller].map((caller) => dealOfCar(open.vehicleId, caller)),
    );

    expect(asSeller.status).toBe(200);
    expect(asSeller.body).toMatchObject({ id: open.dealId, offerId: open.offerId, state: 'accepted', agreedPrice: 15_500, overdue: false, slots: [] });
    expect(Date.parse(asSeller.body.proposalDueAt!) - Date.parse(asSeller.body.acceptedAt)).toBe(DEAL_PROPOSAL_HOURS * HOUR_MS);
    expect(asSeller.body.nextStep).toEqual({ action: 'propose-slots', actor: 'dealer', dueAt: asSeller.body.proposalDueAt });
    expect(asSeller.body.timeline).toEqual([{ at: asSeller.body.acceptedAt, kind: 'accepted', by: 'seller', text: `Accepted the offer of $15,500 from ${open.dealer.email}` }]);
    expect(asSeller.body.allowed).toEqual(['cancel']);
    expect(asDealer.body.allowed).toEqual(['propose-slots', 'cancel']);
    expect(asAdmin.body.allowed).toEqual(['cancel']);
    expect([asStranger.status, asOtherSeller.status]).toEqual([404, 404]);
    expect(await service.waitingClocks(open.dealId)).toEqual(['proposal-overdue.1', 'proposal-reminder.1']);
  });

  it('When a car has no deal, then asking for it answers 404', async () => {
    const open = await openDeal(service);
    const otherCar = await submitCar(service);

    const answer = await dealOfCar(otherCar, open.admin);

    expect(answer.status).toBe(404);
  });

  it("When the seller's dashboard and the dealer's offers are read, then each row names its deal", async () => {
    const open = await openDeal(service);

    const rows = await service.request<SellerVehicleView[]>('/api/seller/vehicles', { as: open.seller });
    const mine = await service.request<DealerOffersAnswer>('/api/offers/mine', { as: open.dealer });
    const declined = await service.request<DealerOffersAnswer>('/api/offers/mine', { as: open.declinedDealer });

    expect(rows.body.find((row) => row.id === open.vehicleId)).toMatchObject({ dealId: open.dealId, dealState: 'accepted' });
    expect(mine.body.offers).toHaveLength(1);
    expect(mine.body.offers[0]).toMatchObject({ id: open.offerId, vehicleId: open.vehicleId, amount: 15_500, status: 'accepted', vehicle: { year: 2018, make: 'honda', makeName: 'Honda', modelName: 'Accord' }, deal: { id: open.dealId, state: 'accepted', allowed: ['propose-slots', 'cancel'] } });
    expect(declined.body.offers).toEqual([expect.objectContaining({ status: 'declined', declineReason: 'another-offer-accepted' })]);
    expect(declined.body.offers[0]!.deal).toBeUndefined();
  });

  it('When a seller or an admin asks for "my offers", then only a dealer may', async () => {
    const open = await openDeal(service);

    const statuses = await Promise.all([open.seller, open.admin].map(async (caller) => (await service.request('/api/offers/mine', { as: caller })).status));

    expect(statuses).toEqual([403, 403]);
  });
});

describe('POST /api/deals/{id}/slots', () => {
  it('When the dealer proposes two times at the dealership, then the seller is to choose one, with times in UTC, and hears of it', async () => {
    const open = await openDeal(service);
    const slots = slotsAhead(service, [50, 26], 3);

    const deal = await takeStep(service, open.dealId, 'slots', open.dealer, { slots, place: 'dealership', message: 'Bring both keys' });

    expect(deal).toMatchObject({ state: 'appointment-proposed', place: 'dealership', placeAddress: open.dealer.email, dealerMessage: 'Bring both keys', overdue: false });
    expect(deal.proposalDueAt).toBeUndefined();
    expect(deal.slots.map((slot) => [slot.startsAt, slot.endsAt])).toEqual(
      [slots[1]!, slots[0]!].map((slot) => [slot.startsAt, new Date(Date.parse(slot.startsAt) + 3 * HOUR_MS).toISOString()]),
    );
    expect(deal.nextStep).toEqual({ action: 'book-slot', actor: 'seller' });
    expect(deal.allowed).toEqual(['cancel']);
    expect(deal.timeline.at(-1)).toMatchObject({ kind: 'slots-proposed', by: 'dealer', text: 'Proposed 2 times at the dealership' });
    const [proposed] = await relayed(service, open.dealId, 'deal.slots-proposed');
    expect(proposed).toMatchObject({ dealId: open.dealId, place: 'dealership', message: 'Bring both keys', reschedule: false, seller: { email: open.sellerEmail }, dealer: { email: open.dealer.email }, zipCode: '62704' });
    expect(await service.waitingClocks(open.dealId)).toEqual(['proposal-overdue.1', 'proposal-reminder.1']);
  });

  it('When the times are too soon, too far ahead, twice the same or not 1 to 3, then 400 names each field', async () => {
    const open = await openDeal(service);
    const [soon, far, fine] = slotsAhead(service, [1, 24 * 15, 30]);

    const badTimes = await dealStep(service, open.dealId, 'slots', open.dealer, { slots: [soon, far, fine], place: 'dealership' });
    const twice = await dealStep(service, open.dealId, 'slots', open.dealer, { slots: [fine, fine], place: 'dealership' });
    const none = await dealStep(service, open.dealId, 'slots', open.dealer, { slots: [], place: 'seller-address' });
    const bad = await dealStep(service, open.dealId, 'slots', open.dealer, { slots: [{ startsAt: 'tomorrow', hours: 4 }], place: 'garage' });

    expect(badTimes.status).toBe(400);
    expect(badTimes.body.errors).toEqual({ 'slots.0.startsAt': 'Choose a time at least 2 hours from now', 'slots.1.startsAt': 'Choose a time within the next 14 days' });
    expect(twice.body.errors).toEqual({ 'slots.1.startsAt': 'This time is already proposed' });
    expect(none.body.errors).toEqual({ slots: 'Propose 1 to 3 time slots' });
    expect(bad.body.errors).toEqual({ 'slots.0.startsAt': 'Choose a date and a start time', 'slots.0.hours': 'A slot lasts 1 to 3 hours', place: "Choose where: the seller's address or the dealership" });
    expect((await dealOfCar(open.vehicleId, open.seller)).body.state).toBe('accepted');
  });

  it("When the seller, an admin or another dealer proposes times, then the seller and the admin are refused saying why, and to the other dealer the deal does not exist", async () => {
    const open = await openDeal(service);
    const body = { slots: slotsAhead(service, [30]), place: 'dealership' };

    const [seller, admin, stranger] = await Promise.all([open.seller, open.admin, open.stranger].map((caller) => dealStep(service, open.dealId, 'slots', caller, body)));

    expect([seller.status, admin.status, stranger.status]).toEqual([403, 403, 404]);
    expect(seller.body.message).toBe('Only the dealer whose offer was accepted can propose appointment times');
  });

  it('When the dealer proposes again while the seller is choosing, then 409 says so', async () => {
    const open = await openDeal(service);
    const body = { slots: slotsAhead(service, [30]), place: 'dealership' };
    await takeStep(service, open.dealId, 'slots', open.dealer, body);

    const again = await dealStep(service, open.dealId, 'slots', open.dealer, body);

    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already proposed times; the seller is choosing one');
  });
});

describe('POST /api/deals/{id}/booking', () => {
  it("When the seller books a time at their address, then the address becomes the car's, both get the appointment, and a reminder waits for the day before", async () => {
    const open = await openDeal(service);
    const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [30, 54]), place: 'seller-address' });

    const deal = await takeStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[1]!.id, streetAddress: '12 Elm Street' });
    const car = await service.request<VehicleView>(`/api/vehicles/${open.vehicleId}`, { as: open.admin });

    expect(deal).toMatchObject({ state: 'appointment-booked', booked: proposed.slots[1], placeAddress: '12 Elm Street, Springfield, IL 62704' });
    expect(deal.nextStep).toEqual({ action: 'record-hand-over', actor: 'dealer' });
    expect(deal.allowed).toEqual(['request-other-times', 'confirm-sale', 'cancel']);
    expect(car.body.streetAddress).toBe('12 Elm Street');
    const [booked] = await relayed(service, open.dealId, 'deal.booked');
    expect(booked).toMatchObject({ startsAt: proposed.slots[1]!.startsAt, endsAt: proposed.slots[1]!.endsAt, place: 'seller-address', placeAddress: '12 Elm Street, Springfield, IL 62704', sequence: 0 });
    expect(await service.waitingClocks(open.dealId)).toContain('appointment-reminder.3');
  });

  it("When the appointment is at the seller's address and the car has none, then a booking without one is refused with the field's message", async () => {
    const open = await openDeal(service);
    const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [30]), place: 'seller-address' });

    const answer = await dealStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[0]!.id });
    const noSlot = await dealStep(service, open.dealId, 'booking', open.seller, {});

    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ streetAddress: STREET_ADDRESS_REQUIRED_MESSAGE });
    expect(noSlot.body.errors).toEqual({ slotId: 'Choose one of the proposed times' });
  });

  it('When two tabs book two different times at the same moment, then one wins and the other gets 409', async () => {
    const open = await openDeal(service);
    const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [30, 54]), place: 'dealership' });

    const answers = await Promise.all(proposed.slots.map((slot) => dealStep(service, open.dealId, 'booking', open.seller, { slotId: slot.id })));
    const deal = await dealOfCar(open.vehicleId, open.seller);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('These times were already booked');
    expect(deal.body.booked).toEqual(winner.body.booked);
    expect(deal.body.timeline.filter((entry) => entry.kind === 'booked')).toHaveLength(1);
    await relayed(service, open.dealId, 'deal.booked');
    expect((await service.eventsAbout(open.dealId)).filter((event) => event.name === 'deal.booked')).toHaveLength(1);
  });

  it('When the seller books a time booked already, books as the dealer, or books a time that has begun, then each is refused saying why', async () => {
    const open = await openDeal(service);
    const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [3, 30]), place: 'dealership' });
    const asDealer = await dealStep(service, open.dealId, 'booking', open.dealer, { slotId: proposed.slots[0]!.id });

    service.advanceClock(4 * HOUR_MS);
    const begun = await dealStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[0]!.id });
    await takeStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[1]!.id });
    const twice = await dealStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[1]!.id });

    expect([asDealer.status, begun.status, twice.status]).toEqual([403, 409, 409]);
    expect(asDealer.body.message).toBe('Only the seller can book an appointment');
    expect(begun.body.message).toBe('This time has already begun: choose a later one, or ask the dealer for other times');
    expect(twice.body.message).toBe('These times were already booked');
  });

  it('When the appointment is less than a day away, then no reminder is scheduled for the day before', async () => {
    const open = await openDeal(service);
    const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [5]), place: 'dealership' });

    await takeStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[0]!.id });

    expect(await service.waitingClocks(open.dealId)).toEqual(['proposal-overdue.1', 'proposal-reminder.1']);
  });
});

describe('POST /api/deals/{id}/other-times and rescheduling', () => {
  it("When the seller asks for other times, then the dealer owes new ones within 24 hours of the request, on new clocks, and may propose again", async () => {
    const open = await openDeal(service);
    await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [30]), place: 'dealership' });

    const asked = await takeStep(service, open.dealId, 'other-times', open.seller, { message: 'Weekends only, please' });
    const proposedAgain = await dealStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [72]), place: 'dealership' });

    expect(asked).toMatchObject({ state: 'other-times-requested', otherTimesMessage: 'Weekends only, please', slots: [], overdue: false });
    expect(Math.abs(Date.parse(asked.proposalDueAt!) - (service.now().getTime() + DEAL_PROPOSAL_HOURS * HOUR_MS))).toBeLessThan(5_000);
    expect(asked.timeline.at(-1)).toMatchObject({ kind: 'other-times-requested', by: 'seller', text: 'Asked for other times' });
    const [request] = await relayed(service, open.dealId, 'deal.other-times-requested');
    expect(request).toMatchObject({ message: 'Weekends only, please', reschedule: false, proposalDueAt: asked.proposalDueAt });
    expect(proposedAgain.status).toBe(200);
    expect(await service.waitingClocks(open.dealId)).toEqual(['proposal-overdue.1', 'proposal-overdue.3', 'proposal-reminder.1', 'proposal-reminder.3']);
  });

  it('When each side moves a booked appointment once, then the second move of each is refused, and the new booking updates the same calendar entry', async () => {
    const open = await bookedDeal(service);
    const sellerMove = await takeStep(service, open.dealId, 'other-times', open.seller, { message: 'Something came up' });
    const reproposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [80]), place: 'dealership' });
    await takeStep(service, open.dealId, 'booking', open.seller, { slotId: reproposed.slots[0]!.id });
    const dealerMove = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [100]), place: 'dealership' });
    const rebooked = await takeStep(service, open.dealId, 'booking', open.seller, { slotId: dealerMove.slots[0]!.id });

    const sellerAgain = await dealStep(service, open.dealId, 'other-times', open.seller, { message: 'Again?' });
    const dealerAgain = await dealStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [120]), place: 'dealership' });

    expect(sellerMove.rescheduled).toEqual({ seller: true, dealer: false });
    expect(rebooked.rescheduled).toEqual({ seller: true, dealer: true });
    expect(rebooked.allowed).toEqual(['confirm-sale', 'cancel']);
    expect([sellerAgain.status, dealerAgain.status]).toEqual([409, 409]);
    expect(sellerAgain.body.message).toBe('You already rescheduled this appointment once');
    expect(dealerAgain.body.message).toBe('You already rescheduled this appointment once');
    const bookings = await relayed(service, open.dealId, 'deal.booked', 3);
    expect(bookings.map((booked) => booked.sequence).sort()).toEqual([0, 1, 2]);
    const moves = await relayed(service, open.dealId, 'deal.slots-proposed', 3);
    expect(moves.filter((move) => move.reschedule === true)).toHaveLength(1);
  });

  it('When the seller asks for other times before any were proposed, or with no message, then each is refused saying why', async () => {
    const open = await openDeal(service);

    const early = await dealStep(service, open.dealId, 'other-times', open.seller, { message: 'Later' });
    const empty = await dealStep(service, open.dealId, 'other-times', open.seller, { message: ' ' });

    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The dealer has not proposed any times yet');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ message: 'Tell the dealer which times suit you' });
  });
});

describe('POST /api/deals/{id}/hand-over, /confirm and /price-change', () => {
  it('When the dealer records the sale at the agreed price and the seller confirms it, then the sale completes and the car is completed', async () => {
    const open = await bookedDeal(service);

    const recorded = await takeStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'agreed-price' });
    const confirmed = await takeStep(service, open.dealId, 'confirm', open.seller);
    const car = await service.request<VehicleView>(`/api/vehicles/${open.vehicleId}`, { as: open.admin });
    const again = await dealStep(service, open.dealId, 'confirm', open.seller);

    expect(recorded).toMatchObject({ state: 'sale-recorded', nextStep: { action: 'confirm-sale', actor: 'seller', dueAt: recorded.completionDueAt } });
    expect(Math.abs(Date.parse(recorded.completionDueAt!) - (service.now().getTime() + 48 * HOUR_MS))).toBeLessThan(5_000);
    expect(confirmed).toMatchObject({ state: 'completed', finalPrice: 15_500, allowed: [] });
    expect(confirmed.nextStep).toBeUndefined();
    expect(car.body.status).toBe('completed');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This deal is already completed');
    const [saleRecorded] = await relayed(service, open.dealId, 'deal.sale-recorded');
    expect(saleRecorded).toMatchObject({ completionDueAt: recorded.completionDueAt });
    const [completed] = await relayed(service, open.dealId, 'deal.completed');
    expect(completed).toMatchObject({ finalPrice: 15_500, vin: '1HGCM82633A004352', mileage: 42_000, completedAt: confirmed.completedAt, agreedPrice: 15_500 });
  });

  it('When the seller confirms right after the appointment was booked, then the sale completes at the agreed price', async () => {
    const open = await bookedDeal(service, { vin: undefined });

    const confirmed = await takeStep(service, open.dealId, 'confirm', open.seller);

    expect(confirmed).toMatchObject({ state: 'completed', finalPrice: 15_500 });
    const [completed] = await relayed(service, open.dealId, 'deal.completed');
    expect(completed).not.toHaveProperty('vin');
  });

  it('When the dealer asks for a lower price with photos, then the photos are served clean to the parties only, and the seller’s yes completes the sale at that price', async () => {
    const open = await bookedDeal(service);
    const photoUrls = [asDataUrl('image/jpeg', await jpegWithMetadata()), await jpegDataUrl()];

    const proposed = await takeStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'lower-price', price: 14_000, faults: [rearDoorDent], reason: 'A dent in the rear door, not in the listing', photoUrls });
    const photoUrl = proposed.priceChange!.photos[0]!.url;
    const served = await Promise.all([open.seller, open.dealer, open.admin, open.stranger, open.otherSeller].map((caller) => fetchPhotoBytes(service.url, photoUrl, caller)));
    const accepted = await takeStep(service, open.dealId, 'price-change/accept', open.seller);

    expect(proposed).toMatchObject({
      state: 'price-change-proposed',
      priceChange: { price: 14_000, faults: [rearDoorDent], reason: 'A dent in the rear door, not in the listing' },
      nextStep: { action: 'decide-price-change', actor: 'seller' },
    });
    expect(proposed.timeline.at(-1)).toMatchObject({ kind: 'price-change-proposed', by: 'dealer', text: 'Asked to lower the price to $14,000 for one fault not in the listing, with 2 photos' });
    expect(proposed.priceChange!.photos).toHaveLength(2);
    expect(photoUrl).toBe(`/api/deals/${open.dealId}/photos/${proposed.priceChange!.photos[0]!.id}`);
    expect(served.map((photo) => photo.status)).toEqual([200, 200, 200, 404, 404]);
    const metadata = await sharp(served[0]!.bytes).metadata();
    expect([metadata.exif, metadata.xmp, metadata.iptc, served[0]!.bytes.includes(OWNER_NAME)]).toEqual([undefined, undefined, undefined, false]);
    expect(accepted).toMatchObject({ state: 'completed', finalPrice: 14_000 });
    expect(accepted.timeline.slice(-2).map((entry) => entry.kind)).toEqual(['price-change-accepted', 'completed']);
    const [change] = await relayed(service, open.dealId, 'deal.price-change-proposed');
    expect(change).toMatchObject({ price: 14_000, faults: [rearDoorDent], photoCount: 2, agreedPrice: 15_500 });
    const [completed] = await relayed(service, open.dealId, 'deal.completed');
    expect(completed).toMatchObject({ finalPrice: 14_000 });
  });

  it('When the seller refuses the lower price, then the deal is cancelled as a price dispute and the car is listed again', async () => {
    const open = await bookedDeal(service);
    await takeStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'lower-price', price: 15_000, faults: [{ kind: 'tires', condition: 'worn' }], reason: 'Worn tires, not in the listing', photoUrls: [await jpegDataUrl()] });

    const refused = await takeStep(service, open.dealId, 'price-change/refuse', open.seller);
    const car = await service.request<VehicleView>(`/api/vehicles/${open.vehicleId}`, { as: open.admin });

    expect(refused).toMatchObject({ state: 'cancelled', cancellation: { by: 'seller', reason: 'price-dispute', dealerLapse: false } });
    expect(refused.timeline.at(-1)).toMatchObject({ kind: 'cancelled', by: 'seller', text: 'Refused the lower price of $15,000: the deal is cancelled' });
    expect(car.body.status).toBe('new');
    const [cancelled] = await relayed(service, open.dealId, 'deal.cancelled');
    expect(cancelled).toMatchObject({ by: 'seller', reason: 'price-dispute', dealerLapse: false });
  });

  it('When the lower price is not lower, names no fault, has no photo, a short reason or a photo that is no image, then 400 names the field', async () => {
    const open = await bookedDeal(service);
    const photo = await jpegDataUrl();
    const lower = (changes: Record<string, unknown>) => dealStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'lower-price', price: 14_000, faults: [rearDoorDent], reason: 'Scratches on the hood', photoUrls: [photo], ...changes });

    const [same, noFault, noPhoto, short, notImage, noOutcome] = await Promise.all([
      lower({ price: 15_500 }),
      lower({ faults: [] }),
      lower({ photoUrls: [] }),
      lower({ reason: 'dent' }),
      lower({ photoUrls: [`data:image/jpeg;base64,${Buffer.from('not a photo at all').toString('base64')}`] }),
      dealStep(service, open.dealId, 'hand-over', open.dealer, { price: 14_000 }),
    ]);

    expect(same.body.errors).toEqual({ price: priceNotLowerMessage(15_500) });
    expect(noFault.body.errors).toEqual({ faults: 'Name the faults not in the listing: 1 to 10' });
    expect(noPhoto.body.errors).toEqual({ photoUrls: 'Add at least one photo of each fault not in the listing' });
    expect(short.body.errors).toEqual({ reason: 'Describe each fault that was not in the listing' });
    expect(notImage.status).toBe(400);
    expect(Object.keys(notImage.body.errors ?? {})).toEqual(['photoUrls']);
    expect(noOutcome.body.errors).toEqual({ outcome: 'Choose the outcome: the agreed price or a lower price' });
    expect((await dealOfCar(open.vehicleId, open.seller)).body.state).toBe('appointment-booked');
  });

  it('When a fault photo is 6 MB, then the body is read (it carries photos like a submission) and the photo is refused as too large', async () => {
    const open = await bookedDeal(service);

    const answer = await dealStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'lower-price', price: 14_000, faults: [{ kind: 'windshield', condition: 'cracked' }], reason: 'Cracked windshield', photoUrls: [fakeImageDataUrl('image/jpeg', 6 * 1024 * 1024)] });

    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'Photo 1 is larger than 5 MB', errors: { photoUrls: 'Photo 1 is larger than 5 MB' } });
  });

  it('When the hand-over is recorded before the booking, twice, or by the seller, and a price is decided with none asked, then each is refused saying why', async () => {
    const open = await openDeal(service);
    const early = await dealStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'agreed-price' });
    const undecidable = await dealStep(service, open.dealId, 'price-change/accept', open.seller);
    const booked = await bookedDeal(service);
    const bySeller = await dealStep(service, booked.dealId, 'hand-over', booked.seller, { outcome: 'agreed-price' });
    await takeStep(service, booked.dealId, 'hand-over', booked.dealer, { outcome: 'agreed-price' });
    const twice = await dealStep(service, booked.dealId, 'hand-over', booked.dealer, { outcome: 'agreed-price' });
    const confirmByDealer = await dealStep(service, booked.dealId, 'confirm', booked.dealer);

    expect([early.status, undecidable.status, bySeller.status, twice.status, confirmByDealer.status]).toEqual([409, 409, 403, 409, 403]);
    expect(early.body.message).toBe('The dealer has not proposed any times yet');
    expect(bySeller.body.message).toBe('Only the dealer whose offer was accepted can record the hand-over');
    expect(twice.body.message).toBe('The hand-over was already recorded');
    expect(confirmByDealer.body.message).toBe('Only the seller can confirm the sale');
  });
});

describe('The hand-over holds to the listing', () => {
  const declaredListing = {
    conditionReport: {
      accidentHistory: 'minor-repaired',
      warningLights: ['abs'],
      tires: 'worn',
      panelDamage: [{ panel: 'hood', kind: 'scratch', size: 'medium' }],
      windshield: 'clear',
      keys: 'one',
      serviceHistory: 'full',
      smokedIn: false,
    },
  };
  const lowerPriceFor = async (faults: HandOverFault[]) => ({ outcome: 'lower-price', price: 14_000, faults, reason: 'Found at the hand-over', photoUrls: [await jpegDataUrl()] });

  it('When the dealer claims a fault the listing declared, then 400 names it on faults and the deal stays booked', async () => {
    const open = await bookedDeal(service, declaredListing);

    const [sameScratch, smallerScratch, light, tires, accident, keys] = await Promise.all(
      [
        { kind: 'panel-damage', panel: 'hood', damage: 'scratch', size: 'medium' },
        { kind: 'panel-damage', panel: 'hood', damage: 'scratch', size: 'small' },
        { kind: 'warning-light', light: 'abs' },
        { kind: 'tires', condition: 'worn' },
        { kind: 'accident-damage' },
        { kind: 'keys' },
      ].map(async (fault) => dealStep(service, open.dealId, 'hand-over', open.dealer, await lowerPriceFor([{ kind: 'smoke' }, fault as HandOverFault]))),
    );

    const hoodMessage = 'The scratch on the hood was declared in the listing: a declared fault cannot lower the price';
    expect(sameScratch.status).toBe(400);
    expect(sameScratch.body).toEqual({ message: hoodMessage, errors: { faults: hoodMessage } });
    expect(smallerScratch.body.errors).toEqual({ faults: hoodMessage });
    expect([light, tires, accident, keys].map((answer) => [answer.status, answer.body.errors?.faults])).toEqual([
      [400, 'The ABS light was declared in the listing: a declared fault cannot lower the price'],
      [400, "The tires' wear was declared in the listing: a declared fault cannot lower the price"],
      [400, 'The accident was declared in the listing: a declared fault cannot lower the price'],
      [400, 'The single key was declared in the listing: a declared fault cannot lower the price'],
    ]);
    const deal = await dealOfCar(open.vehicleId, open.seller);
    expect(deal.body).toMatchObject({ state: 'appointment-booked' });
    expect(deal.body).not.toHaveProperty('priceChange');
  });

  it('When the dealer claims faults the listing did not declare, or a larger damage than declared, then the lower price is proposed with them and the seller sees them', async () => {
    const open = await bookedDeal(service, declaredListing);
    const faults: HandOverFault[] = [
      { kind: 'panel-damage', panel: 'hood', damage: 'scratch', size: 'large' },
      { kind: 'panel-damage', panel: 'hood', damage: 'dent', size: 'small' },
      { kind: 'warning-light', light: 'airbag' },
      { kind: 'tires', condition: 'needs-replacing' },
      { kind: 'other', description: 'Grinding noise when braking' },
    ];

    const proposed = await dealStep(service, open.dealId, 'hand-over', open.dealer, await lowerPriceFor(faults));
    const asSeller = await dealOfCar(open.vehicleId, open.seller);

    expect(proposed.status).toBe(200);
    expect(asSeller.body).toMatchObject({ state: 'price-change-proposed', priceChange: { price: 14_000, faults } });
    const [change] = await relayed(service, open.dealId, 'deal.price-change-proposed');
    expect(change).toMatchObject({ faults });
  });

  it('When the car was listed without a questionnaire, then any named fault may lower the price', async () => {
    const open = await bookedDeal(service);
    const faults: HandOverFault[] = [{ kind: 'panel-damage', panel: 'hood', damage: 'scratch', size: 'small' }, { kind: 'keys' }, { kind: 'accident-damage' }];

    const proposed = await dealStep(service, open.dealId, 'hand-over', open.dealer, await lowerPriceFor(faults));

    expect(proposed.status).toBe(200);
    expect(proposed.body.priceChange?.faults).toEqual(faults);
  });
});

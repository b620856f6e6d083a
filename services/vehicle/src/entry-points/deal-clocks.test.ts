import { MongoClient, ObjectId } from 'mongodb';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView, ErrorBody, VehicleView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { DEAL_CLOCKS_QUEUE } from '../data-access/deal-clock-queue';
import { bookedDeal, dealStep, openDeal, relayed, slotsAhead, takeStep } from '../testing/deal-test-kit';
import { startVehicleServiceForTest, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
let mongo: MongoClient;

beforeAll(async () => {
  // A resume pass every half second, so what a crash would leave is seen repaired within a test.
  service = await startVehicleServiceForTest({ DEAL_RESUME_INTERVAL_MS: '500' });
  mongo = await MongoClient.connect(service.config.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await service?.stop();
});

function dealOfCar(vehicleId: string, caller: TestCaller) {
  return service.request<DealView & ErrorBody>(`/api/vehicles/${vehicleId}/deal`, { as: caller });
}

async function countOf(id: string, name: string): Promise<number> {
  return (await service.eventsAbout(id)).filter((event) => event.name === name).length;
}

/** Waits for the relay to settle: no event about `id` left in the deal's outbox. */
async function outboxEmpty(dealId: string): Promise<void> {
  const deals = mongo.db(service.config.MONGODB_DB).collection('deals');
  await expect.poll(async () => (await deals.findOne({ _id: new ObjectId(dealId) }))?.outbox?.length ?? 0, { timeout: 10_000 }).toBe(0);
}

describe('The deal clocks', () => {
  it('When the 12-hour clock fires, even twice, then the dealer is reminded once and the timeline says so once', async () => {
    const open = await openDeal(service);

    const job = await service.fireClock(open.dealId, 'proposal-reminder');
    const first = job.returnvalue;
    await relayed(service, open.dealId, 'deal.proposal-reminder');
    const rerun = await service.rerunClock(job);
    await outboxEmpty(open.dealId);
    const deal = await dealOfCar(open.vehicleId, open.seller);

    expect([first, rerun.returnvalue]).toEqual(['done', 'nothing-to-do']);
    expect(await countOf(open.dealId, 'deal.proposal-reminder')).toBe(1);
    const [reminder] = await relayed(service, open.dealId, 'deal.proposal-reminder');
    expect(reminder).toMatchObject({ dealId: open.dealId, proposalDueAt: open.deal.proposalDueAt, dealer: { email: open.dealer.email } });
    expect(deal.body.timeline.filter((entry) => entry.kind === 'proposal-reminded')).toEqual([expect.objectContaining({ text: 'Reminded the dealer to propose appointment times' })]);
    expect(deal.body.timeline.find((entry) => entry.kind === 'proposal-reminded')!.by).toBeUndefined();
  });

  it("When 24 hours pass with no times and the seller then cancels, then the deal is overdue and the cancellation is the dealer's lapse, whatever reason was picked", async () => {
    const open = await openDeal(service);

    await service.fireClock(open.dealId, 'proposal-overdue');
    const overdue = await dealOfCar(open.vehicleId, open.seller);
    const cancelled = await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'changed-mind' });

    expect(overdue.body).toMatchObject({ state: 'accepted', overdue: true, allowed: ['cancel'] });
    expect(overdue.body.timeline.at(-1)).toMatchObject({ kind: 'overdue', text: 'The dealer proposed no times within 24 hours: the seller may cancel' });
    expect(cancelled.cancellation).toMatchObject({ by: 'seller', reason: 'dealer-missed-deadline', dealerLapse: true });
    const [overdueEvent] = await relayed(service, open.dealId, 'deal.overdue');
    expect(overdueEvent).toMatchObject({ proposalDueAt: open.deal.proposalDueAt, seller: { email: open.sellerEmail } });
    const [cancelledEvent] = await relayed(service, open.dealId, 'deal.cancelled');
    expect(cancelledEvent).toMatchObject({ reason: 'dealer-missed-deadline', dealerLapse: true });
    const [availableAgain] = await relayed(service, open.vehicleId, 'vehicle.available-again');
    expect(availableAgain!.dealers).toEqual([{ dealershipName: open.declinedDealer.email, email: open.declinedDealer.email, why: 'declined-offer' }]);
  });

  it('When the dealer proposes late, then the overdue mark is cleared, and a dealer cancelling an overdue deal is no lapse', async () => {
    const open = await openDeal(service);
    await service.fireClock(open.dealId, 'proposal-overdue');

    const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [30]), place: 'dealership' });
    const other = await openDeal(service);
    await service.fireClock(other.dealId, 'proposal-overdue');
    const byDealer = await takeStep(service, other.dealId, 'cancel', other.dealer, { reason: 'no-contact' });

    expect(proposed.overdue).toBe(false);
    expect(byDealer.cancellation).toMatchObject({ by: 'dealer', reason: 'no-contact', dealerLapse: false });
  });

  it('When a clock fires after its step was taken, then it does nothing', async () => {
    const open = await openDeal(service);
    await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [30]), place: 'dealership' });

    const overdue = await service.fireClock(open.dealId, 'proposal-overdue');
    const reminder = await service.fireClock(open.dealId, 'proposal-reminder');
    await outboxEmpty(open.dealId);
    const deal = await dealOfCar(open.vehicleId, open.seller);

    expect([overdue.returnvalue, reminder.returnvalue]).toEqual(['nothing-to-do', 'nothing-to-do']);
    expect(deal.body).toMatchObject({ state: 'appointment-proposed', overdue: false });
    expect(deal.body.timeline.map((entry) => entry.kind)).toEqual(['accepted', 'slots-proposed']);
    expect(await countOf(open.dealId, 'deal.overdue')).toBe(0);
    expect(await countOf(open.dealId, 'deal.proposal-reminder')).toBe(0);
  });

  it('When the day before the appointment comes, even twice, then both sides are reminded once, with the place', async () => {
    const open = await bookedDeal(service);

    const job = await service.fireClock(open.dealId, 'appointment-reminder');
    await relayed(service, open.dealId, 'deal.appointment-reminder');
    await service.rerunClock(job);
    await outboxEmpty(open.dealId);

    expect(await countOf(open.dealId, 'deal.appointment-reminder')).toBe(1);
    const [reminder] = await relayed(service, open.dealId, 'deal.appointment-reminder');
    expect(reminder).toMatchObject({ startsAt: open.deal.booked!.startsAt, endsAt: open.deal.booked!.endsAt, place: 'dealership', placeAddress: open.dealer.email });
    expect((await dealOfCar(open.vehicleId, open.seller)).body.timeline.at(-1)).toMatchObject({ kind: 'appointment-reminded', text: 'Reminded both sides of the appointment' });
  });

  it('When 48 hours pass after the dealer recorded the sale without the seller objecting, then the sale completes by itself and a late confirmation is refused', async () => {
    const open = await bookedDeal(service);
    await takeStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'agreed-price' });

    const job = await service.fireClock(open.dealId, 'completion');
    const deal = await dealOfCar(open.vehicleId, open.seller);
    const car = await service.request<VehicleView>(`/api/vehicles/${open.vehicleId}`, { as: open.admin });
    const lateConfirm = await dealStep(service, open.dealId, 'confirm', open.seller);

    expect(job.returnvalue).toBe('done');
    expect(deal.body).toMatchObject({ state: 'completed', finalPrice: 15_500 });
    expect(deal.body.timeline.at(-1)).toMatchObject({ kind: 'completed', text: 'The sale completed at the agreed $15,500: the seller did not object in time' });
    expect(deal.body.timeline.at(-1)!.by).toBeUndefined();
    expect(car.body.status).toBe('completed');
    expect(lateConfirm.status).toBe(409);
    expect(lateConfirm.body.message).toBe('This deal is already completed');
    const [completed] = await relayed(service, open.dealId, 'deal.completed');
    expect(completed).toMatchObject({ finalPrice: 15_500, mileage: 42_000 });
  });

  it('When the seller cancels a recorded sale before the 48 hours are over, then the completion clock finds nothing to do', async () => {
    const open = await bookedDeal(service);
    await takeStep(service, open.dealId, 'hand-over', open.dealer, { outcome: 'agreed-price' });
    await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'vehicle-condition' });

    const job = await service.fireClock(open.dealId, 'completion');

    expect(job.returnvalue).toBe('nothing-to-do');
    expect((await dealOfCar(open.vehicleId, open.seller)).body.state).toBe('cancelled');
  });
});

describe('The deals resume pass', () => {
  it("When a deal's clocks were lost (the process died before scheduling them), then the resume pass schedules them again", async () => {
    const open = await openDeal(service);
    const clocks = new Queue(DEAL_CLOCKS_QUEUE, { connection: { url: service.config.REDIS_URL } });
    for (const job of await clocks.getDelayed()) if (job.data.dealId === open.dealId) await job.remove();
    const lost = await service.waitingClocks(open.dealId);

    await expect.poll(() => service.waitingClocks(open.dealId), { timeout: 10_000 }).toEqual(['proposal-overdue.1', 'proposal-reminder.1']);
    await clocks.close();
    expect(lost).toEqual([]);
  });

  it('When a car was accepted but its deal never written (the process died in between), then the resume pass opens it with the dealer’s deadline from the acceptance', async () => {
    const open = await openDeal(service);
    await mongo.db(service.config.MONGODB_DB).collection('deals').deleteOne({ _id: new ObjectId(open.dealId) });

    await expect.poll(async () => (await dealOfCar(open.vehicleId, open.seller)).status, { timeout: 10_000 }).toBe(200);
    const reopened = await dealOfCar(open.vehicleId, open.seller);

    expect(reopened.body).toMatchObject({ offerId: open.offerId, state: 'accepted', acceptedAt: open.deal.acceptedAt, proposalDueAt: open.deal.proposalDueAt });
    expect(reopened.body.id).not.toBe(open.dealId);
  });

  it('When a cancellation was written but its car change was not (the process died in between), then the resume pass lists the car again', async () => {
    const open = await openDeal(service);
    const vehicles = mongo.db(service.config.MONGODB_DB).collection('vehicles');
    const claim = (await vehicles.findOne({ _id: new ObjectId(open.vehicleId) }))!.acceptedOffer;
    await takeStep(service, open.dealId, 'cancel', open.seller, { reason: 'other' });
    // As if the process had died before applying it: the claim is back, and the change still pending.
    await vehicles.updateOne({ _id: new ObjectId(open.vehicleId) }, { $set: { acceptedOffer: claim, status: 'pending' } });
    await mongo
      .db(service.config.MONGODB_DB)
      .collection('deals')
      .updateOne({ _id: new ObjectId(open.dealId) }, { $push: { carUpdates: { id: 'left-by-a-crash', kind: 'listed-again', statusBefore: 'new' } } } as never);

    await expect.poll(async () => (await vehicles.findOne({ _id: new ObjectId(open.vehicleId) }))?.acceptedOffer, { timeout: 10_000 }).toBeUndefined();
    const car = await service.request<VehicleView>(`/api/vehicles/${open.vehicleId}`, { as: open.admin });

    expect(car.body.status).toBe('new');
  });
});

import { randomUUID } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo, createEvent } from '@cardirect/service-kit';
import { startTestMongo, uniqueDbName, type TestMongo } from '@cardirect/service-kit/testing';
import type { DealCar, NewDeal } from '../domain/deals/deal';
import { dealModel } from './deal-model';
import { createDealRepository, type DealRepository, type DealStep } from './deal-repository';

let mongo: TestMongo;
let connection: Connection;
let deals: DealRepository;

beforeAll(async () => {
  mongo = await startTestMongo();
  connection = await connectMongo(mongo.uri, uniqueDbName('deal_repository'));
  const model = dealModel(connection);
  await model.init();
  deals = createDealRepository(model);
});

afterAll(async () => {
  await connection?.close();
  await mongo?.stop();
});

function newDeal(vehicleId = deals.newId(), offerId = deals.newId()): NewDeal {
  return {
    vehicleId,
    offerId,
    dealerId: randomUUID(),
    dealerEmail: 'dealer@example.com',
    dealershipName: 'Lakeside Motors',
    agreedPrice: 15_500,
    state: 'accepted',
    vehicleStatusBefore: 'new',
    acceptedAt: new Date(),
    timeline: [],
  };
}

const CAR: DealCar = { year: 2018, make: 'honda', model: 'Accord', seller: { fullName: 'Pat Q. Seller', email: 'pat@example.com' } };

const booking = (slotId: string): DealStep => ({
  set: { state: 'appointment-booked', booked: { id: slotId, startsAt: new Date(), endsAt: new Date() } },
  timeline: [],
  events: [],
  movesVersion: true,
});

describe('deal repository', () => {
  it('When two steps are written from the same version, then only the first is stored', async () => {
    const deal = (await deals.create(deals.newId(), newDeal(), CAR, []))!;

    const first = await deals.applyStep(deal, {}, booking('first'), new Date());
    const second = await deals.applyStep(deal, {}, booking('second'), new Date());

    expect(first).toMatchObject({ version: 2, booked: { id: 'first' } });
    expect(second).toBeUndefined();
    expect((await deals.findById(deal.id))?.booked?.id).toBe('first');
  });

  it('When a clock records its work twice, then the second write finds it done and adds no event', async () => {
    const deal = (await deals.create(deals.newId(), newDeal(), CAR, []))!;
    const reminder = (): DealStep => ({ timeline: [], events: [createEvent('dealer.registered', { dealerId: 'd', dealershipName: 'n', email: 'e@example.com' })], clockDone: 'proposal-reminder.1', movesVersion: false });
    const condition = { states: ['accepted'] as const, clockNotDone: 'proposal-reminder.1' };

    const first = await deals.applyStep(deal, condition, reminder(), new Date());
    const second = await deals.applyStep(deal, condition, reminder(), new Date());
    const stored = await connection.collection('deals').findOne({ _id: new Types.ObjectId(deal.id) });

    expect(first).toMatchObject({ version: 1, clocksDone: ['proposal-reminder.1'] });
    expect(second).toBeUndefined();
    expect(stored?.outbox).toHaveLength(1);
  });

  it('When a car has an open deal, then a second one is refused until the first ends; an offer has one deal', async () => {
    const vehicleId = deals.newId();
    const open = (await deals.create(deals.newId(), newDeal(vehicleId), CAR, []))!;

    const whileOpen = await deals.create(deals.newId(), newDeal(vehicleId), CAR, []);
    const sameOffer = await deals.create(deals.newId(), newDeal(deals.newId(), open.offerId), CAR, []);
    await deals.applyStep(open, {}, { set: { state: 'cancelled' }, timeline: [], events: [], movesVersion: true }, new Date());
    const afterEnd = await deals.create(deals.newId(), newDeal(vehicleId), CAR, []);

    expect(whileOpen).toBeUndefined();
    expect(sameOffer).toBeUndefined();
    expect(afterEnd?.state).toBe('accepted');
    expect((await deals.latestForVehicle(vehicleId))?.id).toBe(afterEnd?.id);
  });
});

/**
 * Measures a track record read on the embedded MongoDB: dealers with TRACK_RECORD_BENCH_DEALS
 * deals each (default 500), every deal ended and logged with eight entries as a real one is, then
 * the p50/p95 of reading and folding one dealer's record and twenty dealers' (a seller's page).
 * Run: cd services/vehicle && npx tsx --conditions=source src/data-access/track-record.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { connectMongo } from '@cardirect/service-kit';
import { startTestMongo, uniqueDbName } from '@cardirect/service-kit/testing';
import { dealModel } from './deal-model';
import { createDealRepository } from './deal-repository';
import type { DealLogEntry } from '../domain/deals/deal-log';
import { trackRecordOf } from '../domain/track-record/track-record';

const DEALS_PER_DEALER = Number(process.env.TRACK_RECORD_BENCH_DEALS ?? 500);
const DEALERS = 20;
const RUNS = 30;

function loggedDeal(dealerId: string, index: number) {
  const at = (hours: number) => new Date(Date.UTC(2030, 0, 1) + (index * 100 + hours) * 3_600_000);
  const entry = (name: DealLogEntry['name'], hours: number, facts: DealLogEntry['facts']): DealLogEntry => ({ id: randomUUID(), name, at: at(hours), facts });
  const completed = index % 4 !== 0;
  return {
    _id: new Types.ObjectId(),
    vehicleId: new Types.ObjectId(),
    offerId: new Types.ObjectId(),
    dealerId,
    dealerEmail: `${dealerId}@example.com`,
    dealershipName: 'Lakeside Motors',
    agreedPrice: 15_500,
    state: completed ? 'completed' : 'cancelled',
    version: 6,
    vehicleStatusBefore: 'new',
    acceptedAt: at(0),
    overdue: false,
    timeline: [],
    outbox: [],
    eventLog: [
      entry('deal.opened', 0, { by: 'seller', agreedPrice: 15_500 }),
      entry('deal.proposal-reminder', 12, { agreedPrice: 15_500, proposalDueAt: at(24).toISOString() }),
      entry('deal.slots-proposed', 13, { agreedPrice: 15_500, place: 'dealership', reschedule: false }),
      entry('deal.booked', 14, { agreedPrice: 15_500, place: 'dealership', sequence: 0, startsAt: at(40).toISOString(), endsAt: at(42).toISOString() }),
      entry('deal.appointment-reminder', 16, { agreedPrice: 15_500, place: 'dealership', startsAt: at(40).toISOString(), endsAt: at(42).toISOString() }),
      entry('deal.sale-recorded', 42, { agreedPrice: 15_500, completionDueAt: at(90).toISOString() }),
      completed
        ? entry('deal.completed', 50, { agreedPrice: 15_500, finalPrice: 15_500, completedAt: at(50).toISOString() })
        : entry('deal.cancelled', 50, { agreedPrice: 15_500, by: 'dealer', reason: 'schedule', dealerLapse: false }),
      entry('deal.price-change-judged', 60, { by: 'admin', verdict: 'justified' }),
    ],
  };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

async function measure(what: string, run: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${what}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
}

const mongo = await startTestMongo();
const connection = await connectMongo(mongo.uri, uniqueDbName('track_record_bench'));
try {
  const model = dealModel(connection);
  await model.init();
  const deals = createDealRepository(model);
  const dealerIds = Array.from({ length: DEALERS }, () => randomUUID());
  for (const dealerId of dealerIds) await model.collection.insertMany(Array.from({ length: DEALS_PER_DEALER }, (_, index) => loggedDeal(dealerId, index)));
  const fold = async (ids: string[]) => {
    const byDealer = await deals.ofRecordForDealers(ids);
    return ids.map((dealerId) => trackRecordOf({ dealerId, dealershipName: 'Lakeside Motors', offersMade: 0, deals: byDealer.get(dealerId) ?? [] }));
  };
  console.log(`${DEALERS} dealers with ${DEALS_PER_DEALER} ended deals each`);
  await measure('one dealer', () => fold(dealerIds.slice(0, 1)));
  await measure(`${DEALERS} dealers (a seller's page)`, () => fold(dealerIds));
} finally {
  await connection.close();
  await mongo.stop();
}

import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog';
import { planCandidates } from './query-planner';
import { parseSort } from '../query/sort';

function carsCollection(count: number) {
  const catalog = new Catalog();
  const cars = catalog.createCollection('db', 'cars', {});
  for (let i = 0; i < count; i++) cars.insert({ _id: i, vin: `VIN${String(i).padStart(6, '0')}`, year: 1990 + (i % 30), tags: [`t${i % 5}`] });
  return cars;
}

const candidates = (plan: { docs: Iterable<unknown> }) => [...plan.docs].length;

describe('query planning over indexes', () => {
  const cars = carsCollection(5_000);
  cars.createIndex({ v: 2, key: { vin: 1 }, name: 'vin_1', unique: true });
  cars.createIndex({ v: 2, key: { year: 1 }, name: 'year_1' });
  cars.createIndex({ v: 2, key: { tags: 1 }, name: 'tags_1' });

  it('When a filter pins an indexed field, then only the matching documents are candidates (no full scan)', () => {
    expect(candidates(planCandidates(cars, { vin: 'VIN000042' }, []))).toBe(1);
    expect(candidates(planCandidates(cars, { vin: { $in: ['VIN000001', 'VIN000002'] } }, []))).toBe(2);
    expect(candidates(planCandidates(cars, { _id: 17 }, []))).toBe(1);
  });

  it('When a filter has a range on an indexed field, then only documents in range are candidates', () => {
    const plan = planCandidates(cars, { year: { $gte: 2015, $lt: 2017 } }, []);
    const inRange = Array.from({ length: 5_000 }, (_, i) => 1990 + (i % 30)).filter((year) => year >= 2015 && year < 2017);
    expect(candidates(plan)).toBe(inRange.length);
  });

  it('When several indexes apply, then the most selective one supplies the candidates', () => {
    expect(candidates(planCandidates(cars, { year: { $gte: 1990 }, vin: 'VIN000042' }, []))).toBe(1);
  });

  it('When conditions sit inside $and, then they are planned like top-level ones', () => {
    expect(candidates(planCandidates(cars, { $and: [{ year: { $gte: 1990 } }, { vin: 'VIN000042' }] }, []))).toBe(1);
  });

  it('When a regex is anchored with a literal prefix, then only strings with that prefix are candidates', () => {
    expect(candidates(planCandidates(cars, { vin: /^VIN00001/ }, []))).toBe(10);
    expect(candidates(planCandidates(cars, { vin: { $regex: '^VIN0049' } }, []))).toBe(100);
    expect(candidates(planCandidates(cars, { vin: /^VIN00001/i }, []))).toBe(5_000);
    expect(candidates(planCandidates(cars, { vin: /^VIN00001?/ }, []))).toBe(5_000);
  });

  it('When an array field is indexed, then each element finds its documents', () => {
    expect(candidates(planCandidates(cars, { tags: 't3' }, []))).toBe(1_000);
  });

  it('When every branch of an $or can use an index, then only those documents are candidates', () => {
    expect(candidates(planCandidates(cars, { $or: [{ vin: 'VIN000001' }, { _id: 2 }] }, []))).toBe(2);
  });

  it('When $exists: true names the field of a sparse index, then only documents holding it are candidates', () => {
    const vehicles = carsCollection(0);
    for (let i = 0; i < 2_000; i++) vehicles.insert({ _id: i, ...(i % 100 === 0 ? { outbox: [{ id: `event-${i}` }] } : {}), ...(i === 7 ? { outbox: [] } : {}) });
    vehicles.createIndex({ v: 2, key: { 'outbox.id': 1 }, name: 'outbox.id_1', sparse: true });
    expect(candidates(planCandidates(vehicles, { 'outbox.id': { $exists: true } }, []))).toBe(20);
    vehicles.createIndex({ v: 2, key: { outbox: 1 }, name: 'outbox_1' });
    // Not sparse: documents without the field are indexed too, so the index cannot answer $exists.
    expect(candidates(planCandidates(vehicles, { outbox: { $exists: true } }, []))).toBe(2_000);
  });

  it('When the only index on a field is partial, then the plan scans so that unindexed documents are found', () => {
    const orders = carsCollection(100);
    orders.createIndex({ v: 2, key: { year: 1 }, name: 'recent', partialFilterExpression: { year: { $gte: 2015 } } });
    expect(candidates(planCandidates(orders, { year: 1995 }, []))).toBe(100);
  });

  it('When no index applies, then the plan scans the collection', () => {
    expect(candidates(planCandidates(cars, { colour: 'red' }, []))).toBe(5_000);
    expect(candidates(planCandidates(cars, { $or: [{ vin: 'VIN000001' }, { colour: 'red' }] }, []))).toBe(5_000);
  });

  it('When sorting on an indexed field, then the index yields documents already in order', () => {
    const plan = planCandidates(cars, {}, parseSort({ vin: -1 }));
    expect(plan.sortedBySpec).toBe(true);
    const [first] = plan.docs;
    expect(first).toMatchObject({ vin: 'VIN004999' });
  });

  it('When a filter pins the first field of a compound index and sorts on its second, then the index yields the order', () => {
    const listings = carsCollection(0);
    listings.createIndex({ v: 2, key: { status: 1, createdAt: -1 }, name: 'status_1_createdAt_-1' });
    // Enough published listings that walking the index beats sorting them in memory.
    for (let i = 0; i < 3_300; i++) {
      listings.insert({ _id: i, status: i % 3 === 0 ? 'published' : 'draft', createdAt: new Date(Date.UTC(2026, 0, 1) + ((i * 37) % 3_300) * 60_000) });
    }
    const newestFirst = planCandidates(listings, { status: 'published' }, parseSort({ createdAt: -1 }));
    expect(newestFirst.sortedBySpec).toBe(true);
    const newestDocs = [...newestFirst.docs];
    const dates = newestDocs.map((doc) => (doc.createdAt as Date).getTime());
    expect(dates).toHaveLength(1_100);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const oldestFirst = [...planCandidates(listings, { status: { $eq: 'published' } }, parseSort({ createdAt: 1 })).docs];
    expect(oldestFirst.map((doc) => doc._id)).toEqual(newestDocs.map((doc) => doc._id).reverse());
  });

  it('When a lookup names many documents but only a page is wanted, then walking the sort index wins', () => {
    const sevenYears = { year: { $gte: 2000, $lt: 2007 } };
    const page = planCandidates(cars, sevenYears, parseSort({ vin: -1 }), 20);
    expect(page.sortedBySpec).toBe(true);
    const [first] = page.docs;
    expect(first).toMatchObject({ vin: 'VIN004999' });
    expect(planCandidates(cars, sevenYears, parseSort({ vin: -1 })).sortedBySpec).toBe(false);
  });

  it('When a range covers most of the collection, then it is not collected as candidates', () => {
    expect(candidates(planCandidates(cars, { year: { $gte: 1991 } }, []))).toBe(5_000);
  });

  it('When an indexed document changes, then lookups follow the new value', () => {
    const before = cars.getById(42)!;
    cars.replace(before, { ...before, vin: 'CHANGED' });
    expect([...planCandidates(cars, { vin: 'CHANGED' }, []).docs]).toHaveLength(1);
    expect([...planCandidates(cars, { vin: 'VIN000042' }, []).docs]).toHaveLength(0);
  });
});

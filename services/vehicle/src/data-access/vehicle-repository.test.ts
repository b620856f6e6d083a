import { afterEach, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import type { VehicleDocument, VehicleModel } from './vehicle-model';
import { createVehicleRepository } from './vehicle-repository';

/** A model whose list query answers the current `generation` (as a one-car page) after `delayMs`. */
function fakeModel(delayMs: number) {
  const state = { reads: 0, generation: 0 };
  const model = {
    find: () => ({
      sort: () => ({
        limit: () => ({
          lean: () => {
            state.reads++;
            const generation = state.generation;
            return new Promise((resolve) => setTimeout(() => resolve([{ generation } as unknown as VehicleDocument]), delayMs));
          },
        }),
      }),
    }),
  };
  return { state, model: model as unknown as VehicleModel };
}

const filter = { statuses: ['new'] as const, searchWords: [], includeSaleAgreed: false };
const generationOf = (page: { vehicles: VehicleDocument[] }) => (page.vehicles[0] as unknown as { generation: number }).generation;

afterEach(() => {
  vi.useRealTimers();
});

describe('the list page cache', () => {
  it('When a page is asked for continuously, then it is re-read in the background before its time is up and never served older than listCacheMs', async () => {
    vi.useFakeTimers({ now: 0 });
    const { state, model } = fakeModel(20);
    const repository = createVehicleRepository(model, { listCacheMs: 1_000 });

    const first = repository.findPage(filter, 'newest', 24);
    await vi.advanceTimersByTimeAsync(20);
    expect(generationOf(await first)).toBe(0);
    state.generation = 1; // another instance writes

    let stalled = 0;
    for (let elapsed = 20; elapsed < 3_000; elapsed += 10) {
      let answered = false;
      const page = repository.findPage(filter, 'newest', 24).then((result) => {
        answered = true;
        return result;
      });
      await vi.advanceTimersByTimeAsync(0);
      if (!answered) stalled++;
      await vi.advanceTimersByTimeAsync(10);
      const served = await page;
      // Data read at time t is served until t + 1000 at the latest; generation 1 exists from time 20.
      if (Date.now() >= 1_020 + 10) expect(generationOf(served)).toBe(1);
    }
    expect(stalled).toBe(0);
    expect(state.reads).toBeGreaterThanOrEqual(3);
    expect(state.reads).toBeLessThanOrEqual(5);
  });

  it('When nobody asks for a page for longer than listCacheMs, then the next request reads it afresh', async () => {
    vi.useFakeTimers({ now: 0 });
    const { state, model } = fakeModel(5);
    const repository = createVehicleRepository(model, { listCacheMs: 1_000 });

    const first = repository.findPage(filter, 'newest', 24);
    await vi.advanceTimersByTimeAsync(5);
    await first;
    state.generation = 1;
    await vi.advanceTimersByTimeAsync(1_500);
    const later = repository.findPage(filter, 'newest', 24);
    await vi.advanceTimersByTimeAsync(5);

    expect(generationOf(await later)).toBe(1);
    expect(state.reads).toBe(2);
  });
});

describe("a car's photos and listing state", () => {
  const photos = () => [{ fileId: new Types.ObjectId(), thumbnailFileId: new Types.ObjectId() }];
  const listed = { _id: new Types.ObjectId(), photos: photos(), status: 'new' };
  const unlisted = { _id: new Types.ObjectId(), photos: photos(), status: 'rejected' };

  /** A model holding the two cars: its list query answers `listed`; findById counts its reads. */
  function modelOfTwoCars() {
    const reads = { byId: 0 };
    const model = {
      find: () => ({ sort: () => ({ limit: () => ({ lean: async () => [listed] }) }) }),
      findById: (id: Types.ObjectId) => ({
        lean: async () => {
          reads.byId++;
          return [listed, unlisted].find((car) => car._id.equals(id)) ?? null;
        },
      }),
    };
    return { reads, model: model as unknown as VehicleModel };
  }

  it('When a car was in a page of the list, then its photos and status are answered without reading the car again', async () => {
    const { reads, model } = modelOfTwoCars();
    const repository = createVehicleRepository(model, { listCacheMs: 1_000 });
    await repository.findPage(filter, 'newest', 24);

    expect(await repository.listingStateOf(String(listed._id))).toMatchObject({ photos: listed.photos, status: 'new' });
    expect(reads.byId).toBe(0);
  });

  it('When a car was not read before, then it is read once and remembered for listCacheMs, then read again', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { reads, model } = modelOfTwoCars();
    const repository = createVehicleRepository(model, { listCacheMs: 1_000 });

    expect(await repository.listingStateOf(String(unlisted._id))).toMatchObject({ photos: unlisted.photos, status: 'rejected' });
    expect(await repository.listingStateOf(String(unlisted._id))).toMatchObject({ status: 'rejected' });
    expect(reads.byId).toBe(1);
    vi.advanceTimersByTime(1_001);
    await repository.listingStateOf(String(unlisted._id));
    expect(reads.byId).toBe(2);
  });

  it('When nothing may be served from memory (listCacheMs 0), then every ask reads the car', async () => {
    const { reads, model } = modelOfTwoCars();
    const repository = createVehicleRepository(model, { listCacheMs: 0 });

    await repository.listingStateOf(String(unlisted._id));
    await repository.listingStateOf(String(unlisted._id));

    expect(reads.byId).toBe(2);
  });

  it('When the car does not exist or the id is malformed, then there is no state', async () => {
    const { model } = modelOfTwoCars();
    const repository = createVehicleRepository(model);

    expect(await repository.listingStateOf(String(new Types.ObjectId()))).toBeUndefined();
    expect(await repository.listingStateOf('not-an-id')).toBeUndefined();
  });
});

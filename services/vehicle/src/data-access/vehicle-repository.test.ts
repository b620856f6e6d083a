import { afterEach, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import type { VehicleModel } from './vehicle-model';
import { createVehicleRepository } from './vehicle-repository';

const filter = { statuses: ['new'] as const, searchWords: [], includeSaleAgreed: false };

afterEach(() => {
  vi.useRealTimers();
});

describe("a car's photos and listing state", () => {
  const photos = () => [{ fileId: new Types.ObjectId(), thumbnailFileId: new Types.ObjectId() }];
  const listed = { _id: new Types.ObjectId(), photos: photos(), status: 'new' };
  const unlisted = { _id: new Types.ObjectId(), photos: photos(), status: 'rejected' };
  /** The photos as the repository answers them: file ids as strings. */
  const photosOf = (car: typeof listed) => car.photos.map((photo) => expect.objectContaining({ fileId: String(photo.fileId), thumbnailFileId: String(photo.thumbnailFileId) }));

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
    const repository = createVehicleRepository(model, { listingStateCacheMs: 1_000 });
    await repository.findPage(filter, 'newest', 24);

    expect(await repository.listingStateOf(String(listed._id))).toMatchObject({ photos: photosOf(listed), status: 'new' });
    expect(reads.byId).toBe(0);
  });

  it('When a car was not read before, then it is read once and remembered for listingStateCacheMs, then read again', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { reads, model } = modelOfTwoCars();
    const repository = createVehicleRepository(model, { listingStateCacheMs: 1_000 });

    expect(await repository.listingStateOf(String(unlisted._id))).toMatchObject({ photos: photosOf(unlisted), status: 'rejected' });
    expect(await repository.listingStateOf(String(unlisted._id))).toMatchObject({ status: 'rejected' });
    expect(reads.byId).toBe(1);
    vi.advanceTimersByTime(1_001);
    await repository.listingStateOf(String(unlisted._id));
    expect(reads.byId).toBe(2);
  });

  it('When nothing may be served from memory (listingStateCacheMs 0), then every ask reads the car', async () => {
    const { reads, model } = modelOfTwoCars();
    const repository = createVehicleRepository(model, { listingStateCacheMs: 0 });

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

import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { DealerRecordModel } from './dealer-record-model';
import { createDealerRecordRepository } from './dealer-record-repository';
import type { VehicleIdList } from './per-dealer-batch';

/** A collection whose finds answer only when the test says so, recording each query. */
function fakeModel() {
  const queries: Array<{ filter: { dealerId: unknown; vehicleId: { $in: Types.ObjectId[] } }; answer(records: unknown[]): void; fail(error: Error): void }> = [];
  const model = {
    collection: {
      find(filter: (typeof queries)[number]['filter']) {
        return {
          toArray: () =>
            new Promise<unknown[]>((resolve, reject) => {
              queries.push({ filter, answer: resolve, fail: reject });
            }),
        };
      },
    },
  } as unknown as DealerRecordModel;
  return { model, queries };
}

function idList(count: number): VehicleIdList {
  const objectIds = Array.from({ length: count }, () => new Types.ObjectId());
  return { objectIds, keys: objectIds.map(String) };
}

/** Lets the repository's own scheduled reads (setImmediate after a query settled) run first. */
const nextTurn = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe('findForVehicles', () => {
  it('When lists arrive while a query runs, then they wait for it and share the next query, each getting only its own records', async () => {
    const { model, queries } = fakeModel();
    const records = createDealerRecordRepository(model);
    const page = idList(3);

    const first = records.findForVehicles('d1', page);
    await nextTurn();
    const second = records.findForVehicles('d2', page);
    const third = records.findForVehicles('d1', page);
    await nextTurn();
    expect(queries).toHaveLength(1);

    queries[0]!.answer([{ dealerId: 'd1', vehicleId: page.objectIds[0], status: 'approved' }]);
    expect((await first).get(page.keys[0]!)).toMatchObject({ status: 'approved' });
    await nextTurn();
    expect(queries).toHaveLength(2);
    expect(queries[1]!.filter).toMatchObject({ dealerId: { $in: ['d2', 'd1'] } });
    expect(queries[1]!.filter.vehicleId.$in).toHaveLength(3);

    queries[1]!.answer([
      { dealerId: 'd1', vehicleId: page.objectIds[1], status: 'contacted' },
      { dealerId: 'd2', vehicleId: page.objectIds[2], status: 'rejected', notes: 'theirs' },
    ]);
    expect([...(await second).entries()]).toEqual([[page.keys[2], expect.objectContaining({ status: 'rejected' })]]);
    expect([...(await third).entries()]).toEqual([[page.keys[1], expect.objectContaining({ status: 'contacted' })]]);
  });

  it('When a query fails, then its lists fail and the lists waiting behind it are still read', async () => {
    const { model, queries } = fakeModel();
    const records = createDealerRecordRepository(model);

    const failing = records.findForVehicles('d1', idList(2));
    await nextTurn();
    const waiting = records.findForVehicles('d1', idList(2));
    queries[0]!.fail(new Error('database gone'));

    await expect(failing).rejects.toThrow('database gone');
    await nextTurn();
    expect(queries).toHaveLength(2);
    queries[1]!.answer([]);
    expect((await waiting).size).toBe(0);
  });
});

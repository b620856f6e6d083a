import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { DealerRecordDocument } from '../data-access/dealer-record-model';
import type { VehicleDocument } from '../data-access/vehicle-model';
import { listPageBytes, serializeListPage, shapeVehicle } from './vehicle-view';

function vehicle(overrides: Partial<VehicleDocument> = {}): VehicleDocument {
  const createdAt = new Date('2026-01-02T03:04:05.678Z');
  return {
    _id: new Types.ObjectId(),
    make: 'toyota',
    model: 'Camry "SE"',
    year: 2019,
    trim: 'SE',
    vin: '',
    mileage: 30_000,
    exteriorColor: 'silver',
    transmission: 'automatic',
    condition: 'good',
    titleStatus: 'clean',
    financingStatus: 'owned',
    zipCode: '60601',
    seller: { fullName: 'Seller', email: 'seller@example.com', phone: '5550002222', city: 'Chicago', state: 'IL' },
    description: 'secret description',
    streetAddress: '1 Secret Way',
    photos: [{ fileId: new Types.ObjectId(), thumbnailFileId: new Types.ObjectId(), contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 }],
    status: 'contacted',
    notes: 'admin notes',
    contacted: true,
    offerMade: false,
    searchText: '2019 toyota camry',
    modelKey: 'camry',
    listOrder: 'x',
    createdAt,
    updatedAt: createdAt,
    outbox: [],
    ...overrides,
  } as VehicleDocument;
}

function record(vehicleId: Types.ObjectId, overrides: Partial<DealerRecordDocument> = {}): DealerRecordDocument {
  return { _id: new Types.ObjectId(), vehicleId, dealerId: 'd1', status: 'approved', contacted: true, offerMade: true, createdAt: new Date(), updatedAt: new Date(), ...overrides };
}

describe('serializeListPage', () => {
  const page = [
    vehicle(),
    vehicle({ photos: [], trim: undefined, vin: undefined, exteriorColor: undefined, status: undefined as never, contacted: undefined as never }),
    vehicle({ notes: undefined, model: 'Model \u2028 with \\ odd characters' }),
    vehicle(),
  ];

  it('When a dealer lists a page, then the JSON is exactly that of the dealer-list view, with its own records merged in', () => {
    const records = new Map([
      [String(page[0]!._id), record(page[0]!._id, { notes: 'dealer "notes"' })],
      [String(page[2]!._id), record(page[2]!._id, { notes: null as never, status: undefined as never })],
      [String(page[3]!._id), record(page[3]!._id)],
    ]);
    const expected = JSON.stringify(page.map((car) => shapeVehicle(car, { kind: 'dealer-list', record: records.get(String(car._id)) })));

    expect(serializeListPage(page, records)).toBe(expected);
    // A second serving (from the precomputed heads) is the same.
    expect(serializeListPage(page, records)).toBe(expected);
    expect(serializeListPage(page, new Map())).toBe(JSON.stringify(page.map((car) => shapeVehicle(car, { kind: 'dealer-list' }))));
    for (const secret of ['seller@example.com', '5550002222', 'Chicago', 'secret description', '1 Secret Way', 'admin notes']) {
      expect(serializeListPage(page, records)).not.toContain(secret);
    }
  });

  it('When an admin lists a page, then the JSON is exactly that of the admin-list view', () => {
    expect(serializeListPage(page)).toBe(JSON.stringify(page.map((car) => shapeVehicle(car, { kind: 'admin-list' }))));
    expect(serializeListPage([])).toBe('[]');
  });

  it('When the page is asked for as bytes, then they are its JSON, shared by callers with nothing of their own on it', () => {
    const records = new Map([[String(page[1]!._id), record(page[1]!._id, { notes: 'mine' })]]);

    expect(listPageBytes(page).toString()).toBe(serializeListPage(page));
    expect(listPageBytes(page, new Map()).toString()).toBe(serializeListPage(page, new Map()));
    expect(listPageBytes(page, records).toString()).toBe(serializeListPage(page, records));
    expect(listPageBytes(page)).toBe(listPageBytes(page));
    expect(listPageBytes(page, new Map())).toBe(listPageBytes(page, new Map()));
    expect(listPageBytes(page, records)).not.toBe(listPageBytes(page, new Map()));
  });
});

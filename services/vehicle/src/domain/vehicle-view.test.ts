import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { VehicleDocument } from '../data-access/vehicle-model';
import { listPageBytes, shapeVehicle } from './vehicle-view';

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

describe('listPageBytes', () => {
  const page = [
    vehicle(),
    vehicle({ photos: [], trim: undefined, vin: undefined, exteriorColor: undefined, status: undefined as never, contacted: undefined as never }),
    vehicle({ notes: undefined, model: 'Model \u2028 with \\ odd characters' }),
  ];

  it("When dealers list a page, then every dealer gets the same bytes: the cars with a working record's defaults and no contact details", () => {
    const bytes = listPageBytes(page, 'dealer-list');

    expect(JSON.parse(bytes.toString())).toEqual(page.map((car) => shapeVehicle(car, { kind: 'dealer-list' })));
    expect(JSON.parse(bytes.toString()).map((car: { status: string; contacted: boolean; offerMade: boolean }) => [car.status, car.contacted, car.offerMade])).toEqual([
      ['new', false, false],
      ['new', false, false],
      ['new', false, false],
    ]);
    for (const secret of ['seller@example.com', '5550002222', 'Chicago', 'secret description', '1 Secret Way', 'admin notes']) expect(bytes.toString()).not.toContain(secret);
    expect(listPageBytes(page, 'dealer-list')).toBe(bytes);
  });

  it("When an admin lists a page, then the bytes are the admin-list view, with the car's own status", () => {
    const bytes = listPageBytes(page, 'admin-list');

    expect(JSON.parse(bytes.toString())).toEqual(page.map((car) => shapeVehicle(car, { kind: 'admin-list' })));
    expect(JSON.parse(bytes.toString())[0].status).toBe('contacted');
    expect(listPageBytes([], 'admin-list').toString()).toBe('[]');
  });
});

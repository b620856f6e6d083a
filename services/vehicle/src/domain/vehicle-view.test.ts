import { describe, expect, it } from 'vitest';
import type { Vehicle } from './types';
import { shapeListedVehicle } from './vehicle-view';

function vehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  const createdAt = new Date('2026-01-02T03:04:05.678Z');
  return {
    id: '65a1b2c3d4e5f60718293a4b',
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
    photos: [{ fileId: '65a1b2c3d4e5f60718293a4c', thumbnailFileId: '65a1b2c3d4e5f60718293a4d', contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 }],
    status: 'contacted',
    notes: 'admin notes',
    contacted: true,
    offerMade: false,
    createdAt,
    ...overrides,
  };
}

describe('shapeListedVehicle', () => {
  const page = [
    vehicle(),
    vehicle({ photos: [], trim: undefined, vin: undefined, exteriorColor: undefined, status: undefined as never, contacted: undefined as never }),
    vehicle({ notes: undefined, acceptedOffer: { offerId: '65a1b2c3d4e5f60718293a4e', dealerId: 'd1', acceptedAt: new Date() } }),
  ];

  it("When dealers list a page, then every car reads the same for every dealer: a working record's defaults, no contact details", () => {
    const views = page.map((car) => shapeListedVehicle(car, 'dealer-list'));

    expect(views.map((car) => [car.status, car.contacted, car.offerMade, car.notes])).toEqual([
      ['new', false, false, undefined],
      ['new', false, false, undefined],
      ['new', false, false, undefined],
    ]);
    expect(views.map((car) => car.saleAgreed)).toEqual([undefined, undefined, true]);
    expect(views[0]).toMatchObject({ id: page[0]!.id, photoUrl: `/api/vehicles/${page[0]!.id}/photos/0`, thumbnailUrl: `/api/vehicles/${page[0]!.id}/photos/0/thumbnail`, createdAt: '2026-01-02T03:04:05.678Z' });
    expect(views[1]).not.toHaveProperty('thumbnailUrl');
    for (const secret of ['seller@example.com', '5550002222', 'Chicago', 'secret description', '1 Secret Way', 'admin notes']) expect(JSON.stringify(views)).not.toContain(secret);
  });

  it("When an admin lists a page, then each car keeps its own status and flags, still without contact details", () => {
    const views = page.map((car) => shapeListedVehicle(car, 'admin-list'));

    expect(views[0]).toMatchObject({ status: 'contacted', contacted: true });
    expect(views[2]).not.toHaveProperty('saleAgreed');
    for (const secret of ['seller@example.com', 'secret description', '1 Secret Way', 'admin notes']) expect(JSON.stringify(views)).not.toContain(secret);
  });
});

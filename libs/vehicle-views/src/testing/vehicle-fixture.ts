import type { VehicleView } from '@cardirect/contracts';

/** A car as the API answers it, with the fields a test does not care about filled in. */
export function vehicleFixture(overrides: Partial<VehicleView> = {}): VehicleView {
  return {
    id: 'car-1',
    make: 'honda',
    model: 'accord',
    makeName: 'Honda',
    modelName: 'Accord',
    year: 2018,
    trim: 'EX-L',
    vin: '1HGCV1F50JA123456',
    mileage: 42000,
    condition: 'good',
    titleStatus: 'clean',
    financingStatus: 'owned',
    zipCode: '78701',
    photoUrls: ['/api/vehicles/car-1/photos/0'],
    photoUrl: '/api/vehicles/car-1/photos/0',
    thumbnailUrl: '/api/vehicles/car-1/photos/0/thumbnail',
    status: 'new',
    contacted: false,
    offerMade: false,
    createdAt: '2024-01-05T15:30:00.000Z',
    ...overrides,
  };
}

import type { OfferView, VehicleView } from '@cardirect/contracts';

/** A car as the API answers a dealer, with the fields a test does not care about filled in. */
export function vehicleFixture(overrides: Partial<VehicleView> = {}): VehicleView {
  const id = overrides.id ?? 'car-1';
  return {
    id,
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
    photoUrls: [`/api/vehicles/${id}/photos/0`],
    photoUrl: `/api/vehicles/${id}/photos/0`,
    thumbnailUrl: `/api/vehicles/${id}/photos/0/thumbnail`,
    status: 'new',
    contacted: false,
    offerMade: false,
    createdAt: '2024-01-05T15:30:00.000Z',
    ...overrides,
  };
}

/** A dealer's offer as the API answers it. */
export function offerFixture(overrides: Partial<OfferView> = {}): OfferView {
  return {
    id: 'offer-1',
    vehicleId: 'car-1',
    dealerId: 'dealer-1',
    dealershipName: 'Lone Star Motors',
    amount: 15000,
    status: 'pending',
    expiresAt: '2024-01-07T15:30:00.000Z',
    createdAt: '2024-01-05T15:30:00.000Z',
    ...overrides,
  };
}

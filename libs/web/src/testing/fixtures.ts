import type { ContactAccessEntry, DealerView, OfferView, SellerVehicleView, VehicleView } from '@cardirect/contracts';

/** A car as the API answers a dealer (no seller contact until an offer is accepted), with what a test does not care about filled in. */
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

/** A car as the API answers an admin: with its description and the seller's contact details. */
export function adminVehicleFixture(overrides: Partial<VehicleView> = {}): VehicleView {
  return vehicleFixture({
    description: 'One owner, garage kept.',
    fullName: 'Jordan Privateseller',
    contactEmail: 'jordan@example.com',
    contactPhone: '(917) 555-0142',
    city: 'Austin',
    state: 'TX',
    ...overrides,
  });
}

/** One of the logged-in seller's cars with the offers on it (GET /api/seller/vehicles), listed unless a test says otherwise. */
export function sellerVehicleFixture(overrides: Partial<SellerVehicleView> = {}): SellerVehicleView {
  const { offers = [], listingState = 'listed', acceptedDealer, ...vehicle } = overrides;
  return { ...vehicleFixture(vehicle), offers, listingState, ...(acceptedDealer ? { acceptedDealer } : {}) };
}

/** A dealer's offer on a car, pending, as the API answers it. */
export function offerFixture(overrides: Partial<OfferView> = {}): OfferView {
  return {
    id: 'offer-1',
    vehicleId: 'car-1',
    dealerId: 'dealer-1',
    dealershipName: 'Lone Star Motors',
    amount: 15000,
    status: 'pending',
    expiresAt: '2024-01-08T15:30:00.000Z',
    createdAt: '2024-01-06T15:30:00.000Z',
    ...overrides,
  };
}

/** A dealer as GET /api/dealers lists it to the admin, awaiting approval (so nothing in its admin log yet). */
export function dealerFixture(overrides: Partial<DealerView> = {}): DealerView {
  const id = overrides.id ?? 'dealer-1';
  return {
    id,
    userId: `user-of-${id}`,
    dealershipName: 'Lone Star Motors',
    isApproved: false,
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
    address: '1 Main Street',
    phoneNumber: '(214) 555-0100',
    createdAt: '2024-03-02T10:00:00.000Z',
    user: { email: 'sales@lonestar.example' },
    adminActions: [],
    ...overrides,
  };
}

/** One line of a car's contact-details access log (who saw the seller's contact, and when). */
export function accessEntryFixture(overrides: Partial<ContactAccessEntry> = {}): ContactAccessEntry {
  return { viewerId: 'admin-1', viewerRole: 'admin', viewerEmail: 'admin@cardirect.local', at: '2024-01-06T15:30:00.000Z', ...overrides };
}

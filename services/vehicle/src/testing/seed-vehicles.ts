import { Types } from 'mongoose';
import { REFERENCE_MAKES } from '@cardirect/contracts';
import { connectMongo } from '@cardirect/service-kit';
import { listOrderOf, vehicleModel, type VehicleDocument } from '../data-access/vehicle-model';
import { searchTextOf } from '../domain/submit-vehicle';

const MODELS = ['Sedan', 'Coupe', 'Wagon', 'Pickup', 'SUV', 'Hatchback'];
const ZIP_CODES = ['10001', '30301', '60601', '73301', '80202', '90210', '94105', '98101', '02108', '33101'];
const BATCH_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A car's document as a submission stores it; the model derives the rest (search text, list keys) on insert. */
type SeededCar = Omit<VehicleDocument, 'outbox' | 'adminSearchText' | 'mileageOrder' | 'modelYearOrder' | 'zip5'>;

function seededCar(index: number, photos: VehicleDocument['photos']): SeededCar {
  const make = REFERENCE_MAKES[index % REFERENCE_MAKES.length]!.value;
  const model = MODELS[index % MODELS.length]!;
  const year = 2026 - (index % 30);
  // Spread over the last 90 days, newest first by index, as if submitted one after another.
  const createdAt = new Date(Date.now() - index * ((90 * DAY_MS) / 10_000));
  const id = new Types.ObjectId();
  return {
    _id: id,
    make,
    model,
    year,
    mileage: 5_000 + ((index * 7_919) % 200_000),
    condition: 'good',
    titleStatus: 'clean',
    financingStatus: 'owned',
    zipCode: ZIP_CODES[index % ZIP_CODES.length]!,
    seller: { fullName: `Seeded Seller ${index}`, email: `seeded-${index}@example.com`, phone: '555-000-0000', city: 'Anytown', state: 'CA' },
    photos,
    status: 'new',
    contacted: false,
    offerMade: false,
    searchText: searchTextOf({ year, make, model }),
    modelKey: model.toLowerCase(),
    createdAt,
    updatedAt: createdAt,
    listOrder: listOrderOf(createdAt, id),
  };
}

/**
 * Writes `count` varied cars straight into the vehicle database, in the service's own document
 * shape, for the benchmark (seeding 10,000 through the API would take minutes and mail every
 * dealer). They share the photos of `photosOfVehicleId`, a car submitted through the API, so
 * their photo URLs point at real bytes.
 */
export async function seedVehicles(options: { mongoUri: string; dbName: string; count: number; photosOfVehicleId: string }): Promise<void> {
  const connection = await connectMongo(options.mongoUri, options.dbName);
  try {
    const vehicles = vehicleModel(connection);
    const source = await vehicles.findById(new Types.ObjectId(options.photosOfVehicleId), { photos: 1 }).lean();
    if (!source) throw new Error(`vehicle ${options.photosOfVehicleId} not found to take photos from`);
    for (let start = 0; start < options.count; start += BATCH_SIZE) {
      const batch = Array.from({ length: Math.min(BATCH_SIZE, options.count - start) }, (_, offset) => seededCar(start + offset, source.photos));
      await vehicles.insertMany(batch, { ordered: false });
    }
  } finally {
    await connection.close();
  }
}

import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleView } from '@cardirect/contracts';
import { fakeImageDataUrl, jpegDataUrl, pngDataUrl } from '../testing/sample-photos';
import { callers, startVehicleServiceForTest, submissionBody, submitCar, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

let service: VehicleServiceForTest;
let mongo: MongoClient;
const who = callers();

beforeAll(async () => {
  service = await startVehicleServiceForTest();
  mongo = await MongoClient.connect(service.config.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await service?.stop();
});

async function storedState() {
  const db = mongo.db(service.config.MONGODB_DB);
  return {
    vehicles: await db.collection('vehicles').countDocuments(),
    photoFiles: await db.collection('photos.files').countDocuments(),
  };
}

describe('POST /api/vehicles', () => {
  it('When an anonymous seller submits a complete car, then it answers 201 with the id, status new and the date', async () => {
    // Arrange
    const body = await submissionBody();

    // Act
    const response = await service.request<{ id: string; status: string; createdAt: string }>('/api/vehicles', { method: 'POST', body });

    // Assert
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'new', createdAt: expect.any(String) });
    expect(Date.parse(response.body.createdAt)).not.toBeNaN();
  });

  it('When a car was submitted, then an admin reads it back with every field, photo URLs and no photo bytes', async () => {
    const body = await submissionBody({ contactEmail: 'Pat@Example.com', year: '2019', mileage: '12000' });
    const id = await submitCar(service, body);

    const response = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: who.admin });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      make: 'honda',
      model: 'Accord',
      year: 2019,
      mileage: 12000,
      contactEmail: 'pat@example.com',
      fullName: 'Pat Q. Seller',
      status: 'new',
      contacted: false,
      offerMade: false,
      photoUrls: [`/api/vehicles/${id}/photos/0`],
      photoUrl: `/api/vehicles/${id}/photos/0`,
      thumbnailUrl: `/api/vehicles/${id}/photos/0/thumbnail`,
    });
    expect(JSON.stringify(response.body)).not.toContain('base64');
    expect(response.body).not.toHaveProperty('sellerId');
  });

  it('When the wizard sends make and model as lowercase values, then the catalogue names are kept for every reader', async () => {
    const mazda = await submitCar(service, { make: 'mazda', model: 'cx-5', contactEmail: 'names@example.com' });
    const mercedes = await submitCar(service, { make: 'mercedes', model: 'glc-class', contactEmail: 'names@example.com' });
    const unknownModel = await submitCar(service, { make: 'honda', model: 'space wagon', contactEmail: 'names@example.com' });

    const names = async (id: string) => {
      const { body } = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: who.admin });
      return [body.make, body.model, body.makeName, body.modelName];
    };
    expect(await names(mazda)).toEqual(['mazda', 'cx-5', 'Mazda', 'CX-5']);
    expect(await names(mercedes)).toEqual(['mercedes', 'glc-class', 'Mercedes-Benz', 'GLC-Class']);
    expect(await names(unknownModel)).toEqual(['honda', 'space wagon', 'Honda', 'Space Wagon']);
    await expect.poll(() => service.eventsAbout(mazda), { timeout: 5_000 }).toHaveLength(2);
    const listed = (await service.eventsAbout(mazda)).find((event) => event.name === 'vehicle.listed');
    expect(listed?.payload).toMatchObject({ vehicle: { make: 'mazda', model: 'cx-5', makeName: 'Mazda', modelName: 'CX-5' } });
  });

  it('When a car is submitted, then its vehicle.submitted event carries the confirmation link and only what the catalogue knows of the car', async () => {
    const known = await submitCar(service, { contactEmail: 'events@example.com' }, { confirmed: false });
    const unknownModel = await submitCar(service, { model: '<a href="https://spam.example">Cheap pills</a>', trim: 'Call 555-0100', contactEmail: 'events@example.com' }, { confirmed: false });

    await expect.poll(async () => (await service.eventsAbout(known)).length + (await service.eventsAbout(unknownModel)).length, { timeout: 5_000 }).toBe(2);
    const [event] = await service.eventsAbout(known);
    const [spam] = await service.eventsAbout(unknownModel);

    expect(event).toEqual({
      name: 'vehicle.submitted',
      payload: {
        vehicleId: known,
        car: { year: 2018, makeName: 'Honda', modelName: 'Accord' },
        sellerEmail: 'events@example.com',
        confirmationToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        confirmationExpiresAt: expect.any(String),
      },
    });
    expect(spam?.payload.car).toEqual({ year: 2018, makeName: 'Honda' });
    expect(JSON.stringify(spam?.payload)).not.toMatch(/Pat Q\. Seller|spam|555-0100/);
  });

  it('When required fields are missing, then it answers 400 with the spec messages per field', async () => {
    const response = await service.request<{ message: string; errors: Record<string, string> }>('/api/vehicles', {
      method: 'POST',
      body: { sellerId: 1 },
    });

    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Validation failed');
    expect(response.body.errors).toMatchObject({
      make: 'Make is required',
      model: 'Model is required',
      year: 'Year is required',
      mileage: 'Mileage is required',
      titleStatus: 'Title status is required',
      condition: 'Condition is required',
      financingStatus: 'Financing status is required',
      zipCode: 'ZIP Code is required',
      fullName: 'Full name is required',
      contactEmail: 'Invalid email address',
      photoUrls: 'At least one photo is required',
    });
  });

  it('When values fall outside the lists, the model years or the US ZIP format, then each field says why', async () => {
    const body = await submissionBody({ exteriorColor: 'plaid', year: 1950, zipCode: 'SW1A 1AA', vin: 'SHORTVIN', condition: 'mint' });

    const response = await service.request<{ errors: Record<string, string> }>('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(400);
    expect(response.body.errors.exteriorColor).toMatch(/^Exterior color must be one of: white, black/);
    expect(response.body.errors.year).toMatch(/^Year must be between \d{4} and \d{4}$/);
    expect(response.body.errors.zipCode).toBe('ZIP Code must be a US ZIP code (12345 or 12345-6789)');
    expect(response.body.errors.vin).toBe('VIN must be 17 letters and digits (no I, O or Q)');
    expect(response.body.errors.condition).toBe('Condition is required');
  });

  it('When optional selects arrive empty, then they count as absent and the car is accepted', async () => {
    const body = await submissionBody({ exteriorColor: '', transmission: '', vin: '', contactPhone: '' });

    const response = await service.request('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(201);
  });

  it('When a photo labelled image/png is not an image, then it answers 400 on photoUrls and stores nothing', async () => {
    const before = await storedState();
    const body = await submissionBody({ photoUrls: [await jpegDataUrl(), fakeImageDataUrl('image/png', 2_000)] });

    const response = await service.request<{ message: string; errors: Record<string, string> }>('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ photoUrls: 'Photo 2 is not a JPEG, PNG or GIF image' });
    expect(await storedState()).toEqual(before);
  });

  it('When a photo starts like a JPEG but does not decode, then it answers 400 and stores nothing', async () => {
    const before = await storedState();
    const truncated = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 1)]).toString('base64');
    const body = await submissionBody({ photoUrls: [`data:image/jpeg;base64,${truncated}`] });

    const response = await service.request<{ errors: Record<string, string> }>('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(400);
    expect(response.body.errors.photoUrls).toBe('Photo 1 is not a JPEG, PNG or GIF image');
    expect(await storedState()).toEqual(before);
  });

  it('When a photo is 6 MB, then it answers 413 with a clear message and stores nothing', async () => {
    const before = await storedState();
    const body = await submissionBody({ photoUrls: [fakeImageDataUrl('image/jpeg', 6 * 1024 * 1024)] });

    const response = await service.request<{ message: string; errors: Record<string, string> }>('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Photo 1 is larger than 5 MB', errors: { photoUrls: 'Photo 1 is larger than 5 MB' } });
    expect(await storedState()).toEqual(before);
  });

  it('When a PNG is labelled image/jpeg, then its bytes decide: it is stored and served as image/png', async () => {
    const png = (await pngDataUrl()).replace('data:image/png', 'data:image/jpeg');
    const id = await submitCar(service, { photoUrls: [png] });

    const response = await fetchPhoto(`/api/vehicles/${id}/photos/0`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('When the request is not signed by the gateway, then it answers 401 and stores nothing', async () => {
    const before = await storedState();

    const response = await service.request('/api/vehicles', { method: 'POST', body: await submissionBody(), signed: false });

    expect(response.status).toBe(401);
    expect(await storedState()).toEqual(before);
  });
});

async function fetchPhoto(path: string, caller = who.admin, headers: Record<string, string> = {}) {
  return service.request<string>(path, { as: caller, headers });
}

describe('GET /api/vehicles/{id}/photos/{n}', () => {
  it('When an approved dealer asks for a photo and its thumbnail, then both are served with long private cache headers', async () => {
    const id = await submitCar(service, { photoUrls: [await jpegDataUrl(800, 600)] });

    const photo = await fetchPhoto(`/api/vehicles/${id}/photos/0`, who.dealer);
    const thumbnail = await fetchPhoto(`/api/vehicles/${id}/photos/0/thumbnail`, who.dealer);

    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(photo.headers.get('etag')).toBeTruthy();
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(thumbnail.headers.get('content-length'))).toBeLessThan(Number(photo.headers.get('content-length')));
  });

  it('When the browser already holds the photo, then it answers 304', async () => {
    const id = await submitCar(service);
    const first = await fetchPhoto(`/api/vehicles/${id}/photos/0`);

    const again = await fetchPhoto(`/api/vehicles/${id}/photos/0`, who.admin, { 'if-none-match': first.headers.get('etag')! });

    expect(again.status).toBe(304);
  });

  it('When callers of each role ask for a photo, then only dealers, admins and the owning seller get it', async () => {
    const id = await submitCar(service, { contactEmail: who.sellerEmail });
    const path = `/api/vehicles/${id}/photos/0`;

    const statuses = {
      anonymous: (await fetchPhoto(path, who.anonymous)).status,
      pendingDealer: (await fetchPhoto(path, who.pendingDealer)).status,
      seller: (await fetchPhoto(path, who.seller)).status,
      otherSeller: (await fetchPhoto(path, who.otherSeller)).status,
      dealer: (await fetchPhoto(path, who.dealer)).status,
      secondDealer: (await fetchPhoto(path, who.secondDealer)).status,
      admin: (await fetchPhoto(path, who.admin)).status,
    };

    expect(statuses).toEqual({ anonymous: 401, pendingDealer: 401, seller: 200, otherSeller: 403, dealer: 200, secondDealer: 200, admin: 200 });
  });

  it('When the photo number or the car does not exist, then it answers 404 JSON', async () => {
    const id = await submitCar(service);

    const noPhoto = await service.request<{ message: string }>(`/api/vehicles/${id}/photos/3`, { as: who.admin });
    const noCar = await service.request<{ message: string }>('/api/vehicles/0123456789abcdef01234567/photos/0', { as: who.admin });

    expect(noPhoto).toMatchObject({ status: 404, body: { message: 'Photo not found' } });
    expect(noCar).toMatchObject({ status: 404, body: { message: 'Vehicle not found' } });
  });
});

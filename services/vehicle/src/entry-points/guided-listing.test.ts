import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConditionReport, PhotoRole, VehicleView } from '@cardirect/contracts';
import { jpegDataUrl } from '../testing/sample-photos';
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

/** A small real JPEG per photo, each a different size so a photo can be told from the others by its pixels. */
async function photos(count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, (_unused, index) => jpegDataUrl(16 + index, 12)));
}

/** A scratch on the hood and a dent on the rear bumper; worn tires, one key and some records: three minor faults. */
function reportWithTwoDamages(overrides: Partial<ConditionReport> = {}): ConditionReport {
  return {
    accidentHistory: 'none',
    warningLights: [],
    tires: 'worn',
    panelDamage: [
      { panel: 'hood', kind: 'scratch', size: 'small' },
      { panel: 'rear-bumper', kind: 'dent', size: 'small' },
    ],
    windshield: 'clear',
    keys: 'one',
    serviceHistory: 'partial',
    smokedIn: false,
    ...overrides,
  };
}

/** The four guided views, fourteen extras and the photos of both damages: 20 roles. */
function twentyRoles(): PhotoRole[] {
  return [
    { role: 'view', view: 'front-three-quarter' },
    { role: 'view', view: 'rear-three-quarter' },
    { role: 'view', view: 'interior-front' },
    { role: 'view', view: 'odometer' },
    ...Array.from({ length: 14 }, (): PhotoRole => ({ role: 'extra' })),
    { role: 'damage', damageIndex: 0 },
    { role: 'damage', damageIndex: 1 },
  ];
}

async function storedState() {
  const db = mongo.db(service.config.MONGODB_DB);
  return { vehicles: await db.collection('vehicles').countDocuments(), photoFiles: await db.collection('photos.files').countDocuments() };
}

describe('POST /api/vehicles with the guided photos and the condition questionnaire', () => {
  it('When a seller sends 20 photos with their roles and the questionnaire, then a dealer reads every photo with its role, the answers and the grade', async () => {
    const roles = twentyRoles();
    const report = reportWithTwoDamages({ modifications: 'Tow hitch' });
    const id = await submitCar(service, { photoUrls: await photos(20), photoRoles: roles, conditionReport: report, condition: 'excellent' });

    const page = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: who.dealer });

    expect(page.status).toBe(200);
    expect(page.body.condition).toBe('excellent');
    // Worn tires, one key, partial records and two small damages on two panels: more than three minor faults.
    expect(page.body.conditionGrade).toBe('fair');
    expect(page.body.conditionReport).toEqual(report);
    expect(page.body.photoUrls).toHaveLength(20);
    expect(page.body.photos).toEqual(
      roles.map((role, position) => ({
        url: `/api/vehicles/${id}/photos/${position}`,
        thumbnailUrl: `/api/vehicles/${id}/photos/${position}/thumbnail`,
        role,
      })),
    );
    // The card image is still the first photo sent.
    expect(page.body.thumbnailUrl).toBe(`/api/vehicles/${id}/photos/0/thumbnail`);
  });

  it('When a listing has 20 photos, then the last one and its thumbnail are served in the order sent, and no photo 21 exists', async () => {
    const id = await submitCar(service, { photoUrls: await photos(20), photoRoles: twentyRoles(), conditionReport: reportWithTwoDamages() });

    const last = await service.request<string>(`/api/vehicles/${id}/photos/19`, { as: who.dealer });
    const lastThumbnail = await service.request<string>(`/api/vehicles/${id}/photos/19/thumbnail`, { as: who.dealer });
    const beyond = await service.request<{ message: string }>(`/api/vehicles/${id}/photos/20`, { as: who.dealer });

    expect(last.status).toBe(200);
    expect(lastThumbnail.status).toBe(200);
    expect(beyond).toMatchObject({ status: 404, body: { message: 'Photo not found' } });
    const stored = await mongo.db(service.config.MONGODB_DB).collection('vehicles').findOne<{ photos: Array<{ width: number; role: PhotoRole }> }>({ _id: new ObjectId(id) });
    // Each photo keeps its own role: the 20th is 35 px wide as sent, and is the photo of damage 2.
    expect(stored?.photos.map((photo) => photo.width)).toEqual(Array.from({ length: 20 }, (_unused, index) => 16 + index));
    expect(stored?.photos[19]?.role).toEqual({ role: 'damage', damageIndex: 1 });
  });

  it('When the client sends its own grade, then the server keeps the one it works out from the answers', async () => {
    const airbagLight = reportWithTwoDamages({ warningLights: ['airbag'] });
    const graded = await submitCar(service, { conditionReport: airbagLight, conditionGrade: 'excellent' });
    const ungraded = await submitCar(service, { conditionGrade: 'excellent' });

    const withReport = await service.request<VehicleView>(`/api/vehicles/${graded}`, { as: who.admin });
    const withoutReport = await service.request<VehicleView>(`/api/vehicles/${ungraded}`, { as: who.admin });

    expect(withReport.body.conditionGrade).toBe('needs_work');
    expect(withoutReport.body).not.toHaveProperty('conditionGrade');
    expect(withoutReport.body).not.toHaveProperty('conditionReport');
  });

  it('When a damage photo names a damage the questionnaire does not declare, then it answers 400 on photoRoles and stores nothing', async () => {
    const before = await storedState();
    const body = await submissionBody({
      photoUrls: await photos(2),
      photoRoles: [{ role: 'view', view: 'front-three-quarter' }, { role: 'damage', damageIndex: 2 }],
      conditionReport: reportWithTwoDamages(),
    });

    const response = await service.request<{ message: string; errors: Record<string, string> }>('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ photoRoles: 'A damage photo names a damage that is not declared' });
    expect(await storedState()).toEqual(before);
  });

  it('When 21 photos are sent, then it answers 400 and says at most 20 are accepted', async () => {
    const photo = await jpegDataUrl(8, 8);
    const body = await submissionBody({ photoUrls: Array.from({ length: 21 }, () => photo) });

    const response = await service.request<{ errors: Record<string, string> }>('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(400);
    expect(response.body.errors.photoUrls).toBe('At most 20 photos are accepted');
  });

  it('When a car is submitted as the spec has it (one photo, no roles, no questionnaire), then it is stored and read as before', async () => {
    const id = await submitCar(service);

    const page = await service.request<VehicleView>(`/api/vehicles/${id}`, { as: who.dealer });

    expect(page.status).toBe(200);
    expect(page.body.photoUrls).toEqual([`/api/vehicles/${id}/photos/0`]);
    expect(page.body.photos).toEqual([{ url: `/api/vehicles/${id}/photos/0`, thumbnailUrl: `/api/vehicles/${id}/photos/0/thumbnail` }]);
    expect(page.body).not.toHaveProperty('conditionReport');
    expect(page.body).not.toHaveProperty('conditionGrade');
  });

  it("When dealers list the cars, then a car's page-only fields stay off the list: no photo roles, no questionnaire", async () => {
    const make = 'subaru';
    const id = await submitCar(service, { make, model: 'Outback', photoUrls: await photos(20), photoRoles: twentyRoles(), conditionReport: reportWithTwoDamages() });

    const list = await service.request<VehicleView[]>(`/api/vehicles?make=${make}`, { as: who.dealer });

    const listed = list.body.find((car) => car.id === id);
    expect(listed?.photoUrls).toHaveLength(20);
    expect(listed).not.toHaveProperty('photos');
    expect(listed).not.toHaveProperty('conditionReport');
    expect(listed).not.toHaveProperty('conditionGrade');
  });
});

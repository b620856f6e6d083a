import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, gifWithFrames, htmlDocument, jpegDeclaring, pngDeclaring, svgDocument, truncatedJpeg } from '../testing/hostile-photos';
import { jpegDataUrl } from '../testing/sample-photos';
import { callers, startVehicleServiceForTest, submissionBody, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

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

async function storedCounts() {
  const db = mongo.db(service.config.MONGODB_DB);
  return { vehicles: await db.collection('vehicles').countDocuments(), photoFiles: await db.collection('photos.files').countDocuments() };
}

/** The bound each refusal must keep: the service runs in this process, so its memory is ours. */
const MAX_MS = 2_000;
const MAX_RSS_GROWTH_BYTES = 150 * 1024 * 1024;

describe('POST /api/vehicles with photos as an attacker sends them', () => {
  const notAnImage = 'Photo 2 is not a JPEG, PNG or GIF image';
  const hostile: Array<[string, () => Promise<string> | string, string | Record<string, string>]> = [
    ['a tiny PNG declaring 30,000 x 30,000 pixels', () => dataUrl('image/png', pngDeclaring(30_000, 30_000)), 'Photo 2 is larger than 50 megapixels'],
    ['a JPEG declaring 65,000 x 65,000 pixels', async () => dataUrl('image/jpeg', await jpegDeclaring(65_000, 65_000)), 'Photo 2 is larger than 50 megapixels'],
    ['a GIF whose screen is 65,535 x 65,535 pixels', () => dataUrl('image/gif', gifWithFrames(1, { width: 65_535, height: 65_535 })), 'Photo 2 is larger than 50 megapixels'],
    ['a GIF with 5,000 frames', () => dataUrl('image/gif', gifWithFrames(5_000)), 'Photo 2 has more than 100 frames'],
    ['a truncated JPEG', async () => dataUrl('image/jpeg', await truncatedJpeg()), notAnImage],
    ['an SVG named image/png', () => dataUrl('image/png', svgDocument), notAnImage],
    ['an HTML page named image/png', () => dataUrl('image/png', htmlDocument), notAnImage],
    ['an SVG labelled image/svg+xml', () => dataUrl('image/svg+xml', svgDocument), notAnImage],
    ['an empty data URL', () => 'data:image/png;base64,', notAnImage],
    ['a data URL that is not base64', () => 'data:image/png,%89PNG', notAnImage],
    ['a data URL with characters outside base64', () => 'data:image/png;base64,iVBORw0KGgo!!!!', notAnImage],
    ['a javascript: URL', () => 'javascript:alert(1)', { 'photoUrls.1': 'Each photo must be an image data URL' }],
  ];

  it.each(hostile)('When photo 2 is %s, then it answers 400 in bounded time and memory and stores nothing', async (_label, makePhoto, refusal) => {
    const before = await storedCounts();
    const body = await submissionBody({ photoUrls: [await jpegDataUrl(), await makePhoto()] });
    const rssBefore = process.memoryUsage().rss;
    const startedAt = performance.now();

    const response = await service.request<{ message: string; errors: Record<string, string> }>('/api/vehicles', { method: 'POST', body });

    expect(performance.now() - startedAt).toBeLessThan(MAX_MS);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(MAX_RSS_GROWTH_BYTES);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(typeof refusal === 'string' ? { photoUrls: refusal } : refusal);
    expect(await storedCounts()).toEqual(before);
  });

  it('When a GIF has a few frames, then it is accepted (animation itself is not refused)', async () => {
    const body = await submissionBody({ photoUrls: [dataUrl('image/gif', gifWithFrames(10))] });

    const response = await service.request('/api/vehicles', { method: 'POST', body });

    expect(response.status).toBe(201);
  });

  it('When every hostile photo was refused, then the service still accepts a good car and serves reads', async () => {
    const submitted = await service.request('/api/vehicles', { method: 'POST', body: await submissionBody() });
    const listed = await service.request('/api/vehicles/all', { as: who.admin });

    expect(submitted.status).toBe(201);
    expect(listed.status).toBe(200);
  });
});

describe('Malformed paths reach the vehicle service', () => {
  it.each(['/api/vehicles/%E0%A4%A', '/api/vehicles/%', '/api/vehicles/%E0%A4%A/photos/0', '/api/vehicles/abc/photos/%FF', '/api/vehicles/%E0%A4%A/offers', '/api/offers/%C0/accept'])(
    'When an admin asks for %s, then it answers 400 with a JSON message',
    async (path) => {
      const method = path.endsWith('/accept') ? 'POST' : 'GET';

      const response = await service.request(path, { as: who.admin, method });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Malformed percent-encoding in the URL' });
    },
  );
});

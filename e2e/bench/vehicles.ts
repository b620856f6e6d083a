// `npm run bench` part: the vehicle service through the gateway on this machine.
// - dealer list: GET /api/vehicles (a page of 24) with 10,000 vehicles stored, 32 connections, 10 s;
// - VIN decode, warm (every VIN asked once before): p50/p95 over sequential requests;
// - submission of a car with one ~60 KB JPEG photo, 8 connections, 10 s.
// Runs the whole built product (startStack). MongoDB is the embedded server in its own process,
// started here so the 10,000 cars can be written straight into the vehicle database in the
// service's own document shape (seeding them through the API would take minutes and mail every
// dealer). Writes bench-results/vehicles.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { seedVehicles } from '@cardirect/vehicle';
import { createLoadClient, round, runLoad, runSequential, startMongoProcess } from '../support/bench-tools';
import { startStack, type Stack } from '../support/stack';
import { freshTempDir, repoRoot } from '../support/paths';

const STORED_VEHICLES = 10_000;
const LIST_CONNECTIONS = 32;
const SUBMIT_CONNECTIONS = 8;
const DURATION_MS = 10_000;
const WARM_UP_MS = 2_000;
const DECODE_REQUESTS = 1_000;
const SAMPLE_VINS = [
  '1HGCM82633A004352', '5YJ3E1EA2KF317000', '1FTFW1ET9DFC10312', 'WBA3A5C57CF256651', '2T1BURHE9JC074123',
  '1G1ZD5STXJF123456', 'JTDKN3DU6A0123456', '3VW2B7AJ8HM123456', 'KNDJP3A50H7123456', '5NPE34AF1HH123456', 'KM8K2CAB4PU001140',
];

function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('cd_session='));
  if (!cookie) throw new Error(`no session cookie in the answer (${response.status})`);
  return cookie.split(';')[0]!;
}

async function call(stack: Stack, method: string, apiPath: string, options: { body?: unknown; cookie?: string } = {}): Promise<Response> {
  const response = await fetch(`${stack.baseUrl}${apiPath}`, {
    method,
    headers: {
      origin: stack.baseUrl,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Registers a dealer, has the admin approve it, logs it in: the session cookie of an approved dealer. */
async function approvedDealerSession(stack: Stack): Promise<string> {
  const email = `bench-dealer-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  await call(stack, 'POST', '/api/auth/dealer/register', {
    body: { dealershipName: 'Bench Motors', email, password, phoneNumber: '5550001111', address: '1 Bench Way', city: 'Chicago', state: 'IL', zipCode: '60601' },
  });
  const admin = sessionCookieOf(await call(stack, 'POST', '/api/auth/admin/login', { body: stack.admin }));
  const dealers = (await (await call(stack, 'GET', '/api/dealers', { cookie: admin })).json()) as Array<{ id: string; user: { email: string } }>;
  const dealer = dealers.find((candidate) => candidate.user.email === email);
  if (!dealer) throw new Error('the registered dealer is not in the admin list');
  await call(stack, 'PATCH', `/api/dealers/${dealer.id}/approve`, { cookie: admin });
  return sessionCookieOf(await call(stack, 'POST', '/api/auth/dealer/login', { body: { email, password } }));
}

/** A noisy 600 x 400 JPEG of about 60 KB, the size of a phone photo after the wizard's resize. */
async function photoOfAbout60KB(): Promise<string> {
  const width = 600;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 2_654_435_761) >>> 24;
  const encode = (quality: number) => sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
  let quality = 70;
  let jpeg = await encode(quality);
  while (jpeg.length > 60 * 1024 && quality > 10) jpeg = await encode((quality -= 5));
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

function submission(photo: string, index: number) {
  return {
    make: 'toyota', model: 'Camry', year: 2019, trim: 'SE', vin: '', mileage: 30_000 + index, exteriorColor: 'silver',
    interiorColor: 'black', transmission: 'automatic', driveType: 'fwd', fuelType: 'gasoline', engine: '4 cylinder 2.5L',
    condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '60601', description: 'Benchmark car',
    fullName: 'Bench Seller', contactEmail: `bench-seller-${index}@example.com`, contactPhone: '5550002222', city: 'Chicago',
    state: 'IL', photoUrls: [photo], sellerId: 1,
  };
}

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg().map(round);
  const dataDir = freshTempDir('bench-vehicles');
  const mongo = await startMongoProcess(path.join(dataDir, 'mongo'));
  let stack: Stack | undefined;
  try {
    // One client address sends every request here: the gateway's per-client ceiling would stop it.
    stack = await startStack({ env: { MONGODB_URI: mongo.uri, LOG_LEVEL: 'warn', API_RATE_LIMIT_PER_MINUTE: '1000000000' } });
    const activeStack = stack;
    console.log(`stack at ${stack.baseUrl}; seeding ${STORED_VEHICLES} vehicles`);
    const dealerCookie = await approvedDealerSession(stack);
    const photo = await photoOfAbout60KB();
    const photoBytes = Buffer.from(photo.split(',')[1]!, 'base64').length;
    const first = (await (await call(stack, 'POST', '/api/vehicles', { body: submission(photo, 0) })).json()) as { id: string };
    const seedStarted = performance.now();
    await seedVehicles({ mongoUri: mongo.uri, dbName: 'cardirect_vehicle', count: STORED_VEHICLES, photosOfVehicleId: first.id });
    const seedSeconds = round((performance.now() - seedStarted) / 1000);

    const client = createLoadClient(activeStack.baseUrl, LIST_CONNECTIONS);
    const listOnce = () => client.send('GET', '/api/vehicles?limit=24', { cookie: dealerCookie });
    const page = (await (await call(stack, 'GET', '/api/vehicles?limit=24', { cookie: dealerCookie })).json()) as unknown[];
    if (page.length !== 24) throw new Error(`the dealer list answered ${page.length} vehicles instead of 24`);
    await runLoad(LIST_CONNECTIONS, WARM_UP_MS, listOnce);
    const clientCpuBefore = process.cpuUsage();
    const list = await runLoad(LIST_CONNECTIONS, DURATION_MS, listOnce);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    // The share of one core the load client itself used while measuring (it runs on the same machine).
    const clientCpuShare = round((clientCpu.user + clientCpu.system) / 1000 / (list.durationSeconds * 1000));
    console.log('dealer list', list);

    for (const vin of SAMPLE_VINS) await call(stack, 'GET', `/api/vehicles/decode?vin=${vin}`);
    const decode = await runSequential(DECODE_REQUESTS, (index) => client.send('GET', `/api/vehicles/decode?vin=${SAMPLE_VINS[index % SAMPLE_VINS.length]}`));
    console.log('decode (warm)', decode);

    let submitted = 0;
    const submit = await runLoad(SUBMIT_CONNECTIONS, DURATION_MS, () =>
      client.send('POST', '/api/vehicles', { 'content-type': 'application/json', origin: activeStack.baseUrl }, JSON.stringify(submission(photo, ++submitted))),
    );
    client.close();
    console.log('submission', submit);

    const results = {
      measuredAt: new Date().toISOString(),
      // Other work on the machine shares its cores; the load average says how much.
      machine: { cpus: os.cpus().length, node: process.version, loadAverageAtStart, loadAverageAtEnd: os.loadavg().map(round) },
      storedVehicles: STORED_VEHICLES + 1,
      seedSeconds,
      dealerList: { ...list, pageSize: 24, targetP99Ms: 50, loadClientCpuShare: clientCpuShare },
      decodeWarm: { ...decode, targetP95Ms: 10 },
      submission: { ...submit, photoBytes },
    };
    const outDir = path.join(repoRoot, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'vehicles.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      [
        `dealer list (24 of ${STORED_VEHICLES} stored, ${LIST_CONNECTIONS} connections): ${list.requestsPerSecond} req/s, p50 ${list.p50Ms} ms, p99 ${list.p99Ms} ms`,
        `decode (warm, sequential): p50 ${decode.p50Ms} ms, p95 ${decode.p95Ms} ms`,
        `submission (${Math.round(photoBytes / 1024)} KB photo, ${SUBMIT_CONNECTIONS} connections): ${submit.requestsPerSecond} req/s, p50 ${submit.p50Ms} ms, p99 ${submit.p99Ms} ms`,
        'written to bench-results/vehicles.json',
      ].join('\n'),
    );
  } finally {
    await stack?.stop();
    mongo.process.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

import { randomUUID } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import { createEventsQueue, closeEventsQueue, type RunningService } from '@cardirect/service-kit';
import { startServiceForTest, stopInOrder, type ServiceUnderTest, type TestCaller } from '@cardirect/service-kit/testing';
import type { EventName, VehicleSubmitted } from '@cardirect/contracts';
import { SHARED_CATALOGUE_CACHE_DIR } from '../catalogue/testing/shared-catalogue-cache';
import { loadVehicleConfig, type VehicleConfig } from '../config';
import { DEAL_CLOCKS_QUEUE, type DealClockJob } from '../data-access/deal-clock-queue';
import { SAVED_SEARCH_DIGESTS_QUEUE } from '../entry-points/saved-search-digests';
import type { DealClock } from '../domain/deals/deal';
import { startVehicleService } from '../vehicle-service';
import { createLogger } from '@cardirect/service-kit';
import { jpegDataUrl } from './sample-photos';

export interface VehicleServiceForTest extends ServiceUnderTest<VehicleConfig> {
  /** Moves the service's clock (offer expiry, the deals' deadlines) forward. */
  advanceClock(ms: number): void;
  /** The service's clock now. */
  now(): Date;
  /**
   * Fires a deal's clock now: promotes its delayed job (the one of the deal's latest version when
   * there are several) and waits until the service's worker has run it. Answers the job.
   */
  fireClock(dealId: string, clock: DealClock): Promise<Job<DealClockJob>>;
  /** Runs a clock's finished job once more, as a redelivery would, and waits until it has run. */
  rerunClock(job: Job<DealClockJob>): Promise<Job<DealClockJob>>;
  /** The clocks of a deal still waiting (delayed), as `<clock>.<version>`. */
  waitingClocks(dealId: string): Promise<string[]>;
  /** Sends the saved searches' digests now: promotes the scheduler's waiting job, waits until the service's worker ran it, and answers how many e-mails it asked for. */
  runSavedSearchDigests(): Promise<number>;
  /** Names of the events the outbox relay has put on the 'events' queue for this vehicle or offer. */
  eventsAbout(id: string): Promise<Array<{ name: EventName; payload: Record<string, unknown> }>>;
}

/** Starts the vehicle service in-process against real MongoDB and Redis, with a movable clock. */
export async function startVehicleServiceForTest(env: Record<string, string> = {}): Promise<VehicleServiceForTest> {
  let clockOffsetMs = 0;
  const service = await startServiceForTest<VehicleConfig>({
    name: 'vehicle',
    loadConfig: loadVehicleConfig,
    env: {
      CATALOGUE_CACHE_DIR: SHARED_CATALOGUE_CACHE_DIR,
      OUTBOX_RELAY_INTERVAL_MS: '100',
      SAVED_SEARCH_MATCH_INTERVAL_MS: '100',
      // No dealer service in these tests: offers show the dealer's e-mail (dealer-directory.test.ts covers the lookup).
      DEALER_SERVICE_URL: 'http://127.0.0.1:9',
      ...env,
    },
    start: (config): Promise<RunningService> =>
      startVehicleService(config, {
        logger: createLogger({ name: 'vehicle', level: config.LOG_LEVEL }),
        now: () => new Date(Date.now() + clockOffsetMs),
      }),
  });
  const queue = createEventsQueue(service.config.REDIS_URL);
  const clocks = new Queue<DealClockJob>(DEAL_CLOCKS_QUEUE, { connection: { url: service.config.REDIS_URL } });
  const digests = new Queue(SAVED_SEARCH_DIGESTS_QUEUE, { connection: { url: service.config.REDIS_URL } });

  /** Polls until `found` answers something, for at most 10 s. */
  async function eventually<T>(what: string, found: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await found();
      if (answer !== undefined) return answer;
      if (Date.now() > deadline) throw new Error(`${what} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function finished(job: Job<DealClockJob>, after: number): Promise<Job<DealClockJob>> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const current = await clocks.getJob(job.id!);
      if (current?.finishedOn !== undefined && current.finishedOn >= after) return current;
      if (Date.now() > deadline) throw new Error(`clock job ${job.id} did not run within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return {
    ...service,
    advanceClock(ms) {
      clockOffsetMs += ms;
    },
    now: () => new Date(Date.now() + clockOffsetMs),
    async fireClock(dealId, clock) {
      const waiting = (await clocks.getDelayed()).filter((job) => job.data.dealId === dealId && job.data.clock === clock);
      const job = waiting.sort((a, b) => b.data.version - a.data.version)[0];
      if (!job) throw new Error(`no ${clock} clock waits for deal ${dealId}`);
      const promotedAt = Date.now();
      await job.promote();
      return finished(job, promotedAt);
    },
    async rerunClock(job) {
      const rerunAt = Date.now();
      await job.retry('completed');
      return finished(job, rerunAt);
    },
    async runSavedSearchDigests() {
      const job = await eventually('the saved search digest was not scheduled', async () => (await digests.getDelayed())[0]);
      await job.promote();
      const done = await eventually(`digest job ${job.id} did not run`, async () => {
        const current = await digests.getJob(job.id!);
        return current?.finishedOn !== undefined ? current : undefined;
      });
      return Number(done.returnvalue);
    },
    async waitingClocks(dealId) {
      const waiting = (await clocks.getDelayed()).filter((job) => job.data.dealId === dealId);
      return waiting.map((job) => `${job.data.clock}.${job.data.version}`).sort();
    },
    async eventsAbout(id) {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
      return jobs
        .filter((job) => JSON.stringify(job.data.payload).includes(id))
        .map((job) => ({ name: job.name as EventName, payload: job.data.payload as Record<string, unknown> }));
    },
    async stop() {
      await stopInOrder('vehicle', {
        "the test's events queue": () => closeEventsQueue(queue),
        "the test's deal clocks queue": () => clocks.close(),
        "the test's saved search digests queue": () => digests.close(),
        'the service under test': () => service.stop(),
      });
    },
  };
}

/** The callers of the role matrix. A pending dealer cannot log in (the auth service refuses), so it calls as anonymous. */
export function callers() {
  const sellerEmail = `seller-${randomUUID()}@example.com`;
  return {
    anonymous: { role: 'anonymous' } as TestCaller,
    pendingDealer: { role: 'anonymous' } as TestCaller,
    seller: { role: 'seller', userId: randomUUID(), email: sellerEmail } as TestCaller,
    otherSeller: { role: 'seller', userId: randomUUID(), email: `other-${randomUUID()}@example.com` } as TestCaller,
    dealer: { role: 'dealer', userId: randomUUID(), email: `dealer-${randomUUID()}@example.com` } as TestCaller,
    secondDealer: { role: 'dealer', userId: randomUUID(), email: `dealer2-${randomUUID()}@example.com` } as TestCaller,
    admin: { role: 'admin', userId: randomUUID(), email: 'admin@cardirect.local' } as TestCaller,
    sellerEmail,
  };
}

export type Callers = ReturnType<typeof callers>;

export const SELLER_CONTACT = {
  fullName: 'Pat Q. Seller',
  contactPhone: '555-867-5309',
  city: 'Springfield',
  state: 'IL',
} as const;

let samplePhoto: Promise<string> | undefined;

/** The submitted body of spec section 3, as the wizard sends it; override any field. */
export async function submissionBody(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  samplePhoto ??= jpegDataUrl();
  return {
    make: 'honda',
    model: 'Accord',
    year: 2018,
    trim: 'EX-L',
    vin: '1HGCM82633A004352',
    mileage: 42000,
    exteriorColor: 'blue',
    interiorColor: 'black',
    transmission: 'automatic',
    driveType: 'fwd',
    fuelType: 'gasoline',
    engine: '4 cylinder 1.5L',
    condition: 'good',
    titleStatus: 'clean',
    financingStatus: 'owned',
    zipCode: '62704',
    description: 'One owner, garage kept.',
    fullName: SELLER_CONTACT.fullName,
    contactEmail: `seller-${randomUUID()}@example.com`,
    contactPhone: SELLER_CONTACT.contactPhone,
    city: SELLER_CONTACT.city,
    state: SELLER_CONTACT.state,
    photoUrls: [await samplePhoto],
    sellerId: 1,
    ...overrides,
  };
}

/** The token of the confirmation link e-mailed for a car, once the outbox relay has published its event. */
export async function confirmationTokenOf(service: VehicleServiceForTest, vehicleId: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const submitted = (await service.eventsAbout(vehicleId)).find((event) => event.name === 'vehicle.submitted');
    if (submitted) return String(submitted.payload.confirmationToken);
    if (Date.now() > deadline) throw new Error(`no vehicle.submitted event for ${vehicleId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Confirms a car's listing as the seller's click does (through the auth service, which calls as a service). */
export async function confirmListing(service: VehicleServiceForTest, vehicleId: string): Promise<void> {
  const token = await confirmationTokenOf(service, vehicleId);
  const response = await service.request('/internal/listing-confirmations', { method: 'POST', body: { token }, as: { role: 'service' } });
  if (response.status !== 200) throw new Error(`confirmation failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/**
 * Submits a car anonymously and answers its id (fails the test on any other answer than 201). The
 * listing is confirmed by its seller, so dealers see it, unless `confirmed` is false.
 */
export async function submitCar(service: VehicleServiceForTest, overrides: Record<string, unknown> = {}, options: { confirmed?: boolean } = {}): Promise<string> {
  const response = await service.request<VehicleSubmitted>('/api/vehicles', { method: 'POST', body: await submissionBody(overrides) });
  if (response.status !== 201) throw new Error(`submission failed: ${response.status} ${JSON.stringify(response.body)}`);
  if (options.confirmed !== false) await confirmListing(service, response.body.id);
  return response.body.id;
}

import type { Connection } from 'mongoose';
import { SESSION_COOKIE, type DealerRegistrationInput } from '@cardirect/contracts';
import { closeRedis, connectMongo, createRedis, createSessionStore, type SessionStore } from '@cardirect/service-kit';
import { readRelayedEvents, startServiceForTest, stopInOrder, type RelayedEvents, type ServiceUnderTest, type TestRequestOptions, type TestResponse } from '@cardirect/service-kit/testing';
import type { Redis } from 'ioredis';
import { startAuthService } from '../auth-service';
import { loadAuthConfig, type AuthConfig } from '../config';
import { accountModel, type AccountModel } from '../data-access/account-model';
import { sellerLoginModel, type SellerLoginModel } from '../data-access/seller-login-model';
import { createCapturedLogger } from './captured-logs';
import { startFakeDealerService, type FakeDealerService } from './fake-dealer-service';
import { startFakeVehicleService, type FakeVehicleService } from './fake-vehicle-service';
import { createTestClock, type TestClock } from './test-clock';

export interface AuthRequestOptions extends TestRequestOptions {
  /** The client address the gateway would pass on; each test uses its own so rate limits stay apart. */
  ip?: string;
}

export interface AuthUnderTest {
  service: ServiceUnderTest<AuthConfig>;
  dealers: FakeDealerService;
  vehicles: FakeVehicleService;
  clock: TestClock;
  /** Every line the service logged. */
  logs: string[];
  events: RelayedEvents;
  /** The sessions as the gateway sees them. */
  sessions: SessionStore;
  /**
   * The ids of a user's live sessions, found through the per-user index the session store keeps
   * (`user-sessions:<userId>`, in service-kit), for sessions whose id no answer carried.
   */
  liveSessionsOf(userId: string): Promise<string[]>;
  accounts: AccountModel;
  sellerLogins: SellerLoginModel;
  admin: { email: string; password: string };
  request<Body = unknown>(path: string, options?: AuthRequestOptions): Promise<TestResponse<Body>>;
  stop(): Promise<void>;
}

export const TEST_ADMIN = { email: 'admin@cardirect.test', password: 'admin-password-for-tests' };

/** Longest setTimeout delay: a sweep or relay tick that never comes during a test file. */
export const NEVER_MS = 2 ** 31 - 1;

/**
 * The auth service in-process on real MongoDB and Redis, with a fake dealer service and a movable
 * clock. The sweep of unfinished registrations runs only when a test asks for it: moved forward,
 * the clock would make another test's registration in flight look cut off.
 */
export async function startAuthForTest(options: { registrationSweepIntervalMs?: number; relayIntervalMs?: number } = {}): Promise<AuthUnderTest> {
  const [dealers, vehicles] = await Promise.all([startFakeDealerService(), startFakeVehicleService()]);
  const clock = createTestClock();
  const { logger, lines } = createCapturedLogger();
  const service = await startServiceForTest({
    name: 'auth',
    loadConfig: loadAuthConfig,
    start: (config) =>
      startAuthService(config, { now: clock.now, logger, relayIntervalMs: options.relayIntervalMs ?? 50, registrationSweepIntervalMs: options.registrationSweepIntervalMs ?? NEVER_MS }),
    env: { DEALER_SERVICE_URL: dealers.url, VEHICLE_SERVICE_URL: vehicles.url, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password },
  });
  const redis: Redis = createRedis(service.config.REDIS_URL);
  const connection: Connection = await connectMongo(service.config.MONGODB_URI, service.config.MONGODB_DB);
  const events = readRelayedEvents(service.config.REDIS_URL);
  const sessions = createSessionStore(redis);
  return {
    service,
    dealers,
    vehicles,
    clock,
    logs: lines,
    events,
    sessions,
    async liveSessionsOf(userId) {
      const ids = await redis.smembers(`user-sessions:${userId}`);
      const live = await Promise.all(ids.map((id) => sessions.get(id)));
      return ids.filter((_id, index) => live[index] !== null);
    },
    accounts: accountModel(connection),
    sellerLogins: sellerLoginModel(connection),
    admin: TEST_ADMIN,
    request: (path, options = {}) => {
      // The client's address reaches the service signed into the identity, as the gateway sends it.
      const { ip, ...rest } = options;
      return service.request(path, ip ? { ...rest, as: { ...(rest.as ?? { role: 'anonymous' }), clientAddress: ip } } : rest);
    },
    async stop() {
      await stopInOrder('auth', {
        'the events reader': () => events.close(),
        "the test's Redis connection": () => closeRedis(redis),
        "the test's MongoDB connection": () => connection.close(),
        'the service under test': () => service.stop(),
        'the fake dealer service': () => dealers.stop(),
        'the fake vehicle service': () => vehicles.stop(),
      });
    },
  };
}

let ipCounter = 0;
/** A client address no other test uses (documentation range 198.18.0.0/15). */
export function uniqueIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
export function uniqueEmail(label = 'dealer'): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${Date.now().toString(36)}@example.com`;
}

/** A registration payload that passes every rule of spec section 5. */
export function validRegistration(overrides: Partial<DealerRegistrationInput> = {}): DealerRegistrationInput {
  return {
    dealershipName: 'Sunset Motors',
    email: uniqueEmail(),
    password: 'secret-password-1',
    phoneNumber: '(310) 555-0100',
    address: '100 Sunset Blvd',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90028',
    ...overrides,
  };
}

/** The session id the answer set as the cd_session cookie, if any. */
export function sessionCookieOf(response: TestResponse): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, value] = pair.split('=');
    if (name === SESSION_COOKIE && value) return value;
  }
  return undefined;
}

/** Registers a dealer through the API and has the (fake) dealer service approve it. */
export async function registerApprovedDealer(auth: AuthUnderTest, overrides: Partial<DealerRegistrationInput> = {}): Promise<DealerRegistrationInput> {
  const registration = validRegistration(overrides);
  const response = await auth.request('/api/auth/dealer/register', { method: 'POST', body: registration, ip: uniqueIp() });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  auth.dealers.approve(registration.email);
  return registration;
}

import type { Connection } from 'mongoose';
import type { DealerProfileCreate, DealerProfileRef } from '@cardirect/contracts';
import { connectMongo } from '@cardirect/service-kit';
import { readRelayedEvents, startServiceForTest, stopInOrder, type RelayedEvents, type ServiceUnderTest, type TestCaller } from '@cardirect/service-kit/testing';
import { loadDealerConfig, type DealerConfig } from '../config';
import { dealerProfileModel, type DealerProfileModel } from '../data-access/dealer-profile-model';
import { startDealerService } from '../dealer-service';
import { startFakeAuthService, type FakeAuthService } from './fake-auth-service';
import { startFakeVehicleService, type FakeVehicleService } from './fake-vehicle-service';

export interface DealerUnderTest {
  service: ServiceUnderTest<DealerConfig>;
  auth: FakeAuthService;
  vehicles: FakeVehicleService;
  events: RelayedEvents;
  profiles: DealerProfileModel;
  stop(): Promise<void>;
}

/** The dealer service in-process on real MongoDB and Redis, with fake auth and vehicle services. */
export async function startDealerForTest(): Promise<DealerUnderTest> {
  const [auth, vehicles] = await Promise.all([startFakeAuthService(), startFakeVehicleService()]);
  const service = await startServiceForTest({
    name: 'dealer',
    loadConfig: loadDealerConfig,
    start: (config) => startDealerService(config, { relayIntervalMs: 50 }),
    env: { AUTH_SERVICE_URL: auth.url, VEHICLE_SERVICE_URL: vehicles.url },
  });
  const connection: Connection = await connectMongo(service.config.MONGODB_URI, service.config.MONGODB_DB);
  const events = readRelayedEvents(service.config.REDIS_URL);
  return {
    service,
    auth,
    vehicles,
    events,
    profiles: dealerProfileModel(connection),
    async stop() {
      await stopInOrder('dealer', {
        'the events reader': () => events.close(),
        "the test's MongoDB connection": () => connection.close(),
        'the service under test': () => service.stop(),
        'the fake auth service': () => auth.stop(),
        'the fake vehicle service': () => vehicles.stop(),
      });
    },
  };
}

export const callers = {
  anonymous: { role: 'anonymous' },
  seller: { role: 'seller', userId: 'seller-1', email: 'seller@example.com' },
  dealer: { role: 'dealer', userId: 'dealer-1', email: 'dealer@example.com' },
  admin: { role: 'admin', userId: 'admin-1', email: 'admin@example.com' },
  service: { role: 'service' },
} as const satisfies Record<string, TestCaller>;

let counter = 0;
/** A profile as auth sends it at registration, for an account id no other test uses. */
export function newProfile(overrides: Partial<DealerProfileCreate> = {}): DealerProfileCreate {
  counter += 1;
  return {
    userId: `${Date.now().toString(16)}${String(counter).padStart(6, '0')}`,
    email: `dealer-${counter}-${Date.now().toString(36)}@example.com`,
    dealershipName: `Dealership ${counter}`,
    phoneNumber: '(310) 555-0100',
    address: '100 Sunset Blvd',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90028',
    ...overrides,
  };
}

/** Creates a pending dealer through the internal API, as auth does at registration. */
export async function createPendingDealer(dealers: DealerUnderTest, overrides: Partial<DealerProfileCreate> = {}): Promise<DealerProfileCreate & DealerProfileRef> {
  const profile = newProfile(overrides);
  const response = await dealers.service.request<DealerProfileRef>('/internal/dealers', { method: 'POST', body: profile, as: callers.service });
  if (response.status !== 201) throw new Error(`Profile creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...profile, ...response.body };
}

export async function createApprovedDealer(dealers: DealerUnderTest, overrides: Partial<DealerProfileCreate> = {}): Promise<DealerProfileCreate & DealerProfileRef> {
  const dealer = await createPendingDealer(dealers, overrides);
  const response = await dealers.service.request(`/api/dealers/${dealer.dealerId}/approve`, { method: 'PATCH', as: callers.admin });
  if (response.status !== 200) throw new Error(`Approval failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...dealer, isApproved: true };
}

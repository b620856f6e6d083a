import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSignedIdentity } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET, type TestCaller } from '@cardirect/service-kit/testing';
import { startVehicleServiceForTest, type VehicleServiceForTest } from './vehicle-test-kit';

export interface DealerServiceStandIn {
  url: string;
  /** The ZIP code each dealer account has; a dealer not in it is unknown (404). */
  zipCodes: Map<string, string>;
  /** The dealer accounts an admin has suspended (each must have a ZIP code too). */
  suspended: Set<string>;
  /** While true, every call's connection is dropped, as a dealer service that is down. */
  down: boolean;
  /** A new dealer account whose dealership this stand-in places at the ZIP code (Springfield, IL by default). */
  dealerAt(zipCode?: string, standing?: 'in good standing' | 'suspended'): TestCaller;
  close(): Promise<void>;
}

/** The vehicle service asking a stand-in dealer service; stopping it closes both. */
export interface VehicleServiceWithDealerStandIn extends VehicleServiceForTest {
  dealerService: DealerServiceStandIn;
}

/** A stand-in for the dealer service's internal lookup (`/internal/dealers/by-user/:id`), answering only signed service calls. */
export async function startDealerServiceStandIn(): Promise<DealerServiceStandIn> {
  const zipCodes = new Map<string, string>();
  const suspended = new Set<string>();
  const server = createServer((req, res) => {
    const check = readSignedIdentity(req.headers['x-cardirect-identity'] as string, req.headers['x-cardirect-signature'] as string, TEST_IDENTITY_SECRET, {
      method: req.method ?? '',
      target: req.url ?? '',
    });
    const userId = decodeURIComponent(/^\/internal\/dealers\/by-user\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '');
    const zipCode = zipCodes.get(userId);
    if (standIn.down) {
      req.socket.destroy();
      return;
    }
    const [status, body] =
      !check.ok || check.identity.role !== 'service'
        ? [403, { message: 'Forbidden' }]
        : zipCode
          ? [200, { dealerId: `d-${userId}`, dealershipName: 'Stand-in Motors', isApproved: true, isSuspended: suspended.has(userId), zipCode }]
          : [404, { message: 'Dealer not found' }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: DealerServiceStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    zipCodes,
    suspended,
    down: false,
    dealerAt(zipCode = '62701', standing = 'in good standing') {
      const dealer: TestCaller = { role: 'dealer', userId: randomUUID(), email: `dealer-${randomUUID()}@example.com` };
      zipCodes.set(dealer.userId!, zipCode);
      if (standing === 'suspended') suspended.add(dealer.userId!);
      return dealer;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

/** Starts the stand-in dealer service, and the vehicle service for tests asking it for dealerships. */
export async function startVehicleServiceWithDealerStandIn(): Promise<VehicleServiceWithDealerStandIn> {
  const dealerService = await startDealerServiceStandIn();
  const service = await startVehicleServiceForTest({ DEALER_SERVICE_URL: dealerService.url });
  return {
    ...service,
    dealerService,
    async stop() {
      await service.stop();
      await dealerService.close();
    },
  };
}

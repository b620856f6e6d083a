import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { WithdrawnDealerOffers } from '@cardirect/contracts';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';

export interface FakeVehicleService {
  url: string;
  /** Account ids whose pending offers the dealer service asked to withdraw, in order (one entry per call). */
  offersWithdrawnOf: string[];
  /** While true, withdrawing offers answers 500, as a failing vehicle service would. */
  failWithdrawingOffers: boolean;
  stop(): Promise<void>;
}

/** The vehicle service's internal API as the dealer service uses it (docs/api.md), recording its calls. */
export async function startFakeVehicleService(): Promise<FakeVehicleService> {
  const app = express();
  app.use((req, res, next) => {
    const check = readSignedIdentity(req.header(IDENTITY_HEADER), req.header(SIGNATURE_HEADER), TEST_IDENTITY_SECRET, { method: req.method, target: req.originalUrl });
    if (check.ok && check.identity.role === 'service') next();
    else res.status(401).json({ message: 'Missing or invalid identity' });
  });
  app.post('/internal/dealers/:userId/offers/withdraw', (req, res) => {
    if (fake.failWithdrawingOffers) {
      res.status(500).json({ message: 'Internal server error' });
      return;
    }
    fake.offersWithdrawnOf.push(req.params.userId);
    res.json({ withdrawn: 0 } satisfies WithdrawnDealerOffers);
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeVehicleService = {
    url: `http://127.0.0.1:${port}`,
    offersWithdrawnOf: [],
    failWithdrawingOffers: false,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

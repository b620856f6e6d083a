import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ConfirmedListing } from '@cardirect/contracts';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';

export interface FakeVehicleService {
  url: string;
  /** A listing waiting for the seller's click on the link with this token. */
  awaitConfirmation(token: string, listing: ConfirmedListing): void;
  stop(): Promise<void>;
}

/** The vehicle service's internal confirmation call as auth uses it (docs/api.md): each token works once. */
export async function startFakeVehicleService(): Promise<FakeVehicleService> {
  const waiting = new Map<string, ConfirmedListing>();
  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    const check = readSignedIdentity(req.header(IDENTITY_HEADER), req.header(SIGNATURE_HEADER), TEST_IDENTITY_SECRET, { method: req.method, target: req.originalUrl });
    if (check.ok && check.identity.role === 'service') next();
    else res.status(401).json({ message: 'Missing or invalid identity' });
  });
  app.post('/internal/listing-confirmations', (req, res) => {
    const token = String((req.body as { token?: unknown }).token);
    const listing = waiting.get(token);
    waiting.delete(token);
    if (listing) res.json(listing);
    else res.status(404).json({ message: 'This confirmation link is not valid any more: it was already used, or it expired.' });
  });

  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    awaitConfirmation: (token, listing) => waiting.set(token, listing),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

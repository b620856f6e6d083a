import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { EndedSessions } from '@cardirect/contracts';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';

export interface FakeAuthService {
  url: string;
  /** Account ids the dealer service asked to delete, in order. */
  deletedAccounts: string[];
  /** While true, account deletion answers 500, as a failing auth service would. */
  failAccountDeletion: boolean;
  /** Account ids whose sessions the dealer service asked to end, in order (one entry per call). */
  endedSessionsOf: string[];
  /** While true, ending sessions answers 500. */
  failEndingSessions: boolean;
  stop(): Promise<void>;
}

/** The auth service's internal API as the dealer service uses it (docs/api.md), recording its calls. */
export async function startFakeAuthService(): Promise<FakeAuthService> {
  const app = express();
  app.use((req, res, next) => {
    const check = readSignedIdentity(req.header(IDENTITY_HEADER), req.header(SIGNATURE_HEADER), TEST_IDENTITY_SECRET, { method: req.method, target: req.originalUrl });
    if (check.ok && check.identity.role === 'service') next();
    else res.status(401).json({ message: 'Missing or invalid identity' });
  });
  app.delete('/internal/dealer-accounts/:userId', (req, res) => {
    if (fake.failAccountDeletion) {
      res.status(500).json({ message: 'Internal server error' });
      return;
    }
    fake.deletedAccounts.push(req.params.userId);
    res.status(204).end();
  });
  app.post('/internal/dealer-accounts/:userId/sessions/end', (req, res) => {
    if (fake.failEndingSessions) {
      res.status(500).json({ message: 'Internal server error' });
      return;
    }
    fake.endedSessionsOf.push(req.params.userId);
    res.json({ ended: 1 } satisfies EndedSessions);
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeAuthService = {
    url: `http://127.0.0.1:${port}`,
    deletedAccounts: [],
    failAccountDeletion: false,
    endedSessionsOf: [],
    failEndingSessions: false,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

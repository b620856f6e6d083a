import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { DealerProfileCreate, DealerProfileRef } from '@cardirect/contracts';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';

export interface FakeDealerProfile extends DealerProfileRef {
  profile: DealerProfileCreate;
}

const refOf = ({ dealerId, dealershipName, isApproved, isSuspended }: FakeDealerProfile): DealerProfileRef => ({ dealerId, dealershipName, isApproved, isSuspended });

export interface FakeDealerService {
  url: string;
  /** Profiles by account id. */
  profiles: Map<string, FakeDealerProfile>;
  findByEmail(email: string): FakeDealerProfile | undefined;
  /** What an admin's approval does in the real dealer service. */
  approve(email: string): void;
  /** What an admin's suspension does in the real dealer service (its first step). */
  suspend(email: string): void;
  /** Runs after each approval lookup is answered: a test's way to land a change between two lookups. */
  afterLookup?: (profile: FakeDealerProfile) => void;
  /** While true, profile creation answers 500, as a failing dealer service would. */
  failProfileCreation: boolean;
  /** While true, approval lookups answer 500. */
  failProfileLookups: boolean;
  stop(): Promise<void>;
}

/**
 * The dealer service's internal API as auth uses it (docs/api.md), kept in memory so auth's tests
 * control approvals and failures. Refuses calls that are not signed as role 'service'.
 */
export async function startFakeDealerService(): Promise<FakeDealerService> {
  const profiles = new Map<string, FakeDealerProfile>();
  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    const check = readSignedIdentity(req.header(IDENTITY_HEADER), req.header(SIGNATURE_HEADER), TEST_IDENTITY_SECRET, { method: req.method, target: req.originalUrl });
    if (check.ok && check.identity.role === 'service') next();
    else res.status(401).json({ message: 'Missing or invalid identity' });
  });
  app.post('/internal/dealers', (req, res) => {
    if (fake.failProfileCreation) {
      res.status(500).json({ message: 'Internal server error' });
      return;
    }
    const profile = req.body as DealerProfileCreate;
    const existing = profiles.get(profile.userId);
    const created = existing ?? { dealerId: randomBytes(12).toString('hex'), dealershipName: profile.dealershipName, isApproved: false, profile };
    profiles.set(profile.userId, created);
    res.status(201).json(refOf(created));
  });
  app.get('/internal/dealers/by-user/:userId', (req, res) => {
    if (fake.failProfileLookups) {
      res.status(500).json({ message: 'Internal server error' });
      return;
    }
    const found = profiles.get(req.params.userId);
    if (!found) {
      res.status(404).json({ message: 'Dealer not found' });
      return;
    }
    res.json(refOf(found));
    fake.afterLookup?.(found);
  });
  app.delete('/internal/dealers/by-user/:userId', (req, res) => {
    profiles.delete(req.params.userId);
    res.status(204).end();
  });

  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const findByEmail = (email: string) => [...profiles.values()].find((candidate) => candidate.profile.email === email);
  const existing = (email: string) => {
    const found = findByEmail(email);
    if (!found) throw new Error(`No dealer profile for ${email}`);
    return found;
  };
  const fake: FakeDealerService = {
    url: `http://127.0.0.1:${port}`,
    profiles,
    findByEmail,
    approve(email) {
      existing(email).isApproved = true;
    },
    suspend(email) {
      existing(email).isSuspended = true;
    },
    failProfileCreation: false,
    failProfileLookups: false,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

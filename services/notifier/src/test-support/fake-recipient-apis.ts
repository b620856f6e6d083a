import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminContact, NearbyDealer } from '@cardirect/contracts';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET } from '@cardirect/service-kit/testing';

export interface FakeRecipientApis {
  url: string;
  /** Dealers answered for a ZIP code (any radius); unknown ZIPs have none. */
  setNearbyDealers(zipCode: string, dealers: NearbyDealer[]): void;
  setAdmins(admins: AdminContact[]): void;
  /** The nearby-dealer queries received, in order. */
  nearbyQueries(): Array<{ zip: string; radiusMiles: string }>;
  stop(): Promise<void>;
}

/**
 * Stands in for the dealer service's and auth service's internal APIs: answers only calls signed
 * as role 'service' with the test secret, like the real ones, so a missing signature shows up.
 */
export async function startFakeRecipientApis(): Promise<FakeRecipientApis> {
  const dealersByZip = new Map<string, NearbyDealer[]>();
  let admins: AdminContact[] = [];
  const queries: Array<{ zip: string; radiusMiles: string }> = [];

  const server = createServer((req, res) => {
    const header = (name: string) => [req.headers[name]].flat()[0];
    const check = readSignedIdentity(header(IDENTITY_HEADER), header(SIGNATURE_HEADER), TEST_IDENTITY_SECRET, { method: req.method ?? '', target: req.url ?? '' });
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!check.ok || check.identity.role !== 'service') return answer(401, { message: 'Missing or invalid identity' });
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/internal/dealers/nearby') {
      const zip = url.searchParams.get('zip') ?? '';
      queries.push({ zip, radiusMiles: url.searchParams.get('radiusMiles') ?? '' });
      return answer(200, dealersByZip.get(zip) ?? []);
    }
    if (url.pathname === '/internal/admins') return answer(200, admins);
    return answer(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setNearbyDealers: (zipCode, dealers) => dealersByZip.set(zipCode, dealers),
    setAdmins: (list) => (admins = list),
    nearbyQueries: () => [...queries],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

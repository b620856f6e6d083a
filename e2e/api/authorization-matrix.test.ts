// Every public route of docs/api.md x every kind of caller, from the one table below: the status
// each caller gets, and in every answer no seller's contact and no dealer's offer amount that this
// caller may not read (see matrix-world's secrets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerRegistration, uniqueEmail, vehicleSubmission } from '../support/api';
import { freshClientAddress, hostileClient, type Client } from '../support/hostile-client';
import { buildMatrixWorld, callerNames, leakedSecrets, type CallerName, type MatrixWorld } from '../support/matrix-world';
import { startStack, type Stack } from '../support/stack';

type Statuses = readonly [anonymous: number, seller: number, anotherSeller: number, pendingDealer: number, dealer: number, anotherDealer: number, admin: number];

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (world: MatrixWorld) => string;
  body?: (world: MatrixWorld) => unknown;
  statuses: Statuses;
}

const ZERO_ID = '000000000000000000000000';
const submission = () => vehicleSubmission({ fullName: 'Matrix Submitter', contactEmail: uniqueEmail('matrix'), contactPhone: '(201) 555-0100', city: 'Hoboken', state: 'NJ' }, '07030');

// The table. Columns: anonymous, seller, another seller, pending dealer, dealer, another dealer, admin.
// "seller" owns the accepted, deciding and untouched cars; "another seller" owns the open car.
// Rows run in this order, callers left to right; writes come after the reads they could change.
const rows: Row[] = [
  // Catalogue: public.
  { method: 'GET', path: () => '/api/vehicles/makes', statuses: [200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', path: () => '/api/vehicles/models?make=honda', statuses: [200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', path: () => '/api/vehicles/models-by-year?make=honda&year=2018', statuses: [200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', path: () => '/api/vehicles/trims?make=honda&model=accord&year=2018', statuses: [200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', path: () => '/api/vehicles/decode?vin=1HGCV1F34JA000000', statuses: [200, 200, 200, 200, 200, 200, 200] },
  // Vehicles.
  { method: 'GET', path: () => '/api/vehicles', statuses: [401, 403, 403, 401, 200, 200, 200] },
  { method: 'GET', path: () => '/api/vehicles?q=honda&limit=100', statuses: [401, 403, 403, 401, 200, 200, 200] },
  { method: 'GET', path: () => '/api/vehicles?sort=mileage&includeSaleAgreed=true', statuses: [401, 403, 403, 401, 200, 200, 200] },
  // Distances are measured from the caller's dealership, which an admin has none of.
  { method: 'GET', path: () => '/api/vehicles?withinMiles=25', statuses: [401, 403, 403, 401, 200, 200, 400] },
  { method: 'GET', path: () => '/api/vehicles/count', statuses: [401, 403, 403, 401, 200, 200, 200] },
  { method: 'GET', path: () => '/api/vehicles/all', statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'GET', path: () => '/api/vehicles/all?q=Zephyrine&limit=100', statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.accepted}`, statuses: [401, 200, 403, 401, 200, 200, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.open}`, statuses: [401, 403, 200, 401, 200, 200, 200] },
  { method: 'GET', path: () => `/api/vehicles/${ZERO_ID}`, statuses: [401, 404, 404, 401, 404, 404, 404] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.accepted}/photos/0`, statuses: [401, 200, 403, 401, 200, 200, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.open}/photos/0/thumbnail`, statuses: [401, 403, 200, 401, 200, 200, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.accepted}/access-log`, statuses: [401, 403, 403, 401, 403, 403, 200] },
  // Offers.
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.accepted}/offers`, statuses: [401, 200, 403, 401, 200, 200, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.open}/offers`, statuses: [401, 403, 200, 401, 200, 200, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.deciding}/offers`, statuses: [401, 200, 403, 401, 200, 200, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/mine?vehicleIds=${w.cars.accepted},${w.cars.open},${w.cars.deciding}`, statuses: [401, 403, 403, 401, 200, 200, 403] },
  { method: 'GET', path: () => '/api/vehicles/watched', statuses: [401, 403, 403, 401, 200, 200, 403] },
  { method: 'GET', path: () => '/api/seller/vehicles', statuses: [401, 200, 200, 401, 403, 403, 403] },
  { method: 'GET', path: (w) => `/api/seller/vehicles/${w.cars.accepted}/dealer-view`, statuses: [401, 200, 403, 401, 403, 403, 403] },
  // Deals: the accepted car's deal is the seller's, the dealer's and the admin's; to any other seller or dealer it does not exist.
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.accepted}/deal`, statuses: [401, 200, 404, 401, 200, 404, 200] },
  { method: 'GET', path: (w) => `/api/vehicles/${w.cars.open}/deal`, statuses: [401, 404, 404, 401, 404, 404, 404] },
  { method: 'GET', path: () => '/api/offers/mine', statuses: [401, 403, 403, 401, 200, 200, 403] },
  { method: 'GET', path: () => '/api/deals', statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'GET', path: () => '/api/deals?state=accepted&q=honda&limit=5', statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'GET', path: () => `/api/deals/${dealId}/photos/${ZERO_ID}`, statuses: [401, 404, 404, 401, 404, 404, 404] },
  // The admin's oversight: the review queue of price changes and the dealers flagged for review.
  { method: 'GET', path: () => '/api/deals?review=price-changes', statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'GET', path: () => '/api/deals/flagged-dealers', statuses: [401, 403, 403, 401, 403, 403, 200] },
  // Dealers (admin only).
  { method: 'GET', path: () => '/api/dealers', statuses: [401, 403, 403, 401, 403, 403, 200] },
  // Accounts: the current user.
  { method: 'GET', path: () => '/api/auth/user', statuses: [401, 200, 200, 401, 200, 200, 200] },
  // The queue dashboard (through the gateway to the notifier).
  { method: 'GET', path: () => '/admin/queues/api/queues', statuses: [401, 403, 403, 401, 403, 403, 200] },
  // Writes.
  { method: 'POST', path: () => '/api/vehicles', body: submission, statuses: [201, 201, 201, 201, 201, 201, 201] },
  { method: 'PATCH', path: (w) => `/api/vehicles/${w.cars.accepted}`, body: () => ({ notes: 'Called back.', contacted: true }), statuses: [401, 403, 403, 401, 200, 200, 200] },
  { method: 'PATCH', path: (w) => `/api/vehicles/${w.cars.open}`, body: () => ({ streetAddress: '1 Elsewhere Road' }), statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'PATCH', path: (w) => `/api/vehicles/${w.cars.untouched}`, body: () => ({ status: 'contacted' }), statuses: [401, 403, 403, 401, 200, 200, 200] },
  { method: 'POST', path: (w) => `/api/vehicles/${w.cars.untouched}/offers`, body: () => ({ amount: 4_000 }), statuses: [401, 403, 403, 401, 201, 201, 403] },
  { method: 'POST', path: (w) => `/api/offers/${w.offers.decidingByAnotherDealer}/decline`, statuses: [401, 200, 403, 401, 403, 403, 403] },
  { method: 'POST', path: (w) => `/api/offers/${w.offers.decidingByDealer}/accept`, statuses: [401, 200, 403, 401, 403, 403, 403] },
  { method: 'POST', path: () => `/api/offers/${ZERO_ID}/accept`, statuses: [401, 404, 404, 401, 403, 403, 403] },
  // Offers are sealed: another dealer's offer is not found, not forbidden.
  { method: 'POST', path: (w) => `/api/offers/${w.offers.withdrawableByDealer}/withdraw`, statuses: [401, 403, 403, 401, 200, 404, 403] },
  { method: 'POST', path: () => `/api/offers/${ZERO_ID}/withdraw`, statuses: [401, 403, 403, 401, 404, 404, 403] },
  { method: 'POST', path: (w) => `/api/seller/vehicles/${w.cars.withdrawn}/withdraw`, body: () => ({ reason: 'changed-my-mind' }), statuses: [401, 200, 403, 401, 403, 403, 403] },
  { method: 'POST', path: (w) => `/api/vehicles/${w.cars.open}/watch`, body: () => ({ watched: false }), statuses: [401, 403, 403, 401, 200, 200, 403] },
  // The accepted car has no minimum price and is off the market: its seller gets 409, any other caller never reaches it.
  { method: 'POST', path: (w) => `/api/seller/vehicles/${w.cars.accepted}/reserve-price`, body: () => ({ reservePrice: null }), statuses: [401, 409, 403, 401, 403, 403, 403] },
  // Deal steps: a role that can never take the step is refused (403) before a stranger to the deal
  // is told there is none (404); the seller books nothing before times are proposed (409).
  { method: 'POST', path: () => `/api/deals/${dealId}/booking`, body: () => ({ slotId: 'slot' }), statuses: [401, 409, 404, 401, 403, 403, 403] },
  { method: 'POST', path: () => `/api/deals/${dealId}/slots`, body: proposedTimes, statuses: [401, 403, 403, 401, 200, 404, 403] },
  { method: 'POST', path: () => `/api/deals/${dealId}/hand-over`, body: () => ({ outcome: 'agreed-price' }), statuses: [401, 403, 403, 401, 409, 404, 403] },
  { method: 'POST', path: () => `/api/deals/${dealId}/confirm`, statuses: [401, 409, 404, 401, 403, 403, 403] },
  { method: 'POST', path: () => `/api/deals/${dealId}/price-change/verdict`, body: () => ({ verdict: 'unjustified' }), statuses: [401, 403, 403, 401, 403, 403, 409] },
  { method: 'PATCH', path: (w) => `/api/dealers/${w.dealersToDecide.toApprove.id}/approve`, statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'DELETE', path: (w) => `/api/dealers/${w.dealersToDecide.toReject.id}`, statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'POST', path: (w) => `/api/dealers/${w.dealersToDecide.toSuspend.id}/suspend`, body: () => ({ reason: 'Three missed appointments this month.' }), statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'POST', path: (w) => `/api/dealers/${w.dealersToDecide.toSuspend.id}/reinstate`, body: () => ({ reason: 'Explained and apologised to the sellers.' }), statuses: [401, 403, 403, 401, 403, 403, 200] },
  { method: 'POST', path: (w) => `/api/dealers/${w.dealersToDecide.toApprove.id}/reinstate`, body: () => ({ reason: 'Not suspended.' }), statuses: [401, 403, 403, 401, 403, 403, 409] },
  // Account routes are public; a wrong password or code answers the same to every caller.
  { method: 'POST', path: () => '/api/auth/dealer/register', body: () => dealerRegistration(), statuses: [201, 201, 201, 201, 201, 201, 201] },
  { method: 'POST', path: () => '/api/auth/seller/request-otp', body: () => ({ email: uniqueEmail('matrix-otp') }), statuses: [200, 200, 200, 200, 200, 200, 200] },
  { method: 'POST', path: () => '/api/auth/dealer/forgot-password', body: () => ({ email: uniqueEmail('matrix-forgot') }), statuses: [200, 200, 200, 200, 200, 200, 200] },
  { method: 'POST', path: () => '/api/auth/dealer/reset-password', body: () => ({ token: 'a'.repeat(64), password: 'new-password-123' }), statuses: [400, 400, 400, 400, 400, 400, 400] },
  { method: 'POST', path: () => '/api/auth/dealer/reset-password/check', body: () => ({ token: 'a'.repeat(64) }), statuses: [400, 400, 400, 400, 400, 400, 400] },
  { method: 'POST', path: () => '/api/auth/seller/verify-otp', body: () => ({ email: uniqueEmail('matrix-otp'), otp: '123456' }), statuses: [401, 401, 401, 401, 401, 401, 401] },
  { method: 'POST', path: () => '/api/auth/seller/sign-in-link', body: () => ({ token: 'A'.repeat(43) }), statuses: [401, 401, 401, 401, 401, 401, 401] },
  { method: 'POST', path: () => '/api/auth/seller/confirm-listing', body: () => ({ token: 'A'.repeat(43) }), statuses: [404, 404, 404, 404, 404, 404, 404] },
  { method: 'POST', path: () => '/api/auth/dealer/login', body: (w) => ({ email: w.dealer.email, password: 'not-the-password' }), statuses: [401, 401, 401, 401, 401, 401, 401] },
  { method: 'POST', path: () => '/api/auth/admin/login', body: () => ({ email: 'admin@cardirect.local', password: 'not-the-password' }), statuses: [401, 401, 401, 401, 401, 401, 401] },
  // The deal's cancel last of the deal's rows: the seller's ends it.
  { method: 'POST', path: () => `/api/deals/${dealId}/cancel`, body: () => ({ reason: 'changed-mind' }), statuses: [401, 200, 404, 401, 409, 404, 400] },
  // Logout last: it ends every session the rows above used.
  { method: 'POST', path: () => '/api/auth/logout', statuses: [200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', path: () => '/api/auth/user', statuses: [401, 401, 401, 401, 401, 401, 401] },
];

/** The deal the acceptance of the accepted car's offer opened. */
let dealId: string;

/** Two times at the dealership, two and three days ahead. */
function proposedTimes() {
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 3_600_000).toISOString();
  return { slots: [{ startsAt: inDays(2), hours: 2 }, { startsAt: inDays(3), hours: 1 }], place: 'dealership' };
}

let stack: Stack;
let world: MatrixWorld;
let call: Client;
const startedAt = Date.now();

beforeAll(async () => {
  stack = await startStack();
  world = await buildMatrixWorld(stack);
  call = hostileClient(stack.baseUrl);
  const deal = await call({ path: `/api/vehicles/${world.cars.accepted}/deal`, session: world.sessions.admin });
  dealId = (JSON.parse(deal.text) as { id: string }).id;
});

afterAll(async () => {
  await stack?.stop();
  console.log(`authorization matrix: ${rows.length} rows x ${callerNames.length} callers in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
});

describe('Authorization matrix', () => {
  it('When a pending dealer logs in, then it is refused without a session (so it calls as anonymous below)', () => {
    expect(world.pendingDealerLogin).toEqual({ status: 403, session: undefined });
  });

  it('When the seller accepted a dealer\'s offer, then that dealer reads the seller\'s name, e-mail and phone but not the street address; another dealer reads none', async () => {
    const asDealer = await call({ path: `/api/vehicles/${world.cars.accepted}`, session: world.sessions.dealer });
    const asAnotherDealer = await call({ path: `/api/vehicles/${world.cars.accepted}`, session: world.sessions.anotherDealer });
    const sellerSecrets = world.secrets.filter((secret) => secret.label.startsWith("the seller's") && !secret.label.endsWith('digits'));

    expect(sellerSecrets.filter((secret) => asDealer.text.includes(secret.value)).map((secret) => secret.label)).toEqual(["the seller's name", "the seller's e-mail", "the seller's phone"]);
    expect(sellerSecrets.filter((secret) => asAnotherDealer.text.includes(secret.value))).toEqual([]);
  });

  it('When the scan looks for secrets, then it finds them where they are allowed (it is not blind)', async () => {
    const asAdmin = await call({ path: `/api/vehicles/${world.cars.accepted}`, session: world.sessions.admin });
    const offersAsAdmin = await call({ path: `/api/vehicles/${world.cars.open}/offers`, session: world.sessions.admin });

    expect(leakedSecrets(world, 'anonymous', asAdmin.text)).toEqual(["the seller's name", "the seller's e-mail", "the seller's phone", "the seller's street address"]);
    expect(leakedSecrets(world, 'dealer', offersAsAdmin.text)).toEqual(["another dealer's offer on another seller's car"]);
  });

  // One test per row, in the table's order (vitest runs a file's tests in sequence).
  it.each(rows.map((row, index) => [`${row.method} ${routeName(row)}`, index] as const))(
    '%s answers each caller its status and no secret it may not read',
    async (_name, index) => {
      const row = rows[index];
      const statuses: Partial<Record<CallerName, number>> = {};
      const leaks: string[] = [];
      for (const caller of callerNames) {
        const reply = await call({
          method: row.method,
          path: row.path(world),
          body: row.body?.(world),
          session: world.sessions[caller],
          clientAddress: freshClientAddress(),
        });
        statuses[caller] = reply.status;
        for (const secret of leakedSecrets(world, caller, reply.text)) leaks.push(`${caller} read ${secret}`);
      }

      expect(statuses).toEqual(Object.fromEntries(callerNames.map((caller, column) => [caller, row.statuses[column]])));
      expect(leaks).toEqual([]);
    },
  );

});

/** The row's path as written, fixtures named: `/api/vehicles/{cars.accepted}/offers`. */
function routeName(row: Row): string {
  return row.path
    .toString()
    .replace(/^\([^)]*\)\s*=>\s*/, '')
    .replace(/^[`'"]|[`'"]$/g, '')
    .replace(/\$\{(?:w\.)?([\w.]+)\}/g, '{$1}');
}

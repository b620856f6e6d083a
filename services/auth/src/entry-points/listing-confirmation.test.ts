import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, startAuthForTest, uniqueEmail, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

type Answer = { message?: string; errors?: Record<string, string>; user?: { email: string; role: string }; vehicleId?: string };
const confirm = (token: unknown) => auth.request<Answer>('/api/auth/seller/confirm-listing', { method: 'POST', body: { token }, ip: uniqueIp() });
const newToken = () => randomBytes(32).toString('base64url');

describe('POST /api/auth/seller/confirm-listing', () => {
  it('When a seller clicks the confirmation link of a listing, then the listing is confirmed and the seller is logged in as that address', async () => {
    const email = uniqueEmail('confirming-seller');
    const token = newToken();
    auth.vehicles.awaitConfirmation(token, { vehicleId: 'car-1', sellerEmail: email });

    const response = await confirm(token);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: { email, role: 'seller' }, vehicleId: 'car-1' });
    const session = await auth.sessions.get(sessionCookieOf(response)!);
    expect(session).toMatchObject({ role: 'seller', email });
  });

  it('When the same address later logs in with a code, then it is the same seller as the one the confirmation logged in', async () => {
    const email = uniqueEmail('returning-seller');
    const token = newToken();
    auth.vehicles.awaitConfirmation(token, { vehicleId: 'car-2', sellerEmail: email });

    const confirmed = await confirm(token);
    const sellers = await auth.sellerLogins.find({ email }).lean();

    expect(confirmed.status).toBe(200);
    expect(sellers).toHaveLength(1);
    expect((await auth.sessions.get(sessionCookieOf(confirmed)!))?.userId).toBe(String(sellers[0]!._id));
  });

  it('When the link was used already or is unknown, then nobody is logged in and the vehicle service’s reason is given', async () => {
    const token = newToken();
    auth.vehicles.awaitConfirmation(token, { vehicleId: 'car-3', sellerEmail: uniqueEmail('seller') });
    await confirm(token);

    const again = await confirm(token);
    const malformed = await confirm('not a token');

    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This confirmation link is not valid any more: it was already used, or it expired.');
    expect(sessionCookieOf(again)).toBeUndefined();
    expect(malformed).toMatchObject({ status: 400, body: { errors: { token: 'The confirmation link is incomplete' } } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCaller } from '@cardirect/service-kit/testing';
import type { DealerRegistrationInput } from '@cardirect/contracts';
import { registerApprovedDealer, sessionCookieOf, startAuthForTest, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

const service: TestCaller = { role: 'service' };
const users: Array<[string, number, TestCaller]> = [
  ['anonymous', 401, { role: 'anonymous' }],
  ['a seller', 403, { role: 'seller', userId: 's1', email: 'seller@example.com' }],
  ['a dealer', 403, { role: 'dealer', userId: 'd1', email: 'dealer@example.com' }],
  ['an admin', 403, { role: 'admin', userId: 'a1', email: 'admin@example.com' }],
];

describe('GET /internal/admins', () => {
  it('When a fellow service asks, then it gets every admin e-mail', async () => {
    const response = await auth.request('/internal/admins', { as: service });

    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ email: auth.admin.email }]);
  });

  it.each(users)('When %s asks, then the answer is %i', async (_who, status, caller) => {
    expect((await auth.request('/internal/admins', { as: caller })).status).toBe(status);
  });

  it('When the call is not signed, then 401', async () => {
    expect((await auth.request('/internal/admins', { signed: false })).status).toBe(401);
  });
});

describe('DELETE /internal/dealer-accounts/:userId', () => {
  it('When the dealer service removes a rejected dealer, then the account and its sessions are gone, and a repeat is harmless', async () => {
    const dealer = await registerApprovedDealer(auth);
    const login = await auth.request('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password }, ip: uniqueIp() });
    const sessionId = sessionCookieOf(login)!;
    const account = await auth.accounts.findOne({ email: dealer.email }).lean();

    const response = await auth.request(`/internal/dealer-accounts/${account!._id.toString()}`, { method: 'DELETE', as: service });
    const repeated = await auth.request(`/internal/dealer-accounts/${account!._id.toString()}`, { method: 'DELETE', as: service });

    expect(response.status).toBe(204);
    expect(repeated.status).toBe(204);
    expect(await auth.accounts.countDocuments({ email: dealer.email })).toBe(0);
    expect(await auth.sessions.get(sessionId)).toBeNull();
  });

  it('When the id is the admin account, then the admin stays (only dealer accounts are removed this way)', async () => {
    const admin = await auth.accounts.findOne({ email: auth.admin.email }).lean();

    await auth.request(`/internal/dealer-accounts/${admin!._id.toString()}`, { method: 'DELETE', as: service });

    expect(await auth.accounts.countDocuments({ email: auth.admin.email })).toBe(1);
  });

  it.each(users)('When %s calls it, then the answer is %i and nothing is removed', async (_who, status, caller) => {
    const dealer = await registerApprovedDealer(auth);
    const account = await auth.accounts.findOne({ email: dealer.email }).lean();

    const response = await auth.request(`/internal/dealer-accounts/${account!._id.toString()}`, { method: 'DELETE', as: caller });

    expect(response.status).toBe(status);
    expect(await auth.accounts.countDocuments({ email: dealer.email })).toBe(1);
  });
});

describe('POST /internal/dealer-accounts/:userId/sessions/end', () => {
  const logIn = async (dealer: DealerRegistrationInput) =>
    sessionCookieOf(await auth.request('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password }, ip: uniqueIp() }))!;
  const accountIdOf = async (dealer: DealerRegistrationInput) => (await auth.accounts.findOne({ email: dealer.email }).lean())!._id.toString();
  const endSessions = (userId: string, caller: TestCaller = service) => auth.request<{ ended: number }>(`/internal/dealer-accounts/${userId}/sessions/end`, { method: 'POST', as: caller });

  it("When the dealer service suspends a dealer, then every session of that dealer ends, another dealer's stay, the account stays, and a repeat is harmless", async () => {
    const suspended = await registerApprovedDealer(auth);
    const other = await registerApprovedDealer(auth);
    const [onLaptop, onPhone, othersSession] = [await logIn(suspended), await logIn(suspended), await logIn(other)];
    const userId = await accountIdOf(suspended);

    const response = await endSessions(userId);
    const repeated = await endSessions(userId);

    expect(response).toMatchObject({ status: 200, body: { ended: 2 } });
    expect(repeated).toMatchObject({ status: 200, body: { ended: 0 } });
    expect(await auth.sessions.get(onLaptop)).toBeNull();
    expect(await auth.sessions.get(onPhone)).toBeNull();
    expect(await auth.sessions.get(othersSession)).toMatchObject({ email: other.email });
    expect(await auth.accounts.countDocuments({ email: suspended.email })).toBe(1);
  });

  it('When the account has no sessions or does not exist, then 200 all the same', async () => {
    expect((await endSessions('0123456789abcdef01234567')).status).toBe(200);
  });

  it.each(users)('When %s calls it, then the answer is %i and the sessions stay', async (_who, status, caller) => {
    const dealer = await registerApprovedDealer(auth);
    const sessionId = await logIn(dealer);

    const response = await endSessions(await accountIdOf(dealer), caller);

    expect(response.status).toBe(status);
    expect(await auth.sessions.get(sessionId)).not.toBeNull();
  });
});

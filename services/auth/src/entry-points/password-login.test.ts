import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER_SUSPENDED_MESSAGE } from '@cardirect/contracts';
import {
  registerApprovedDealer,
  sessionCookieOf,
  startAuthForTest,
  uniqueEmail,
  uniqueIp,
  validRegistration,
  type AuthUnderTest,
} from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

type Answer = { message?: string; errors?: Record<string, string>; email?: string; role?: string };
const MINUTE = 60 * 1000;
const login = (path: 'dealer' | 'admin', body: unknown, ip = uniqueIp(), sessionId?: string) =>
  auth.request<Answer>(`/api/auth/${path}/login`, {
    method: 'POST',
    body,
    ip,
    as: sessionId ? { role: 'dealer', sessionId, userId: 'someone', email: 'someone@example.com' } : undefined,
  });

describe('POST /api/auth/dealer/login', () => {
  it('When an approved dealer logs in, then a session with role dealer starts and its id is set as an httpOnly cookie', async () => {
    const dealer = await registerApprovedDealer(auth);

    const response = await login('dealer', { email: dealer.email, password: dealer.password });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: dealer.email, role: 'dealer' });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('cd_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const session = await auth.sessions.get(sessionCookieOf(response)!);
    expect(session).toMatchObject({ role: 'dealer', email: dealer.email });
  });

  it('When a pending dealer logs in with the right password, then 403 says the account awaits approval and no session starts', async () => {
    const registration = validRegistration();
    await auth.request('/api/auth/dealer/register', { method: 'POST', body: registration, ip: uniqueIp() });

    const response = await login('dealer', { email: registration.email, password: registration.password });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Your dealer account is awaiting approval' });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('When a suspended dealer logs in with the right password, then 403 says it is suspended and no session starts', async () => {
    const dealer = await registerApprovedDealer(auth);
    auth.dealers.suspend(dealer.email);

    const response = await login('dealer', { email: dealer.email, password: dealer.password });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: DEALER_SUSPENDED_MESSAGE });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await auth.liveSessionsOf(auth.dealers.findByEmail(dealer.email)!.profile.userId)).toEqual([]);
  });

  it('When a suspended dealer logs in with a wrong password, then the answer is the usual 401 and says nothing of the suspension', async () => {
    const dealer = await registerApprovedDealer(auth);
    auth.dealers.suspend(dealer.email);

    const response = await login('dealer', { email: dealer.email, password: 'wrong-password' });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Invalid email or password' });
  });

  it('When the dealer is suspended while its login is under way, after approval was checked, then the login is refused and the session it started is ended', async () => {
    const dealer = await registerApprovedDealer(auth);
    const userId = auth.dealers.findByEmail(dealer.email)!.profile.userId;
    auth.dealers.afterLookup = (profile) => {
      if (profile.profile.userId === userId) profile.isSuspended = true;
    };

    const response = await login('dealer', { email: dealer.email, password: dealer.password });
    auth.dealers.afterLookup = undefined;

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: DEALER_SUSPENDED_MESSAGE });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await auth.liveSessionsOf(userId)).toEqual([]);
  });

  it('When the password is wrong or the e-mail unknown, then both get the same 401 "Invalid email or password"', async () => {
    const dealer = await registerApprovedDealer(auth);

    const wrongPassword = await login('dealer', { email: dealer.email, password: 'wrong-password' });
    const unknownEmail = await login('dealer', { email: uniqueEmail('nobody'), password: dealer.password });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(sessionCookieOf(wrongPassword)).toBeUndefined();
  });

  it.each([
    [{ email: 'nope', password: 'secret-password' }, { email: 'Invalid email address' }],
    [{ email: 'a@example.com', password: '12345' }, { password: 'Password must be at least 6 characters' }],
    [{}, { email: 'Invalid email address', password: 'Password must be at least 6 characters' }],
  ])('When the payload is %j, then 400 carries the messages of spec section 5', async (body, errors) => {
    const response = await login('dealer', body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors });
  });

  it('When the dealer service cannot say whether the dealer is approved, then 503 and no session', async () => {
    const dealer = await registerApprovedDealer(auth);
    auth.dealers.failProfileLookups = true;

    const response = await login('dealer', { email: dealer.email, password: dealer.password });
    auth.dealers.failProfileLookups = false;

    expect(response.status).toBe(503);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('When the admin uses the dealer login, then 403 sends them to the admin login and no session starts', async () => {
    const response = await login('dealer', { email: auth.admin.email, password: auth.admin.password });

    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/admin\/login/);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('When a caller already logged in logs in again, then the new session has a new id and the old one is gone', async () => {
    const dealer = await registerApprovedDealer(auth);
    const first = sessionCookieOf(await login('dealer', { email: dealer.email, password: dealer.password }))!;

    const second = sessionCookieOf(await login('dealer', { email: dealer.email, password: dealer.password }, uniqueIp(), first))!;

    expect(second).not.toBe(first);
    expect(await auth.sessions.get(first)).toBeNull();
    expect(await auth.sessions.get(second)).not.toBeNull();
  });

  it('When one address fails 10 times for one e-mail, then that pair is locked (429 with Retry-After, even with the right password) while the owner logs in from another address', async () => {
    const dealer = await registerApprovedDealer(auth);
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login('dealer', { email: dealer.email, password: 'wrong-password' }, ip)).status).toBe(401);
    }

    const blocked = await login('dealer', { email: dealer.email, password: dealer.password }, ip);
    const owner = await login('dealer', { email: dealer.email, password: dealer.password }, uniqueIp());

    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookieOf(blocked)).toBeUndefined();
    expect(owner.status).toBe(200);
  });

  it('When the 15 minutes after the 10th failure have passed, then that address may log in again', async () => {
    const dealer = await registerApprovedDealer(auth);
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) await login('dealer', { email: dealer.email, password: 'wrong-password' }, ip);

    auth.clock.advance(15 * MINUTE);
    const response = await login('dealer', { email: dealer.email, password: dealer.password }, ip);

    expect(response.status).toBe(200);
  });

  it('When a dealer logs in twelve times in a row from one address, then every login succeeds', async () => {
    const dealer = await registerApprovedDealer(auth);
    const ip = uniqueIp();

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) statuses.push((await login('dealer', { email: dealer.email, password: dealer.password }, ip)).status);

    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('When successes come between failures, then only the failures count towards the lock', async () => {
    const dealer = await registerApprovedDealer(auth);
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 9; attempt++) await login('dealer', { email: dealer.email, password: 'wrong-password' }, ip);
    expect((await login('dealer', { email: dealer.email, password: dealer.password }, ip)).status).toBe(200);

    const tenthFailure = await login('dealer', { email: dealer.email, password: 'wrong-password' }, ip);
    const afterTenthFailure = await login('dealer', { email: dealer.email, password: dealer.password }, ip);

    expect(tenthFailure.status).toBe(401);
    expect(afterTenthFailure.status).toBe(429);
  });
});

describe('An account that strangers try from many addresses', () => {
  it('When 50 logins failed for it within an hour, then a new address is refused even with the right password, while an address it logged in from before still logs in', async () => {
    const dealer = await registerApprovedDealer(auth);
    const homeIp = uniqueIp();
    expect((await login('dealer', { email: dealer.email, password: dealer.password }, homeIp)).status).toBe(200);
    for (let attempt = 1; attempt <= 50; attempt++) {
      expect((await login('dealer', { email: dealer.email, password: 'wrong-password' })).status).toBe(401);
    }

    const newAddress = await login('dealer', { email: dealer.email, password: dealer.password });
    const home = await login('dealer', { email: dealer.email, password: dealer.password }, homeIp);

    expect(newAddress.status).toBe(429);
    expect(newAddress.body.message).toBe('Too many failed logins for this email. Please try again in 60 minutes, or from a network you logged in from before.');
    expect(Number(newAddress.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60);
    expect(home.status).toBe(200);
  });

  it('When the hour of those failures has passed, then a new address may log in again', async () => {
    const dealer = await registerApprovedDealer(auth);
    for (let attempt = 1; attempt <= 50; attempt++) await login('dealer', { email: dealer.email, password: 'wrong-password' });

    auth.clock.advance(60 * MINUTE);
    const response = await login('dealer', { email: dealer.email, password: dealer.password });

    expect(response.status).toBe(200);
  });
});

describe('POST /api/auth/admin/login', () => {
  it('When the configured admin logs in, then a session with role admin starts', async () => {
    const response = await login('admin', { email: auth.admin.email.toUpperCase(), password: auth.admin.password });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: auth.admin.email, role: 'admin' });
    expect(await auth.sessions.get(sessionCookieOf(response)!)).toMatchObject({ role: 'admin', email: auth.admin.email });
  });

  it('When an approved dealer uses the admin login, then 403 "Access Denied" and no session', async () => {
    const dealer = await registerApprovedDealer(auth);

    const response = await login('admin', { email: dealer.email, password: dealer.password });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Access Denied: This login is for administrators only.' });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('When the admin password is wrong, then 401 "Invalid email or password"', async () => {
    const response = await login('admin', { email: auth.admin.email, password: 'not-the-password' });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Invalid email or password' });
  });

  it.each([
    [{ email: 'nope', password: 'secret-password' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a@example.com', password: '123' }, { password: 'Password must be at least 6 characters' }],
  ])('When the payload is %j, then 400 carries the messages of spec section 5', async (body, errors) => {
    const response = await login('admin', body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors });
  });

  it('When one address fails 10 times for the admin e-mail, then its next try is 429 and the admin still logs in from another address', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) await login('admin', { email: auth.admin.email, password: 'wrong-password' }, ip);

    const blocked = await login('admin', { email: auth.admin.email, password: auth.admin.password }, ip);
    const elsewhere = await login('admin', { email: auth.admin.email, password: auth.admin.password });

    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    expect(elsewhere.status).toBe(200);
  });

  it('When the admin logs in twelve times in a row from one address, then every login succeeds', async () => {
    const ip = uniqueIp();

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) statuses.push((await login('admin', auth.admin, ip)).status);

    expect(statuses).toEqual(Array(12).fill(200));
  });
});

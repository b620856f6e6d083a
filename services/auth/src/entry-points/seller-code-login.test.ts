import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, startAuthForTest, uniqueEmail, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

type Answer = { message?: string; errors?: Record<string, string>; email?: string; role?: string };
const requestCode = (body: unknown, ip = uniqueIp()) => auth.request<Answer>('/api/auth/seller/request-otp', { method: 'POST', body, ip });
const verifyCode = (body: unknown, ip = uniqueIp()) => auth.request<Answer>('/api/auth/seller/verify-otp', { method: 'POST', body, ip });

/** Requests a code and reads it from the relayed seller.code.requested event, as the notifier would. */
async function codeMailedTo(email: string): Promise<string> {
  const before = new Set((await auth.events.all()).map((event) => event.id));
  const response = await requestCode({ email });
  expect(response.status).toBe(200);
  const event = await auth.events.waitFor('seller.code.requested', (candidate) => candidate.payload.email === email && !before.has(candidate.id));
  return event.payload.code;
}

const otherCodeThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/seller/request-otp and verify-otp', () => {
  it('When a seller asks for a code and enters it, then a seller session starts for that address', async () => {
    const email = uniqueEmail('seller');

    const requested = await requestCode({ email: email.toUpperCase() });
    const event = await auth.events.waitFor('seller.code.requested', (candidate) => candidate.payload.email === email);
    const verified = await verifyCode({ email, otp: event.payload.code });

    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ message: 'A login code has been sent to your email address.' });
    expect(event.payload.code).toMatch(/^\d{6}$/);
    expect(new Date(event.payload.expiresAt).getTime() - auth.clock.now().getTime()).toBe(10 * 60 * 1000);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ email, role: 'seller' });
    expect(await auth.sessions.get(sessionCookieOf(verified)!)).toMatchObject({ role: 'seller', email });
  });

  it('When the code is stored, then only its hash is kept, never the code', async () => {
    const email = uniqueEmail('seller');

    const code = await codeMailedTo(email);

    const stored = await auth.sellerLogins.findOne({ email }).lean();
    expect(stored?.codeHash).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('When a code was used once, then using it again fails with "Invalid or expired OTP"', async () => {
    const email = uniqueEmail('seller');
    const code = await codeMailedTo(email);
    expect((await verifyCode({ email, otp: code })).status).toBe(200);

    const again = await verifyCode({ email, otp: code });

    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'Invalid or expired OTP' });
  });

  it('When 5 wrong codes were tried, then the right code no longer works', async () => {
    const email = uniqueEmail('seller');
    const code = await codeMailedTo(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await verifyCode({ email, otp: otherCodeThan(code) });
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid or expired OTP' } });
    }

    const locked = await verifyCode({ email, otp: code });

    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ message: 'Invalid or expired OTP' });
    expect(sessionCookieOf(locked)).toBeUndefined();
  });

  it('When 4 wrong codes were tried, then the right code still works', async () => {
    const email = uniqueEmail('seller');
    const code = await codeMailedTo(email);
    for (let attempt = 1; attempt <= 4; attempt++) await verifyCode({ email, otp: otherCodeThan(code) });

    expect((await verifyCode({ email, otp: code })).status).toBe(200);
  });

  it('When the code is 11 minutes old, then it fails with "Invalid or expired OTP"', async () => {
    const email = uniqueEmail('seller');
    const code = await codeMailedTo(email);

    auth.clock.advance(11 * 60 * 1000);
    const late = await verifyCode({ email, otp: code });

    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: 'Invalid or expired OTP' });
  });

  it('When a new code was requested, then the earlier one no longer works', async () => {
    const email = uniqueEmail('seller');
    const first = await codeMailedTo(email);
    const second = await codeMailedTo(email);

    if (first !== second) expect((await verifyCode({ email, otp: first })).status).toBe(401);
    expect((await verifyCode({ email, otp: second })).status).toBe(200);
  });

  it('When no code was ever requested for the address, then verification fails with "Invalid or expired OTP"', async () => {
    const response = await verifyCode({ email: uniqueEmail('never'), otp: '123456' });

    expect(response).toMatchObject({ status: 401, body: { message: 'Invalid or expired OTP' } });
  });

  it.each([
    ['request', { email: 'not-an-email' }, { email: 'Invalid email address' }],
    ['verify', { email: 'not-an-email', otp: '123456' }, { email: 'Invalid email address' }],
    ['verify', { email: 'seller@example.com', otp: '12345' }, { otp: 'OTP must be at least 6 characters' }],
    ['verify', { email: 'seller@example.com' }, { otp: 'OTP must be at least 6 characters' }],
  ])('When the %s payload is %j, then 400 carries the messages of spec section 5', async (step, body, errors) => {
    const response = step === 'request' ? await requestCode(body) : await verifyCode(body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors });
  });

  it('When one address asks for more than 3 codes in 10 minutes, then the 4th request is 429 with Retry-After', async () => {
    const email = uniqueEmail('seller');
    for (let attempt = 1; attempt <= 3; attempt++) expect((await requestCode({ email })).status).toBe(200);

    const blocked = await requestCode({ email });

    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  });

  it('When one client address asks for more than 20 codes in an hour, then the 21st request is 429', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 20; attempt++) expect((await requestCode({ email: uniqueEmail('seller') }, ip)).status).toBe(200);

    const blocked = await requestCode({ email: uniqueEmail('seller') }, ip);

    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
  });
});

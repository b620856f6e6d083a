import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@cardirect/contracts';
import { sessionCookieOf, startAuthForTest, uniqueEmail, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

type Answer = { message?: string; errors?: Record<string, string>; email?: string; role?: string };
type CodeMail = EventPayloads['seller.code.requested'];
const MINUTE = 60 * 1000;

const requestCode = (body: unknown, ip = uniqueIp()) => auth.request<Answer>('/api/auth/seller/request-otp', { method: 'POST', body, ip });
const verifyCode = (body: unknown, ip = uniqueIp()) => auth.request<Answer>('/api/auth/seller/verify-otp', { method: 'POST', body, ip });
const signIn = (body: unknown, ip = uniqueIp()) => auth.request<Answer>('/api/auth/seller/sign-in-link', { method: 'POST', body, ip });

/** The code e-mails relayed to `email` once there are `count`, oldest first (each request in a test moves the clock on). */
async function mailsTo(email: string, count: number): Promise<CodeMail[]> {
  const relayed = async () =>
    (await auth.events.all())
      .filter((event) => event.name === 'seller.code.requested')
      .map((event) => event.payload as CodeMail)
      .filter((mail) => mail.email === email)
      .sort((one, other) => one.signInExpiresAt.localeCompare(other.signInExpiresAt));
  await expect.poll(async () => (await relayed()).length, { timeout: 10_000, interval: 50 }).toBe(count);
  return relayed();
}

/** Requests a code and reads the e-mail it sent, as the notifier would. */
async function requestAndReadMail(email: string, ip = uniqueIp()): Promise<CodeMail> {
  const before = new Set((await auth.events.all()).map((event) => event.id));
  const response = await requestCode({ email }, ip);
  expect(response.status).toBe(200);
  const event = await auth.events.waitFor('seller.code.requested', (candidate) => candidate.payload.email === email && !before.has(candidate.id));
  return event.payload;
}

/** How many code e-mails the address was sent (each carries a link; the record keeps the last five). */
async function linksStoredFor(email: string): Promise<number> {
  return (await auth.sellerLogins.findOne({ email }).lean())?.signInLinks.length ?? 0;
}

const otherCodeThan = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/seller/request-otp and verify-otp', () => {
  it('When a seller asks for a code and enters it, then a seller session starts for that address', async () => {
    const email = uniqueEmail('seller');

    const requested = await requestCode({ email: email.toUpperCase() });
    const { payload } = await auth.events.waitFor('seller.code.requested', (candidate) => candidate.payload.email === email);
    const verified = await verifyCode({ email, otp: payload.code });

    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ message: 'A login code has been sent to your email address.' });
    expect(payload.code).toMatch(/^\d{6}$/);
    expect(new Date(payload.expiresAt).getTime() - auth.clock.now().getTime()).toBe(10 * MINUTE);
    expect(payload.signInToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(payload.signInExpiresAt).getTime() - auth.clock.now().getTime()).toBe(15 * MINUTE);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ email, role: 'seller' });
    expect(await auth.sessions.get(sessionCookieOf(verified)!)).toMatchObject({ role: 'seller', email });
  });

  it('When a code is mailed, then neither the code nor the sign-in token is stored, only what they are checked against', async () => {
    const email = uniqueEmail('seller');

    const mail = await requestAndReadMail(email);

    const stored = JSON.stringify(await auth.sellerLogins.findOne({ email }).lean());
    expect(stored).not.toContain(mail.code);
    expect(stored).not.toContain(mail.signInToken);
  });

  it('When a code was used once, then using it again fails with "Invalid or expired OTP"', async () => {
    const email = uniqueEmail('seller');
    const { code } = await requestAndReadMail(email);
    expect((await verifyCode({ email, otp: code })).status).toBe(200);

    const again = await verifyCode({ email, otp: code });

    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'Invalid or expired OTP' });
  });

  it('When the code is 11 minutes old, then it fails with "Invalid or expired OTP"', async () => {
    const email = uniqueEmail('seller');
    const { code } = await requestAndReadMail(email);

    auth.clock.advance(11 * MINUTE);
    const late = await verifyCode({ email, otp: code });

    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: 'Invalid or expired OTP' });
  });

  it('When a code is asked for again while it is live, then the same code is mailed again, valid 10 minutes from the new request', async () => {
    const email = uniqueEmail('seller');
    const first = await requestAndReadMail(email);
    auth.clock.advance(8 * MINUTE);

    const second = await requestAndReadMail(email);
    auth.clock.advance(5 * MINUTE);
    const verified = await verifyCode({ email, otp: first.code });

    expect(second.code).toBe(first.code);
    expect(new Date(second.expiresAt).getTime() - new Date(first.expiresAt).getTime()).toBe(8 * MINUTE);
    expect(second.signInToken).not.toBe(first.signInToken);
    expect(verified.status).toBe(200);
  });

  it('When the code was used or has expired, then the next request mails a code that works', async () => {
    const usedEmail = uniqueEmail('seller');
    const expiredEmail = uniqueEmail('seller');
    expect((await verifyCode({ email: usedEmail, otp: (await requestAndReadMail(usedEmail)).code })).status).toBe(200);
    await requestAndReadMail(expiredEmail);
    auth.clock.advance(11 * MINUTE);

    const afterUse = await requestAndReadMail(usedEmail);
    const afterExpiry = await requestAndReadMail(expiredEmail);

    expect((await verifyCode({ email: usedEmail, otp: afterUse.code })).status).toBe(200);
    expect((await verifyCode({ email: expiredEmail, otp: afterExpiry.code })).status).toBe(200);
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

  it('When one address asks for more than 3 codes for one e-mail in 10 minutes, then its 4th request is 429 with Retry-After, and another address is still answered', async () => {
    const email = uniqueEmail('seller');
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 3; attempt++) expect((await requestCode({ email }, ip)).status).toBe(200);

    const blocked = await requestCode({ email }, ip);
    const elsewhere = await requestCode({ email }, uniqueIp());

    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(elsewhere.status).toBe(200);
  });

  it('When one client address asks for more than 20 codes in an hour, then the 21st request is 429', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 20; attempt++) expect((await requestCode({ email: uniqueEmail('seller') }, ip)).status).toBe(200);

    const blocked = await requestCode({ email: uniqueEmail('seller') }, ip);

    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
  });

  it('When code requests for one e-mail come from more than 3 addresses in 10 minutes, then each is answered as usual but only 3 e-mails go out until the window moves on', async () => {
    const email = uniqueEmail('seller');
    const answers: number[] = [];
    for (let request = 1; request <= 6; request++) {
      answers.push((await requestCode({ email })).status);
      auth.clock.advance(1000);
    }
    const sentWithinWindow = await linksStoredFor(email);

    auth.clock.advance(10 * MINUTE);
    const later = await requestCode({ email });

    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expect(sentWithinWindow).toBe(3);
    expect(later.status).toBe(200);
    expect(await linksStoredFor(email)).toBe(4);
    expect(await mailsTo(email, 4)).toHaveLength(4);
  });
});

describe('A seller whose address strangers use', () => {
  it('When strangers from other addresses ask for codes for the e-mail and enter wrong codes, then the seller logs in from the latest e-mail, with its code and with its link', async () => {
    // Arrange
    const email = uniqueEmail('seller');
    const ownerIp = uniqueIp();
    const { code: firstCode } = await requestAndReadMail(email, ownerIp);
    for (let stranger = 1; stranger <= 6; stranger++) {
      auth.clock.advance(1000);
      const strangerIp = uniqueIp();
      expect((await requestCode({ email }, strangerIp)).status).toBe(200);
      for (let guess = 1; guess <= 5; guess++) expect((await verifyCode({ email, otp: otherCodeThan(firstCode, stranger * 10 + guess) }, strangerIp)).status).toBe(401);
    }
    auth.clock.advance(1000);

    // Act
    const ownersRequest = await requestCode({ email }, ownerIp);
    const mails = await mailsTo(email, 3);
    const latest = mails.at(-1)!;
    const byLink = await signIn({ token: latest.signInToken }, ownerIp);
    const byCode = await verifyCode({ email, otp: latest.code }, ownerIp);

    // Assert
    expect(ownersRequest.status).toBe(200);
    expect(mails.map((mail) => mail.code)).toEqual([firstCode, firstCode, firstCode]);
    expect(byLink).toMatchObject({ status: 200, body: { email, role: 'seller' } });
    expect(sessionCookieOf(byLink)).toBeTruthy();
    expect(byCode).toMatchObject({ status: 200, body: { email, role: 'seller' } });
  });

  it('When one address enters 5 wrong codes for an e-mail, then its next try is 429 even with the right code, while the owner elsewhere logs in, and after 10 minutes it may try again', async () => {
    const email = uniqueEmail('seller');
    const { code } = await requestAndReadMail(email);
    const strangerIp = uniqueIp();
    for (let guess = 1; guess <= 5; guess++) expect((await verifyCode({ email, otp: otherCodeThan(code, guess) }, strangerIp)).status).toBe(401);

    const blocked = await verifyCode({ email, otp: code }, strangerIp);
    const owner = await verifyCode({ email, otp: code });
    auth.clock.advance(5 * MINUTE);
    const { code: nextCode } = await requestAndReadMail(email);
    auth.clock.advance(5 * MINUTE);
    const afterWindow = await verifyCode({ email, otp: nextCode }, strangerIp);

    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(owner.status).toBe(200);
    expect(afterWindow.status).toBe(200);
  });

  it('When 100 wrong codes for one e-mail came from fresh addresses within a day, then the 101st is refused, the right code too with a pointer to the link, and the link signs in', async () => {
    const email = uniqueEmail('seller');
    const mail = await requestAndReadMail(email);
    for (let guess = 1; guess <= 100; guess++) expect((await verifyCode({ email, otp: otherCodeThan(mail.code, guess) })).status).toBe(401);

    const wrong101st = await verifyCode({ email, otp: otherCodeThan(mail.code, 101) });
    const right = await verifyCode({ email, otp: mail.code });
    const byLink = await signIn({ token: mail.signInToken });

    expect(wrong101st.status).toBe(429);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many wrong codes were entered for this email address. Use the sign-in link in your latest email, or try again in 24 hours.');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect(byLink).toMatchObject({ status: 200, body: { email, role: 'seller' } });
  });

  it('When a day has passed since the 100 wrong codes, then a code is checked again', async () => {
    const email = uniqueEmail('seller');
    const { code } = await requestAndReadMail(email);
    for (let guess = 1; guess <= 100; guess++) await verifyCode({ email, otp: otherCodeThan(code, guess) });

    auth.clock.advance(24 * 60 * MINUTE);
    const { code: nextCode } = await requestAndReadMail(email);
    const verified = await verifyCode({ email, otp: nextCode });

    expect(verified.status).toBe(200);
  });
});

describe('POST /api/auth/seller/sign-in-link', () => {
  const usedOrExpired = { message: 'This sign-in link has expired or was already used. Request a new code.' };

  it('When the link of a code e-mail is used, then a seller session starts; used again, it answers 401', async () => {
    const email = uniqueEmail('seller');
    const { signInToken } = await requestAndReadMail(email);

    const first = await signIn({ token: signInToken });
    const again = await signIn({ token: signInToken });

    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email, role: 'seller' });
    expect(await auth.sessions.get(sessionCookieOf(first)!)).toMatchObject({ role: 'seller', email });
    expect(again).toMatchObject({ status: 401, body: usedOrExpired });
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('When later code e-mails went out, then the link of an earlier one still works', async () => {
    const email = uniqueEmail('seller');
    const earlier = await requestAndReadMail(email);
    auth.clock.advance(1000);
    await requestAndReadMail(email);

    expect((await signIn({ token: earlier.signInToken })).status).toBe(200);
  });

  it('When the link is 16 minutes old, then it answers 401', async () => {
    const email = uniqueEmail('seller');
    const { signInToken } = await requestAndReadMail(email);

    auth.clock.advance(16 * MINUTE);
    const late = await signIn({ token: signInToken });

    expect(late).toMatchObject({ status: 401, body: usedOrExpired });
  });

  it('When the token is well formed but was never mailed, then it answers 401', async () => {
    const response = await signIn({ token: 'x'.repeat(43) });

    expect(response).toMatchObject({ status: 401, body: usedOrExpired });
  });

  it.each([[{}], [{ token: 'too-short' }], [{ token: `${'x'.repeat(42)}!` }]])('When the payload is %j, then 400 says the link is not valid', async (body) => {
    const response = await signIn(body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors: { token: 'This sign-in link is not valid. Request a new code.' } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedDealer, sessionCookieOf, startAuthForTest, uniqueEmail, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

type Answer = { message?: string; errors?: Record<string, string> };
const forgot = (body: unknown, ip = uniqueIp()) => auth.request<Answer>('/api/auth/dealer/forgot-password', { method: 'POST', body, ip });
const reset = (body: unknown) => auth.request<Answer>('/api/auth/dealer/reset-password', { method: 'POST', body, ip: uniqueIp() });
const check = (body: unknown) => auth.request<Answer>('/api/auth/dealer/reset-password/check', { method: 'POST', body, ip: uniqueIp() });
const login = (email: string, password: string) =>
  auth.request<Answer>('/api/auth/dealer/login', { method: 'POST', body: { email, password }, ip: uniqueIp() });

/** Asks for a reset link and reads the token from the relayed event, as the notifier would. */
async function resetTokenMailedTo(email: string): Promise<string> {
  const before = new Set((await auth.events.all()).map((event) => event.id));
  expect((await forgot({ email })).status).toBe(200);
  const event = await auth.events.waitFor('dealer.password-reset.requested', (candidate) => candidate.payload.email === email && !before.has(candidate.id));
  return event.payload.resetToken;
}

describe('POST /api/auth/dealer/forgot-password and reset-password', () => {
  it('When a dealer resets the password with the mailed token, then the new password works, the old one does not, and every session of theirs ended', async () => {
    const dealer = await registerApprovedDealer(auth);
    const session = sessionCookieOf(await login(dealer.email, dealer.password))!;
    const token = await resetTokenMailedTo(dealer.email);

    const response = await reset({ token, password: 'a-brand-new-password' });

    expect(response.status).toBe(200);
    expect((await login(dealer.email, 'a-brand-new-password')).status).toBe(200);
    expect((await login(dealer.email, dealer.password)).status).toBe(401);
    expect(await auth.sessions.get(session)).toBeNull();
  });

  it('When the e-mail is unknown, then the answer is the same as for a known one and nothing is sent', async () => {
    const dealer = await registerApprovedDealer(auth);
    const unknown = uniqueEmail('nobody');

    const forKnown = await forgot({ email: dealer.email });
    const forUnknown = await forgot({ email: unknown });

    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    await auth.events.waitFor('dealer.password-reset.requested', (event) => event.payload.email === dealer.email);
    expect((await auth.events.all()).some((event) => JSON.stringify(event.payload).includes(unknown))).toBe(false);
  });

  it('When the token is stored, then only its hash is kept; the link expires in one hour', async () => {
    const dealer = await registerApprovedDealer(auth);

    const token = await resetTokenMailedTo(dealer.email);

    const account = await auth.accounts.findOne({ email: dealer.email }).lean();
    expect(JSON.stringify(account)).not.toContain(token);
    expect(account?.resetTokenExpiresAt?.getTime()).toBe(auth.clock.now().getTime() + 60 * 60 * 1000);
  });

  it('When a token was used once, then it fails the second time', async () => {
    const dealer = await registerApprovedDealer(auth);
    const token = await resetTokenMailedTo(dealer.email);
    expect((await reset({ token, password: 'first-new-password' })).status).toBe(200);

    const again = await reset({ token, password: 'second-new-password' });

    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Reset link is invalid or has expired');
    expect((await login(dealer.email, 'first-new-password')).status).toBe(200);
  });

  it('When the token is more than an hour old, then it fails and the password stays', async () => {
    const dealer = await registerApprovedDealer(auth);
    const token = await resetTokenMailedTo(dealer.email);

    auth.clock.advance(61 * 60 * 1000);
    const late = await reset({ token, password: 'too-late-password' });

    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Reset link is invalid or has expired');
    expect((await login(dealer.email, dealer.password)).status).toBe(200);
  });

  it('When the admin e-mail asks for a reset, then no link is sent (the admin password comes from the configuration)', async () => {
    const answer = await forgot({ email: auth.admin.email });

    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sent = (await auth.events.all()).filter((event) => event.name === 'dealer.password-reset.requested');
    expect(sent.some((event) => JSON.stringify(event.payload).includes(auth.admin.email))).toBe(false);
  });

  it.each([
    ['forgot', { email: 'nope' }, { email: 'Invalid email address' }],
    ['reset', { token: 'a'.repeat(43), password: '12345' }, { password: 'Password must be at least 6 characters' }],
    ['reset', { token: 'short', password: 'long-enough' }, { token: 'Reset link is invalid or has expired' }],
  ])('When the %s payload is %j, then 400 carries field messages', async (step, body, errors) => {
    const response = step === 'forgot' ? await forgot(body) : await reset(body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors });
  });

  it('When one address asks for more than 3 links in 10 minutes, then the 4th request is 429', async () => {
    const dealer = await registerApprovedDealer(auth);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await forgot({ email: dealer.email })).status).toBe(200);

    const blocked = await forgot({ email: dealer.email });

    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});

describe('POST /api/auth/dealer/reset-password/check', () => {
  it('When the mailed link is live, then the check says so and uses nothing up: the reset still works', async () => {
    // Arrange
    const dealer = await registerApprovedDealer(auth);
    const token = await resetTokenMailedTo(dealer.email);

    // Act
    const answer = await check({ token });

    // Assert
    expect(answer.status).toBe(200);
    expect((await reset({ token, password: 'a-brand-new-password' })).status).toBe(200);
  });

  it('When the link was used or is over an hour old, then the check answers 400 on the token, before any password is typed', async () => {
    // Arrange
    const used = await registerApprovedDealer(auth);
    const usedToken = await resetTokenMailedTo(used.email);
    await reset({ token: usedToken, password: 'first-new-password' });
    const late = await registerApprovedDealer(auth);
    const lateToken = await resetTokenMailedTo(late.email);
    auth.clock.advance(61 * 60 * 1000);

    // Act
    const answers = [await check({ token: usedToken }), await check({ token: lateToken }), await check({ token: 'short' })];

    // Assert
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ token: 'Reset link is invalid or has expired' });
    }
  });
});

describe('Who may check a reset link', () => {
  it.each([
    ['anonymous', { role: 'anonymous' }],
    ['a seller', { role: 'seller', userId: 'seller-1', email: 'seller@example.com', sessionId: 'x'.repeat(43) }],
    ['a dealer', { role: 'dealer', userId: 'dealer-1', email: 'dealer@example.com', sessionId: 'y'.repeat(43) }],
    ['an admin', { role: 'admin', userId: 'admin-1', email: 'admin@example.com', sessionId: 'z'.repeat(43) }],
  ] as const)('When %s checks a wrong link, then the answer is the 400 of a dead link (the call is open to every caller, like the reset)', async (_who, caller) => {
    // Act
    const answer = await auth.request<Answer>('/api/auth/dealer/reset-password/check', { method: 'POST', body: { token: 'w'.repeat(43) }, as: caller, ip: uniqueIp() });

    // Assert
    expect(answer).toMatchObject({ status: 400, body: { errors: { token: 'Reset link is invalid or has expired' } } });
  });
});

describe('dealer.password-changed', () => {
  it("When a dealer resets the password, then the account's address is told once, and never for a refused reset", async () => {
    // Arrange
    const dealer = await registerApprovedDealer(auth);
    const token = await resetTokenMailedTo(dealer.email);
    const before = auth.clock.now().toISOString();

    // Act
    await reset({ token, password: 'a-brand-new-password' });
    await reset({ token, password: 'second-new-password' });

    // Assert
    const changed = await auth.events.waitFor('dealer.password-changed', (event) => event.payload.email === dealer.email);
    expect(changed.payload.changedAt >= before).toBe(true);
    expect(JSON.stringify(changed.payload)).not.toContain('a-brand-new-password');
    const all = (await auth.events.all()).filter((event) => event.name === 'dealer.password-changed' && JSON.stringify(event.payload).includes(dealer.email));
    expect(all).toHaveLength(1);
  });
});

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestResponse } from '@cardirect/service-kit/testing';
import { sessionCookieOf, startAuthForTest, uniqueEmail, uniqueIp, validRegistration, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

function visible(response: TestResponse): string {
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'set-cookie');
  return JSON.stringify({ status: response.status, headers, body: response.body });
}

describe('Secrets in answers, logs and events', () => {
  it('When dealers register, log in, reset passwords and sellers use codes, then no answer and no log line contains a password, hash, code, sign-in token or reset token', async () => {
    const responses: TestResponse[] = [];
    const call = async (path: string, body: unknown) => {
      const response = await auth.request(path, { method: 'POST', body, ip: uniqueIp() });
      responses.push(response);
      return response;
    };
    const registration = validRegistration();
    const newPassword = 'a-new-secret-password';
    const sellerEmail = uniqueEmail('seller');

    await call('/api/auth/dealer/register', registration);
    auth.dealers.approve(registration.email);
    await call('/api/auth/dealer/login', { email: registration.email, password: registration.password });
    await call('/api/auth/dealer/login', { email: registration.email, password: 'a-wrong-secret-password' });
    await call('/api/auth/admin/login', { email: auth.admin.email, password: auth.admin.password });
    await call('/api/auth/dealer/forgot-password', { email: registration.email });
    const resetEvent = await auth.events.waitFor('dealer.password-reset.requested', (event) => event.payload.email === registration.email);
    await call('/api/auth/dealer/reset-password', { token: resetEvent.payload.resetToken, password: newPassword });
    await call('/api/auth/dealer/reset-password', { token: resetEvent.payload.resetToken, password: newPassword });
    await call('/api/auth/seller/request-otp', { email: sellerEmail });
    const codeEvent = await auth.events.waitFor('seller.code.requested', (event) => event.payload.email === sellerEmail);
    const wrongCode = codeEvent.payload.code === '000000' ? '111111' : '000000';
    await call('/api/auth/seller/verify-otp', { email: sellerEmail, otp: wrongCode });
    const verified = await call('/api/auth/seller/verify-otp', { email: sellerEmail, otp: codeEvent.payload.code });
    expect(sessionCookieOf(verified)).toBeTruthy();
    const signedIn = await call('/api/auth/seller/sign-in-link', { token: codeEvent.payload.signInToken });
    expect(sessionCookieOf(signedIn)).toBeTruthy();
    await call('/api/auth/seller/sign-in-link', { token: codeEvent.payload.signInToken });

    const dealerAccount = await auth.accounts.findOne({ email: registration.email }).lean();
    const adminAccount = await auth.accounts.findOne({ email: auth.admin.email }).lean();
    const sellerLogin = await auth.sellerLogins.findOne({ email: sellerEmail }).lean();
    const secrets = {
      dealerPassword: registration.password,
      wrongPassword: 'a-wrong-secret-password',
      newPassword,
      adminPassword: auth.admin.password,
      dealerPasswordHash: dealerAccount!.passwordHash,
      adminPasswordHash: adminAccount!.passwordHash,
      code: codeEvent.payload.code,
      codeNonce: sellerLogin!.codeNonce!,
      signInToken: codeEvent.payload.signInToken,
      resetToken: resetEvent.payload.resetToken,
    };
    const answers = responses.map(visible).join('\n');
    const logs = auth.logs.join('\n');
    const otherEvents = (await auth.events.all()).filter((event) => event.name !== 'seller.code.requested' && event.name !== 'dealer.password-reset.requested');
    const profileSentToDealers = JSON.stringify(auth.dealers.findByEmail(registration.email));

    expect(logs.length).toBeGreaterThan(0);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(answers.includes(secret), `${name} in an answer`).toBe(false);
      expect(logs.includes(secret), `${name} in a log line`).toBe(false);
      expect(JSON.stringify(otherEvents).includes(secret), `${name} in an event that needs none`).toBe(false);
      expect(profileSentToDealers.includes(secret), `${name} sent to the dealer service`).toBe(false);
    }
  });
});

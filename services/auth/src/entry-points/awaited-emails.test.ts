import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEVER_MS, registerApprovedDealer, startAuthForTest, uniqueEmail, uniqueIp, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  // The relay makes its first pass at start and then would wait forever for its next tick: only a
  // nudge can send what is stored afterwards.
  auth = await startAuthForTest({ relayIntervalMs: NEVER_MS });
});
afterAll(async () => {
  await auth?.stop();
});

describe('the e-mails a person waits for leave without waiting for the relay tick', () => {
  it('When a seller asks for a login code, then its event is relayed at once', async () => {
    const email = uniqueEmail('seller');

    const response = await auth.request('/api/auth/seller/request-otp', { method: 'POST', body: { email }, ip: uniqueIp() });

    expect(response.status).toBe(200);
    const event = await auth.events.waitFor('seller.code.requested', (candidate) => candidate.payload.email === email, 10_000);
    expect(event.payload.code).toMatch(/^\d{6}$/);
  });

  it('When a dealer asks for a reset link, then its event is relayed at once', async () => {
    const dealer = await registerApprovedDealer(auth);

    const response = await auth.request('/api/auth/dealer/forgot-password', { method: 'POST', body: { email: dealer.email }, ip: uniqueIp() });

    expect(response.status).toBe(200);
    await expect(auth.events.waitFor('dealer.password-reset.requested', (candidate) => candidate.payload.email === dealer.email, 10_000)).resolves.toBeTruthy();
  });
});

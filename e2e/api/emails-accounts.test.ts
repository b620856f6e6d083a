import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack';
import { MAIL_TIMEOUT_MS, apiClient, approveDealer, loginAdmin, registerDealer, to, uniqueEmail, type Api } from '../support/api';

let stack: Stack;
let api: Api;
let adminCookie: string;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack);
  adminCookie = await loginAdmin(api, stack);
});

afterAll(async () => {
  await stack?.stop();
});

describe('E-mails about accounts, read from the mail catcher', () => {
  it('When a dealer registers, then the dealer hears it is pending 1-2 business days and the admin gets "new dealer to review"', async () => {
    // Act
    const dealer = await registerDealer(api, adminCookie, { dealershipName: 'Registration Mail Motors' });

    // Assert
    const received = await stack.mail.waitFor(to(dealer.email), MAIL_TIMEOUT_MS);
    expect(received.subject).toBe('Registration received: pending approval');
    expect(received.text).toContain('Registration Mail Motors');
    expect(received.text).toContain('typically within 1-2 business days');
    const review = await stack.mail.waitFor((mail) => to(stack.admin.email)(mail) && mail.subject === 'New dealer to review: Registration Mail Motors', MAIL_TIMEOUT_MS);
    expect(review.text).toContain(dealer.email);
    expect(review.html).toContain(`${stack.baseUrl}/admin/dashboard`);
    for (const mail of [received, review]) {
      expect(mail.text + mail.html).not.toContain(dealer.password);
      expect(mail.html).toContain('CarDirect');
    }
  });

  it('When the admin approves a dealer, then the dealer gets an approval e-mail with the login link', async () => {
    // Arrange
    const dealer = await registerDealer(api, adminCookie, { dealershipName: 'Approved Mail Motors' });

    // Act
    await approveDealer(api, adminCookie, dealer);

    // Assert
    const approval = await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'Your dealer account is approved', MAIL_TIMEOUT_MS);
    expect(approval.text).toContain('Approved Mail Motors is approved');
    expect(approval.text).toContain(`${stack.baseUrl}/dealer/login`);
    expect(approval.html).toContain(`href="${stack.baseUrl}/dealer/login"`);
  });

  it('When the admin rejects a dealer, then the dealer is told, without a login link', async () => {
    // Arrange
    const dealer = await registerDealer(api, adminCookie, { dealershipName: 'Rejected Mail Motors' });

    // Act
    const rejected = await api(`/api/dealers/${dealer.id}`, { method: 'DELETE', cookie: adminCookie });

    // Assert
    expect(rejected.status).toBe(200);
    const rejection = await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'Your dealer registration was not approved', MAIL_TIMEOUT_MS);
    expect(rejection.text).toContain('Rejected Mail Motors');
    expect(rejection.text).not.toContain('/dealer/login');
  });

  it('When a seller asks for a login code, then the e-mail has the code (not in the subject), its 10-minute validity and the ignore note', async () => {
    // Arrange
    const email = uniqueEmail('seller');

    // Act
    const requested = await api('/api/auth/seller/request-otp', { method: 'POST', body: { email } });

    // Assert
    expect(requested.status).toBe(200);
    const mail = await stack.mail.waitFor(to(email), MAIL_TIMEOUT_MS);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(code);
    expect(mail.subject).toBe('Your CarDirect login code');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).toContain('If you did not request this code, you can ignore this e-mail');
    const verified = await api('/api/auth/seller/verify-otp', { method: 'POST', body: { email, otp: code } });
    expect(verified.status).toBe(200);
  });

  it('When an approved dealer forgets the password, then the e-mailed link (valid 1 hour) resets it', async () => {
    // Arrange
    const dealer = await registerDealer(api, adminCookie);
    await approveDealer(api, adminCookie, dealer);

    // Act
    const asked = await api('/api/auth/dealer/forgot-password', { method: 'POST', body: { email: dealer.email } });

    // Assert
    expect(asked.status).toBe(200);
    const mail = await stack.mail.waitFor((candidate) => to(dealer.email)(candidate) && candidate.subject === 'Reset your CarDirect password', MAIL_TIMEOUT_MS);
    expect(mail.text).toContain('valid for 1 hour');
    const link = new RegExp(`${stack.baseUrl}/dealer/forgot-password#token=([^\\s"]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);
    const reset = await api('/api/auth/dealer/reset-password', { method: 'POST', body: { token, password: 'a-brand-new-password' } });
    expect(reset.status).toBe(200);
    const login = await api('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: 'a-brand-new-password' } });
    expect(login.status).toBe(200);
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerView } from '@cardirect/contracts';
import { apiClient, dealerRegistration, loginAdmin, MAIL_TIMEOUT_MS, type Api } from '../support/api';
import { chooseOption, launchChromium } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

describe('dealer accounts in the browser: registration, approval, login, password reset', () => {
  let stack: Stack;
  let browser: Browser;
  let api: Api;
  let adminCookie: string;
  const contexts: BrowserContext[] = [];

  async function newPerson(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    return context.newPage();
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${stack.baseUrl}/dealer/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  async function approve(email: string): Promise<void> {
    const dealers = await api<DealerView[]>('/api/dealers', { cookie: adminCookie });
    const dealer = dealers.body.find((candidate) => candidate.user.email === email);
    if (!dealer) throw new Error(`${email} is not in the admin's list`);
    const approved = await api(`/api/dealers/${dealer.id}/approve`, { method: 'PATCH', cookie: adminCookie });
    expect(approved.status).toBe(200);
  }

  beforeAll(async () => {
    stack = await startStack();
    api = apiClient(stack);
    adminCookie = await loginAdmin(api, stack);
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.stop();
  });

  it("When a dealer registers, is refused while pending and logs in once approved, then the dashboard welcomes it by e-mail", async () => {
    const registration = dealerRegistration();
    const page = await newPerson();

    await page.goto(`${stack.baseUrl}/dealer/register`);
    await page.getByLabel('Dealership Name').fill(registration.dealershipName);
    await page.getByLabel('Phone Number').fill(registration.phoneNumber);
    await page.getByLabel('Street Address').fill(registration.address);
    await page.getByLabel('City').fill(registration.city);
    await chooseOption(page, 'State', 'New York');
    await page.getByLabel('ZIP Code').fill(registration.zipCode);
    await page.getByLabel('Email').fill(registration.email);
    await page.getByLabel('Password', { exact: true }).fill(registration.password);
    await page.getByLabel('Confirm Password').fill(registration.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await page.getByText('Registration Successful', { exact: true }).waitFor();
    expect(await page.getByText('Your account is pending admin approval. You will be notified by email, typically within 1-2 business days.', { exact: true }).isVisible()).toBe(true);
    await page.waitForURL(`${stack.baseUrl}/dealer/login`);

    await logIn(page, registration.email, registration.password);
    await page.getByText('Login Failed', { exact: true }).waitFor();
    expect(await page.getByText('Your dealer account is awaiting approval', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dealer/login');

    await approve(registration.email);
    await logIn(page, registration.email, registration.password);
    await page.getByText('Login Successful', { exact: true }).waitFor();
    expect(await page.getByText('Redirecting to your dashboard...', { exact: true }).isVisible()).toBe(true);
    await page.waitForURL(`${stack.baseUrl}/dealer/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dealer Dashboard' }).waitFor();
    expect(await page.getByText(`Welcome back, ${registration.email}`).isVisible()).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('userRole'), localStorage.getItem('userEmail')])).toEqual(['dealer', registration.email]);
  });

  it("When a dealer forgets the password, then the e-mail's link sets a new one and the dealer logs in with it", async () => {
    const registration = dealerRegistration();
    expect((await api('/api/auth/dealer/register', { method: 'POST', body: registration })).status).toBe(201);
    await approve(registration.email);
    const page = await newPerson();

    await page.goto(`${stack.baseUrl}/dealer/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').fill(registration.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If a dealer account exists for this email, we have sent it a link to reset the password.').waitFor();

    const mail = await stack.mail.waitFor((candidate) => candidate.to.includes(registration.email) && candidate.subject === 'Reset your CarDirect password', MAIL_TIMEOUT_MS);
    const link = new URL(/https?:\/\/\S+\/dealer\/forgot-password#token=[\w%-]+/.exec(mail.text)?.[0] ?? '');
    await page.goto(`${stack.baseUrl}${link.pathname}${link.hash}`);
    await page.getByRole('heading', { level: 1, name: 'Set a New Password' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');

    await page.getByLabel('New Password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm New Password').fill('brand-new-secre');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm New Password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password Reset', { exact: true }).waitFor();
    await page.waitForURL(`${stack.baseUrl}/dealer/login`);

    await logIn(page, registration.email, registration.password);
    await page.getByText('Invalid email or password', { exact: true }).waitFor();
    await logIn(page, registration.email, 'brand-new-secret');
    await page.waitForURL(`${stack.baseUrl}/dealer/dashboard`);
    await page.getByText(`Welcome back, ${registration.email}`).waitFor();
  });

  it('When someone without a dealer session opens the dashboard or a vehicle page, then the dealer login opens', async () => {
    const page = await newPerson();

    await page.goto(`${stack.baseUrl}/dealer/dashboard`);
    await page.waitForURL(`${stack.baseUrl}/dealer/login?next=/dealer/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dealer Login' }).waitFor();

    await page.goto(`${stack.baseUrl}/vehicles/0123456789abcdef01234567`);
    await page.waitForURL(`${stack.baseUrl}/dealer/login?next=/vehicles/0123456789abcdef01234567`);
  });
});

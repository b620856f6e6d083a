import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerView } from '@cardirect/contracts';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

interface Answer<Body> {
  status: number;
  body: Body;
  /** The cd_session cookie the answer set, if any. */
  sessionCookie?: string;
}

/** A browser-like call through the gateway: JSON, the session cookie, and Origin on writes (CSRF check). */
async function api<Body = { message?: string }>(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}): Promise<Answer<Body>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers.origin = stack.baseUrl;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = `cd_session=${options.cookie}`;
  const response = await fetch(new URL(path, stack.baseUrl), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const sessionCookie = response.headers
    .getSetCookie()
    .map((line) => /^cd_session=([^;]+)/.exec(line)?.[1])
    .find(Boolean);
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Body, sessionCookie };
}

describe('Accounts through the gateway', () => {
  it('When a dealer registers, then login is refused until an admin approves; after approval the dealer logs in, is the current user, and after logout the old cookie gets 401', async () => {
    const dealer = {
      dealershipName: 'Flow Test Motors',
      email: `flow-${Date.now()}@example.com`,
      password: 'flow-test-password',
      phoneNumber: '(212) 555-0100',
      address: '1 Main Street',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
    };

    const registered = await api('/api/auth/dealer/register', { method: 'POST', body: dealer });
    expect(registered.status).toBe(201);

    const refused = await api('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password } });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Your dealer account is awaiting approval' } });
    expect(refused.sessionCookie).toBeUndefined();

    const admin = await api('/api/auth/admin/login', { method: 'POST', body: stack.admin });
    expect(admin.status).toBe(200);
    const dealers = await api<DealerView[]>('/api/dealers', { cookie: admin.sessionCookie });
    const pending = dealers.body.find((candidate) => candidate.user.email === dealer.email);
    expect(pending).toMatchObject({ dealershipName: 'Flow Test Motors', isApproved: false });
    const approved = await api<DealerView>(`/api/dealers/${pending!.id}/approve`, { method: 'PATCH', cookie: admin.sessionCookie });
    expect(approved).toMatchObject({ status: 200, body: { isApproved: true } });

    const loggedIn = await api('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password } });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.sessionCookie).toBeTruthy();

    const currentUser = await api('/api/auth/user', { cookie: loggedIn.sessionCookie });
    expect(currentUser).toMatchObject({ status: 200, body: { email: dealer.email, role: 'dealer' } });

    const loggedOut = await api('/api/auth/logout', { method: 'POST', cookie: loggedIn.sessionCookie });
    expect(loggedOut.status).toBe(200);

    const afterLogout = await api('/api/auth/user', { cookie: loggedIn.sessionCookie });
    expect(afterLogout.status).toBe(401);

    const approvalMail = await stack.mail.waitFor((mail) => mail.to.includes(dealer.email) && /approved/i.test(mail.subject), 20_000);
    expect(approvalMail.text).toContain('Flow Test Motors');
  });

  it('When a seller asks for a login code, then it arrives by e-mail and logs the seller in with role seller', async () => {
    const email = `seller-flow-${Date.now()}@example.com`;

    const requested = await api('/api/auth/seller/request-otp', { method: 'POST', body: { email } });
    expect(requested.status).toBe(200);
    const mail = await stack.mail.waitFor((candidate) => candidate.to.includes(email), 20_000);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();

    const verified = await api('/api/auth/seller/verify-otp', { method: 'POST', body: { email, otp: code } });
    expect(verified).toMatchObject({ status: 200, body: { email, role: 'seller' } });
    const currentUser = await api('/api/auth/user', { cookie: verified.sessionCookie });
    expect(currentUser).toMatchObject({ status: 200, body: { email, role: 'seller' } });
  });

  it('When the admin rejects a pending dealer, then the dealer disappears from the list, cannot log in, and the address can register again', async () => {
    const dealer = {
      dealershipName: 'Rejected Flow Motors',
      email: `rejected-${Date.now()}@example.com`,
      password: 'flow-test-password',
      phoneNumber: '(212) 555-0101',
      address: '2 Main Street',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
    };
    expect((await api('/api/auth/dealer/register', { method: 'POST', body: dealer })).status).toBe(201);
    const admin = await api('/api/auth/admin/login', { method: 'POST', body: stack.admin });
    const listed = await api<DealerView[]>('/api/dealers', { cookie: admin.sessionCookie });
    const pending = listed.body.find((candidate) => candidate.user.email === dealer.email)!;

    const rejected = await api(`/api/dealers/${pending.id}`, { method: 'DELETE', cookie: admin.sessionCookie });

    expect(rejected.status).toBe(200);
    const after = await api<DealerView[]>('/api/dealers', { cookie: admin.sessionCookie });
    expect(after.body.some((candidate) => candidate.id === pending.id)).toBe(false);
    const login = await api('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password } });
    expect(login).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
    expect((await api('/api/auth/dealer/register', { method: 'POST', body: dealer })).status).toBe(201);
  });
});

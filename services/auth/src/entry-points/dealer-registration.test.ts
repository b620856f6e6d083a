import type { TestCaller } from '@cardirect/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthForTest, uniqueEmail, uniqueIp, validRegistration, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest();
});
afterAll(async () => {
  await auth?.stop();
});

const register = (body: unknown, ip = uniqueIp(), as?: TestCaller) =>
  auth.request<{ message: string; errors?: Record<string, string> }>('/api/auth/dealer/register', { method: 'POST', body, ip, as });

describe('POST /api/auth/dealer/register', () => {
  it('When a dealer registers with valid details, then the account is stored with an argon2id hash, the profile is pending and dealer.registered is announced', async () => {
    const registration = validRegistration({ email: uniqueEmail('Mixed.Case').toUpperCase() });
    const email = registration.email.toLowerCase();

    const response = await register(registration);

    expect(response.status).toBe(201);
    expect(response.body.message).toMatch(/pending admin approval/);
    const account = await auth.accounts.findOne({ email }).lean();
    expect(account).toMatchObject({ email, role: 'dealer', status: 'active' });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const profile = auth.dealers.findByEmail(email);
    expect(profile).toMatchObject({
      isApproved: false,
      profile: { userId: account?._id.toString(), dealershipName: 'Sunset Motors', city: 'Los Angeles', state: 'CA', zipCode: '90028' },
    });
    const event = await auth.events.waitFor('dealer.registered', (candidate) => candidate.payload.email === email);
    expect(event.payload).toEqual({ dealerId: profile?.dealerId, dealershipName: 'Sunset Motors', email });
  });

  it.each([
    ['dealershipName', { dealershipName: 'AB' }, 'Dealership name is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['phoneNumber', { phoneNumber: '555-0100' }, 'Valid phone number is required'],
    ['address', { address: 'AB' }, 'Address is required'],
    ['city', { city: 'L' }, 'City is required'],
    ['state', { state: 'XX' }, 'State is required'],
    ['zipCode', { zipCode: '9002' }, 'Valid ZIP code is required'],
  ])('When %s breaks its rule, then 400 carries the message of spec section 5 and nothing is stored', async (field, override, message) => {
    const registration = { ...validRegistration(), ...override };

    const response = await register(registration);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Validation failed', errors: { [field]: message } });
    expect(await auth.accounts.countDocuments({ email: registration.email })).toBe(0);
  });

  it('When every field is missing, then each one gets its message at once', async () => {
    const response = await register({});

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      dealershipName: 'Dealership name is required',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      phoneNumber: 'Valid phone number is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'Valid ZIP code is required',
    });
  });

  it('When the form also sends a confirmation that differs, then 400 says "Passwords do not match" on confirmPassword', async () => {
    const response = await register({ ...validRegistration(), confirmPassword: 'another-password' });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('When the confirmation is too short, then it shares the password message', async () => {
    const response = await register({ ...validRegistration({ password: 'abcdef' }), confirmPassword: 'abc' });

    expect(response.status).toBe(400);
    expect(response.body.errors?.confirmPassword).toBe('Password must be at least 6 characters');
  });

  it('When the e-mail is already registered (in any letter case), then 409 says so and the first account is untouched', async () => {
    const first = validRegistration();
    await register(first);
    const before = await auth.accounts.findOne({ email: first.email }).lean();

    const response = await register({ ...validRegistration(), email: first.email.toUpperCase(), password: 'another-password' });

    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this email already exists');
    const after = await auth.accounts.findOne({ email: first.email }).lean();
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it('When the dealer service fails, then the answer is 503 and no account is left behind, so the dealer can register again', async () => {
    const registration = validRegistration();
    auth.dealers.failProfileCreation = true;

    const failed = await register(registration);
    auth.dealers.failProfileCreation = false;

    expect(failed).toMatchObject({ status: 503, body: { message: 'The dealer directory is unavailable right now. Please try again in a moment.' } });
    expect(await auth.accounts.countDocuments({ email: registration.email })).toBe(0);
    expect(auth.dealers.findByEmail(registration.email)).toBeUndefined();
    const retried = await register(registration);
    expect(retried.status).toBe(201);
  });

  it('When a registration was cut off half-way long ago, then registering again replaces it', async () => {
    const registration = validRegistration();
    await auth.accounts.create({ email: registration.email, passwordHash: 'x', role: 'dealer', status: 'registering', createdAt: new Date(Date.now() - 10 * 60 * 1000) });

    const response = await register(registration);

    expect(response.status).toBe(201);
    expect(await auth.accounts.findOne({ email: registration.email }).lean()).toMatchObject({ status: 'active' });
  });

  it.each([
    ['anonymous', { role: 'anonymous' as const }],
    ['a seller', { role: 'seller' as const, userId: 's1', email: 'seller@example.com' }],
    ['a dealer', { role: 'dealer' as const, userId: 'd1', email: 'dealer@example.com' }],
    ['an admin', { role: 'admin' as const, userId: 'a1', email: 'admin@example.com' }],
  ])('When %s registers a new dealer, then it is accepted (registration is open to everyone)', async (_who, caller) => {
    const response = await register(validRegistration(), uniqueIp(), caller);

    expect(response.status).toBe(201);
  });

  it('When one address registers more than 10 times in an hour, then the 11th answer is 429 with Retry-After', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await register(validRegistration(), ip)).status).toBe(201);
    }

    const response = await register(validRegistration(), ip);

    expect(response.status).toBe(429);
    expect(response.body.message).toMatch(/Too many attempts/);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await register(validRegistration(), uniqueIp())).status).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthForTest, uniqueEmail, uniqueIp, validRegistration, type AuthUnderTest } from '../testing/auth-under-test';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuthForTest({ registrationSweepIntervalMs: 100 });
});
afterAll(async () => {
  await auth?.stop();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A registration cut off after its account was created: status 'registering', `createdAt` as given. */
async function cutOffRegistration(email: string, createdAt: Date): Promise<string> {
  const account = await auth.accounts.create({ email, passwordHash: 'x', role: 'dealer', status: 'registering', createdAt });
  return account._id.toString();
}

describe('registrations cut off half-way', () => {
  it('When the dealer profile was created before the cut, then the sweep finishes the registration: the account is active and dealer.registered goes out', async () => {
    const email = uniqueEmail('cut-after-profile');
    const userId = await cutOffRegistration(email, minutesAgo(3));
    const registration = validRegistration({ email });
    auth.dealers.profiles.set(userId, { dealerId: 'dealer-cut-1', dealershipName: 'Halfway Motors', isApproved: false, profile: { ...registration, userId } });

    await expect.poll(async () => (await auth.accounts.findOne({ email }).lean())?.status, { timeout: 10_000 }).toBe('active');

    const event = await auth.events.waitFor('dealer.registered', (candidate) => candidate.payload.email === email);
    expect(event.payload).toEqual({ dealerId: 'dealer-cut-1', dealershipName: 'Halfway Motors', email });
  });

  it('When no dealer profile was created, then the sweep removes the account and the address can register again', async () => {
    const email = uniqueEmail('cut-before-profile');
    await cutOffRegistration(email, minutesAgo(3));

    await expect.poll(() => auth.accounts.countDocuments({ email }), { timeout: 10_000 }).toBe(0);

    const again = await auth.request('/api/auth/dealer/register', { method: 'POST', body: validRegistration({ email }), ip: uniqueIp() });
    expect(again.status).toBe(201);
  });

  it('When a registration began less than two minutes ago, then the sweep leaves it to finish', async () => {
    // The young one first: any sweep that settles the old one ran after the young one existed.
    const youngEmail = uniqueEmail('in-flight');
    await cutOffRegistration(youngEmail, minutesAgo(1));
    const oldEmail = uniqueEmail('long-cut-off');
    await cutOffRegistration(oldEmail, minutesAgo(3));

    await expect.poll(() => auth.accounts.countDocuments({ email: oldEmail }), { timeout: 10_000 }).toBe(0);

    expect(await auth.accounts.findOne({ email: youngEmail }).lean()).toMatchObject({ status: 'registering' });
  });

  it('When the dealer registers again after a cut whose profile exists, then 409 says the account exists and the registration is finished', async () => {
    // Whichever comes first, the sweep or the dealer's retry, settles it the same way.
    const email = uniqueEmail('retry-after-cut');
    const userId = await cutOffRegistration(email, minutesAgo(3));
    const registration = validRegistration({ email });
    auth.dealers.profiles.set(userId, { dealerId: 'dealer-cut-2', dealershipName: registration.dealershipName, isApproved: false, profile: { ...registration, userId } });

    const again = await auth.request<{ message: string }>('/api/auth/dealer/register', { method: 'POST', body: registration, ip: uniqueIp() });

    expect(again).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
    expect(await auth.accounts.findOne({ email }).lean()).toMatchObject({ status: 'active' });
    expect(auth.dealers.findByEmail(email)?.dealerId).toBe('dealer-cut-2');
  });
});

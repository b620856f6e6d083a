import { conflict, createEvent } from '@cardirect/service-kit';
import type { DealerRegistrationInput } from '@cardirect/contracts';
import type { Account } from '../data-access/account-repository';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { hashPassword } from './passwords';
import { enforceRateLimit, RATE_LIMITS } from './rate-limits';

/**
 * A registration still 'registering' after this long was cut off half-way (its process or the
 * database died, its answer was a 503): well past the dealer call's 5 s timeout and mongoose's
 * buffering of writes while the database is away, so no step of it can still be under way.
 */
const UNFINISHED_REGISTRATION_MS = 2 * 60 * 1000;

const emailTaken = () => conflict('An account with this email already exists');

/**
 * A dealer registers: the account (argon2id, status 'registering'), then the pending profile in
 * the dealer service, then the account turns active and `dealer.registered` is announced in the
 * same write. When the profile cannot be created, the account is removed again, so a failed
 * registration leaves nothing behind and can simply be repeated.
 */
export async function registerDealer(input: DealerRegistrationInput, context: RequestContext, deps: AuthDependencies): Promise<void> {
  await enforceRateLimit(RATE_LIMITS.registerPerIp, context.ip, deps);
  const passwordHash = await hashPassword(input.password);
  const account = await createRegisteringAccount(input.email, passwordHash, deps);

  let dealerId: string;
  try {
    const profile = await deps.dealers.createProfile(
      {
        userId: account.id,
        email: account.email,
        dealershipName: input.dealershipName,
        phoneNumber: input.phoneNumber,
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
      },
      context.requestId,
    );
    dealerId = profile.dealerId;
  } catch (error) {
    await rollBackRegistration(account, context, deps);
    throw error;
  }

  await activate(account, { dealerId, dealershipName: input.dealershipName }, deps);
}

async function activate(account: Account, profile: { dealerId: string; dealershipName: string }, deps: AuthDependencies): Promise<void> {
  await deps.accounts.activateRegistration(
    account.id,
    createEvent('dealer.registered', { dealerId: profile.dealerId, dealershipName: profile.dealershipName, email: account.email }),
  );
}

/**
 * Settles a registration that was cut off half-way. When the dealer service holds its profile the
 * registration is finished as if nothing had happened: the account turns active and
 * `dealer.registered` goes out, so the dealer gets the receipt and the admin the dealer to review
 * (the admin already sees the pending profile). Without a profile the account is removed, so the
 * e-mail address is free to register again.
 */
async function settleUnfinishedRegistration(account: Account, deps: AuthDependencies): Promise<'finished' | 'removed'> {
  const profile = await deps.dealers.findProfile(account.id);
  if (profile) {
    await activate(account, profile, deps);
    return 'finished';
  }
  await deps.accounts.deleteRegistering(account.id);
  return 'removed';
}

/** Settles every registration cut off half-way; the auth service runs it every minute. */
export async function settleUnfinishedRegistrations(deps: AuthDependencies): Promise<{ finished: number; removed: number }> {
  const cutOff = new Date(deps.now().getTime() - UNFINISHED_REGISTRATION_MS);
  const settled = { finished: 0, removed: 0 };
  for (const account of await deps.accounts.findUnfinishedRegistrations(cutOff, 100)) {
    settled[await settleUnfinishedRegistration(account, deps)]++;
  }
  return settled;
}

async function createRegisteringAccount(email: string, passwordHash: string, deps: AuthDependencies): Promise<Account> {
  const created = await deps.accounts.createRegistering({ email, passwordHash });
  if (created !== 'duplicate') return created;
  // Taken, unless by a registration cut off half-way long enough ago that settling it frees the address.
  const existing = await deps.accounts.findByEmail(email);
  const cutOff = deps.now().getTime() - UNFINISHED_REGISTRATION_MS;
  const unfinished = existing?.status === 'registering' && existing.createdAt.getTime() < cutOff;
  if (!unfinished || (await settleUnfinishedRegistration(existing, deps)) === 'finished') throw emailTaken();
  const retried = await deps.accounts.createRegistering({ email, passwordHash });
  if (retried === 'duplicate') throw emailTaken();
  return retried;
}

async function rollBackRegistration(account: Account, context: RequestContext, deps: AuthDependencies): Promise<void> {
  // A timed-out call may still have created the profile; withdrawing it is safe when it did not.
  await deps.dealers.withdrawProfile(account.id, context.requestId).catch(() => undefined);
  await deps.accounts.deleteRegistering(account.id);
}

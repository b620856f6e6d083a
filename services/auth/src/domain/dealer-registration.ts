import { conflict, createEvent } from '@cardirect/service-kit';
import type { DealerRegistrationInput } from '@cardirect/contracts';
import type { Account } from '../data-access/account-repository';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { hashPassword } from './passwords';
import { enforceRateLimit, RATE_LIMITS } from './rate-limits';

/** A registration still 'registering' after this long was cut off half-way and may be replaced. */
const UNFINISHED_REGISTRATION_MS = 5 * 60 * 1000;

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

  await deps.accounts.activateRegistration(
    account.id,
    createEvent('dealer.registered', { dealerId, dealershipName: input.dealershipName, email: account.email }),
  );
}

async function createRegisteringAccount(email: string, passwordHash: string, deps: AuthDependencies): Promise<Account> {
  const created = await deps.accounts.createRegistering({ email, passwordHash });
  if (created !== 'duplicate') return created;
  const cutOff = new Date(deps.now().getTime() - UNFINISHED_REGISTRATION_MS);
  if (!(await deps.accounts.deleteUnfinishedRegistration(email, cutOff))) throw emailTaken();
  const retried = await deps.accounts.createRegistering({ email, passwordHash });
  if (retried === 'duplicate') throw emailTaken();
  return retried;
}

async function rollBackRegistration(account: Account, context: RequestContext, deps: AuthDependencies): Promise<void> {
  // A timed-out call may still have created the profile; withdrawing it is safe when it did not.
  await deps.dealers.withdrawProfile(account.id, context.requestId).catch(() => undefined);
  await deps.accounts.deleteRegistering(account.id);
}

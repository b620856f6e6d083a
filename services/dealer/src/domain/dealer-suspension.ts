import { AppError, conflict, createEvent, serviceUnavailable } from '@cardirect/service-kit';
import type { DealerSuspensionInput, DealerView } from '@cardirect/contracts';
import type { DealerProfile } from '../data-access/dealer-profile-repository';
import { adminAction, type AdminActor } from './admin-actions';
import type { DealerDependencies } from './dealer-dependencies';
import { dealerNotFound, toDealerView } from './dealer-view';

const unfinished = (what: string) => serviceUnavailable(`The dealer is suspended, but ${what} could not be finished; suspend again to finish`);

/**
 * Admin suspends an approved dealer, in three steps whose order closes every way back in:
 * (a) the profile is marked suspended, with its admin log line and `dealer.suspended` in the same
 * write, so auth refuses its login from then on; (b) auth ends its sessions, so its next request is
 * anonymous; (c) the vehicle service withdraws its pending offers, including any made before (b).
 * When (b) or (c) fails the dealer stays suspended (503); suspending it again repeats only (b) and
 * (c), both idempotent, without a second event or log line.
 */
export async function suspendDealer(
  dealerId: string,
  input: DealerSuspensionInput,
  admin: AdminActor,
  deps: DealerDependencies,
  requestId?: string,
): Promise<DealerView> {
  const profile = await deps.profiles.findById(dealerId);
  if (!profile) throw dealerNotFound();
  if (!profile.isApproved) throw conflict('This dealer is still pending approval; only an approved dealer can be suspended');
  const suspended = profile.suspension ? profile : await markSuspended(profile, input, admin, deps);
  await finishSuspension(suspended.userId, deps, requestId);
  return toDealerView(suspended);
}

async function markSuspended(profile: DealerProfile, input: DealerSuspensionInput, admin: AdminActor, deps: Pick<DealerDependencies, 'profiles' | 'now'>): Promise<DealerProfile> {
  const at = deps.now();
  const suspended = await deps.profiles.suspendApproved(
    profile.id,
    { reason: input.reason, since: at, byEmail: admin.email },
    adminAction('suspended', admin, at, input.reason),
    createEvent('dealer.suspended', { dealerId: profile.id, userId: profile.userId, dealershipName: profile.dealershipName, email: profile.email, reason: input.reason }),
  );
  if (suspended) return suspended;
  // Another admin suspended it between the read and the write: finishing their suspension is what is left.
  const current = await deps.profiles.findById(profile.id);
  if (!current) throw dealerNotFound();
  if (!current.suspension) throw conflict('Another admin changed this dealer at the same time; reload and try again');
  return current;
}

async function finishSuspension(userId: string, deps: Pick<DealerDependencies, 'authAccounts' | 'vehicleOffers'>, requestId?: string): Promise<void> {
  await deps.authAccounts.endSessions(userId, requestId).catch(rethrowAs(unfinished('ending its sessions')));
  await deps.vehicleOffers.withdrawDealerOffers(userId, requestId).catch(rethrowAs(unfinished('withdrawing its pending offers')));
}

/** A fellow service's refusal or outage leaves the step unfinished; anything else is a bug and stays a 500. */
function rethrowAs(replacement: AppError) {
  return (error: unknown): never => {
    throw error instanceof AppError ? replacement : error;
  };
}

/**
 * Admin lifts a dealer's suspension: one write clears it, logs who and why, and announces
 * `dealer.reinstated`. The offers withdrawn while it was suspended stay withdrawn.
 */
export async function reinstateDealer(dealerId: string, input: DealerSuspensionInput, admin: AdminActor, deps: Pick<DealerDependencies, 'profiles' | 'now'>): Promise<DealerView> {
  const profile = await deps.profiles.findById(dealerId);
  if (!profile) throw dealerNotFound();
  const notSuspended = () => conflict('This dealer is not suspended; only a suspended dealer can be reinstated');
  if (!profile.suspension) throw notSuspended();
  const reinstated = await deps.profiles.reinstateSuspended(
    dealerId,
    adminAction('reinstated', admin, deps.now(), input.reason),
    createEvent('dealer.reinstated', { dealerId, userId: profile.userId, dealershipName: profile.dealershipName, email: profile.email, reason: input.reason }),
  );
  // Another admin reinstated it between the read and the write.
  if (!reinstated) throw notSuspended();
  return toDealerView(reinstated);
}

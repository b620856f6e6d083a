import { conflict, createEvent } from '@cardirect/service-kit';
import type { DealerView } from '@cardirect/contracts';
import type { DealerDependencies } from './dealer-dependencies';
import { adminAction, type AdminActor } from './admin-actions';
import { dealerNotFound, toDealerView } from './dealer-view';

/** Every dealer, pending and approved, newest first: the admin's Dealers tab. */
export async function listDealersForReview(deps: Pick<DealerDependencies, 'profiles'>): Promise<DealerView[]> {
  const profiles = await deps.profiles.listNewestFirst();
  return profiles.map(toDealerView);
}

/** Admin approves a pending dealer; the dealer can log in at once and is told by e-mail. The admin log names who approved. */
export async function approveDealer(dealerId: string, admin: AdminActor, deps: Pick<DealerDependencies, 'profiles' | 'now'>): Promise<DealerView> {
  const profile = await deps.profiles.findById(dealerId);
  if (!profile) throw dealerNotFound();
  if (profile.isApproved) throw conflict('This dealer is already approved');
  if (profile.rejectionStartedAt) throw conflict('This dealer is being rejected');
  const approved = await deps.profiles.approvePending(
    dealerId,
    adminAction('approved', admin, deps.now()),
    createEvent('dealer.approved', { dealerId, dealershipName: profile.dealershipName, email: profile.email }),
  );
  // Between the read and the write another admin decided; answer with what they decided.
  if (!approved) return raceLost(dealerId, deps);
  return toDealerView(approved);
}

async function raceLost(dealerId: string, deps: Pick<DealerDependencies, 'profiles'>): Promise<never> {
  const current = await deps.profiles.findById(dealerId);
  if (!current) throw dealerNotFound();
  throw conflict(current.isApproved ? 'This dealer is already approved' : 'This dealer is being rejected');
}

/**
 * Admin rejects a pending dealer: the account goes first (through auth), then the profile, which
 * announces `dealer.rejected` for the e-mail. A failure in between leaves the dealer pending and
 * rejectable again, never an account without a way to remove it.
 */
export async function rejectDealer(dealerId: string, deps: DealerDependencies, requestId?: string): Promise<void> {
  const existing = await deps.profiles.findById(dealerId);
  if (!existing) throw dealerNotFound();
  if (existing.isApproved) throw conflict('Only a pending dealer can be rejected');
  const profile = await deps.profiles.startRejection(dealerId, deps.now());
  if (!profile) return raceLost(dealerId, deps);
  try {
    await deps.authAccounts.deleteDealerAccount(profile.userId, requestId);
  } catch (error) {
    await deps.profiles.cancelRejection(dealerId);
    throw error;
  }
  const rejected = await deps.profiles.completeRejection(
    dealerId,
    createEvent('dealer.rejected', { dealerId, dealershipName: profile.dealershipName, email: profile.email }),
  );
  if (!rejected) throw dealerNotFound();
}

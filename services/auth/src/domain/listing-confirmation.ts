import type { ListingConfirmation } from '@cardirect/contracts';
import type { AuthDependencies, RequestContext } from './auth-dependencies';
import { startSession, type StartedSession } from './sessions';

/**
 * The seller clicks the confirmation link of a car they submitted: the vehicle service lists the
 * car, and since the link proves the address as a code would, the seller is logged in.
 */
export async function confirmListingAndSignIn(input: ListingConfirmation, context: RequestContext, deps: AuthDependencies): Promise<StartedSession & { vehicleId: string }> {
  const confirmed = await deps.listings.confirm(input.token, context.requestId);
  const seller = await deps.sellerLogins.sellerOf(confirmed.sellerEmail);
  const session = await startSession({ userId: seller.id, role: 'seller', email: seller.email }, context, deps);
  return { ...session, vehicleId: confirmed.vehicleId };
}

import { z } from 'zod';
import { createInternalClient } from '@cardirect/service-kit';
import type { RecipientDirectory } from '../domain/recipients';

const nearbyDealersAnswer = z.array(
  z.object({ dealerId: z.string(), dealershipName: z.string(), email: z.string(), zipCode: z.string(), distanceMiles: z.number() }),
);
const adminsAnswer = z.array(z.object({ email: z.string() }));

export interface RecipientDirectoryOptions {
  dealerServiceUrl: string | readonly string[];
  authServiceUrl: string | readonly string[];
  identitySecret: string;
  timeoutMs?: number;
}

/**
 * Recipients from the internal APIs of the dealer service (approved dealers near a ZIP) and the auth
 * service (admins), called as role 'service'. A failed call rejects, so the job is retried later.
 */
export function createRecipientDirectory(options: RecipientDirectoryOptions): RecipientDirectory {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const dealers = createInternalClient({ baseUrl: options.dealerServiceUrl, secret: options.identitySecret, timeoutMs });
  const auth = createInternalClient({ baseUrl: options.authServiceUrl, secret: options.identitySecret, timeoutMs });
  return {
    async nearbyDealers(zipCode, radiusMiles) {
      return nearbyDealersAnswer.parse(await dealers.get('/internal/dealers/nearby', { query: { zip: zipCode, radiusMiles } }));
    },
    async admins() {
      return adminsAnswer.parse(await auth.get('/internal/admins'));
    },
  };
}

import type { SessionStore } from '@cardirect/service-kit';
import type { AccountRepository } from '../data-access/account-repository';
import type { AttemptLog } from '../data-access/attempt-log';
import type { DealerDirectory } from '../data-access/dealer-directory-client';
import type { KnownAddresses } from '../data-access/known-addresses';
import type { ListingConfirmations } from '../data-access/listing-confirmations-client';
import type { SellerLoginRepository } from '../data-access/seller-login-repository';

/** What the auth use cases work with; tests pass their own clock. */
export interface AuthDependencies {
  accounts: AccountRepository;
  sellerLogins: SellerLoginRepository;
  sessions: SessionStore;
  dealers: DealerDirectory;
  /** The vehicle service's confirmation of a listing, which logs its seller in. */
  listings: ListingConfirmations;
  /** The rate limits' counts. */
  attempts: AttemptLog;
  /** Where each password account logged in from lately. */
  knownAddresses: KnownAddresses;
  /** Keys the HMAC from which codes are derived and under which tokens are stored. */
  digestSecret: string;
  now: () => Date;
  /** Sends the events just stored now rather than at the relay's next tick: for the e-mails a person waits for. */
  relayNow: () => void;
}

/** Where a request comes from, for rate limits and for replacing the caller's old session. */
export interface RequestContext {
  ip: string;
  requestId: string;
  /** The session the caller holds now, ended when they log in again. */
  currentSessionId?: string;
}

import type { AdminContact, NearbyDealer } from '@cardirect/contracts';

/**
 * Who receives the e-mails that are not addressed by the event itself. The notifier owns no data:
 * the answers come from the dealer and auth services' internal APIs (see data-access).
 */
export interface RecipientDirectory {
  /** Approved dealers within radiusMiles of the ZIP code. */
  nearbyDealers(zipCode: string, radiusMiles: number): Promise<NearbyDealer[]>;
  admins(): Promise<AdminContact[]>;
}

import { LRUCache } from 'lru-cache';
import zipcodes from 'zipcodes';
import type { DealerProfileRef } from '@cardirect/contracts';
import { AppError, createInternalClient, serviceUnavailable } from '@cardirect/service-kit';
import type { Logger } from 'pino';

/** A dealership's ZIP code is kept this long: it is asked on every page of a list narrowed by distance, and hardly ever changes. */
const ZIP_CODE_KEEP_MS = 5 * 60_000;

/** ZIP codes kept in all across the lists of ZIP codes near a place (250 miles around New York is 7,000 of them). */
const MAX_KEPT_NEARBY_ZIP_CODES = 200_000;

/** Only US ZIP codes (the table also holds Canadian postal areas, which no car here has). */
const US_ZIP = /^\d{5}$/;

/**
 * The US ZIP codes within `miles` (straight line) of a ZIP, itself included, from the zipcodes
 * package's table (as the dealer service measures the notifier's radius); each list is worked out
 * once (a scan of the whole table, about 20 ms) and kept.
 */
const nearbyZipCodes = new LRUCache<string, readonly string[]>({ maxSize: MAX_KEPT_NEARBY_ZIP_CODES, sizeCalculation: (zipCodes) => Math.max(1, zipCodes.length) });

function zipCodesWithin(zipCode: string, miles: number): readonly string[] {
  const key = `${zipCode}:${miles}`;
  let near = nearbyZipCodes.get(key);
  if (!near) {
    // Without `full`, the radius is a list of ZIP codes (its typings allow either shape).
    near = (zipcodes.radius(zipCode, miles) as string[]).filter((zip) => US_ZIP.test(zip));
    nearbyZipCodes.set(key, near);
  }
  return near;
}

/** Straight-line miles between two ZIP codes, measured as zipCodesWithin measures them; undefined when the table lacks either. */
export function milesBetween(zipCodeA: string, zipCodeB: string): number | undefined {
  return zipcodes.distance(zipCodeA.slice(0, 5), zipCodeB.slice(0, 5)) ?? undefined;
}

/** "12 Lake St, Springfield, IL 62704" of what is known; undefined without a street address. */
function postalAddressOf(profile: Partial<DealerProfileRef> | undefined): string | undefined {
  const street = profile?.address?.trim();
  if (!street) return undefined;
  const region = [profile?.state?.trim(), profile?.zipCode?.trim()].filter(Boolean).join(' ');
  return [street, profile?.city?.trim(), region].filter(Boolean).join(', ');
}

export interface DealerDirectory {
  /** The dealership name of a dealer account, for the seller's offer list; undefined when not known. */
  dealershipNameOf(userId: string, requestId?: string): Promise<string | undefined>;
  /** The dealership's phone, which the seller gets once they accept its offer; undefined when not known. */
  phoneNumberOf(userId: string, requestId?: string): Promise<string | undefined>;
  /** The dealership's postal address, for an appointment there and the bill of sale; undefined when not known. */
  addressOf(userId: string, requestId?: string): Promise<string | undefined>;
  /**
   * The ZIP codes within `miles` of the dealership's own (what the dealer list's distance filter
   * keeps); undefined when the dealer service knows no such dealer or the ZIP table does not know
   * its ZIP. Unlike the others it fails (503) when that service cannot be asked: a list narrowed by
   * distance cannot be answered without it.
   */
  zipCodesNear(userId: string, miles: number, requestId?: string): Promise<readonly string[] | undefined>;
  /** The dealership's 5-digit ZIP code (kept a few minutes); undefined when not known. Fails (503) like zipCodesNear. */
  zipCodeOf(userId: string, requestId?: string): Promise<string | undefined>;
  /**
   * Whether CarDirect still tells the dealer of cars: approved and not suspended (kept a few
   * minutes, as the ZIP code is); false for a dealer not known. Fails (503) like zipCodesNear.
   */
  isInGoodStanding(userId: string, requestId?: string): Promise<boolean>;
}

/** What the saved searches and the dealer list need of a dealership, asked once and kept a few minutes. */
interface DealerStanding {
  zipCode?: string;
  inGoodStanding: boolean;
}

/**
 * Asks the dealer service's internal API (`GET /internal/dealers/by-user/:userId`, signed, short
 * timeout). An offer, or its acceptance, must not fail because that service is slow or down, so
 * any failure answers undefined and the caller does without (the dealer's e-mail stands in for a
 * name; the seller reaches the dealer by e-mail).
 */
export function createDealerDirectory(options: { baseUrl: string | readonly string[]; secret: string; logger: Logger; timeoutMs?: number }): DealerDirectory {
  const client = createInternalClient({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs: options.timeoutMs ?? 2_000 });

  async function profileOf(userId: string, requestId: string | undefined, purpose: string): Promise<Partial<DealerProfileRef> | undefined> {
    try {
      return await client.get<Partial<DealerProfileRef> | undefined>(`/internal/dealers/by-user/${encodeURIComponent(userId)}`, { requestId });
    } catch (error) {
      options.logger.warn({ err: error, userId }, `Dealer lookup failed; ${purpose}`);
      return undefined;
    }
  }

  const standings = new LRUCache<string, DealerStanding>({ max: 10_000, ttl: ZIP_CODE_KEEP_MS });

  async function askStanding(userId: string, requestId: string | undefined): Promise<DealerStanding> {
    try {
      const profile = await client.get<Partial<DealerProfileRef> | undefined>(`/internal/dealers/by-user/${encodeURIComponent(userId)}`, { requestId });
      return { zipCode: profile?.zipCode?.trim().slice(0, 5) || undefined, inGoodStanding: profile?.isApproved === true && profile.isSuspended !== true };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return { inGoodStanding: false };
      options.logger.warn({ err: error, userId }, 'Dealer lookup failed; the list cannot be narrowed by distance, nor a saved search matched');
      throw serviceUnavailable('The distance from your dealership cannot be measured right now. Please try again, or choose Any distance.');
    }
  }

  async function standingOf(userId: string, requestId: string | undefined): Promise<DealerStanding> {
    let kept = standings.get(userId);
    if (!kept) {
      kept = await askStanding(userId, requestId);
      standings.set(userId, kept);
    }
    return kept;
  }

  async function zipCodeOf(userId: string, requestId: string | undefined): Promise<string | undefined> {
    return (await standingOf(userId, requestId)).zipCode;
  }

  return {
    zipCodeOf,
    async isInGoodStanding(userId, requestId) {
      return (await standingOf(userId, requestId)).inGoodStanding;
    },
    async zipCodesNear(userId, miles, requestId) {
      const zipCode = await zipCodeOf(userId, requestId);
      const near = zipCode ? zipCodesWithin(zipCode, miles) : [];
      return near.length > 0 ? near : undefined;
    },
    async dealershipNameOf(userId, requestId) {
      const profile = await profileOf(userId, requestId, 'using the dealer e-mail');
      return profile?.dealershipName?.trim() || undefined;
    },
    async phoneNumberOf(userId, requestId) {
      const profile = await profileOf(userId, requestId, 'the seller gets the dealer e-mail only');
      return profile?.phoneNumber?.trim() || undefined;
    },
    async addressOf(userId, requestId) {
      return postalAddressOf(await profileOf(userId, requestId, 'the dealership is named without its address'));
    },
  };
}
